import type { Promotion } from '@sweepstack/contracts/promotions/promotion';
import { useMemo } from 'react';
import { useRootData } from '../../../lib/root-data';
import { registry } from '../../../platform/registry';
import { cardDefinitions, shownCards, type AnyCardDefinition } from './card-definition';
import { PromotionCard } from './promotion-card';

const DEFINITIONS = cardDefinitions(import.meta.glob<{ default: AnyCardDefinition }>('./cards/*.ts', { eager: true }));
const knowsModal = (name: string) => registry.modal(name) !== undefined;

/**
 * A list of promotion cards: a grid (one column on phones, two or three on wider screens), or one
 * row that scrolls sideways inside itself (the home page: one card high on every screen; three cards
 * fill a wide screen's row, more scroll).
 */
export function CardList({ promotions, testId, onReady, layout = 'grid' }: { promotions: readonly Promotion[]; testId: string; onReady?: () => void; layout?: 'grid' | 'row' }) {
  const root = useRootData();
  const cards = useMemo(() => shownCards(promotions, DEFINITIONS, knowsModal), [promotions]);
  return (
    <ul className={layout === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex snap-x gap-4 overflow-x-auto pb-2'} data-testid={testId}>
      {cards.map((card) => (
        <li key={card.promotion.key} className={layout === 'grid' ? 'min-w-0' : 'w-72 max-w-[85%] shrink-0 snap-start lg:w-[calc((100%-2rem)/3)] lg:max-w-none'}>
          <PromotionCard card={card} hasDeposits={root.player?.hasDeposits ?? false} {...(onReady ? { onReady } : {})} />
        </li>
      ))}
    </ul>
  );
}

/** How many of these cards this browser can show. */
export function shownCount(promotions: readonly Promotion[]): number {
  return shownCards(promotions, DEFINITIONS, knowsModal).length;
}
