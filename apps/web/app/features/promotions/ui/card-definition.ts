import type { Promotion, PromotionLink, PromotionType } from '@sweepstack/contracts/promotions/promotion';
import type { TFunction } from 'i18next';

/**
 * How the web shows one promotion type (docs/features/promotions.md): `ui/cards/<type-kebab>.ts`
 * default-exports one, found by file name (no list to edit). Pure text functions of the card's data,
 * parsed with the type's contract schema; `promotion-card.tsx` renders them.
 */
export interface CardDefinition<D = never> {
  /** The type's data schema (`@sweepstack/contracts/promotions/cards/<type>`). */
  schema: { safeParse(value: unknown): { success: true; data: D } | { success: false } };
  /** The card's heading. */
  title(data: D, t: TFunction, locale: string): string;
  /** Its lines of text, most important first. */
  lines(data: D, t: TFunction, locale: string): string[];
  /** The button's label. */
  action(data: D, t: TFunction): string;
}

/** A card's definition with its data type erased (the glob below does not know it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module is typed by its own schema
export type AnyCardDefinition = CardDefinition<any>;

/** `rank-league-cashback` → `rankLeagueCashback`. */
export function typeOfFile(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.ts$/, '');
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The card definitions of `ui/cards/`, by promotion type. */
export function cardDefinitions(modules: Record<string, { default: AnyCardDefinition }>): ReadonlyMap<string, AnyCardDefinition> {
  return new Map(
    Object.entries(modules)
      .filter(([path]) => !path.endsWith('.test.ts'))
      .map(([path, module]) => [typeOfFile(path), module.default]),
  );
}

export interface ShownCard {
  promotion: Promotion;
  definition: AnyCardDefinition;
  data: unknown;
  link: PromotionLink;
}

/**
 * The cards this browser can show: a type without a card definition here, data its schema refuses,
 * or a modal no web feature declares (a server newer than the page) leave the card out rather than
 * show a broken one.
 */
export function shownCards(promotions: readonly Promotion[], definitions: ReadonlyMap<string, AnyCardDefinition>, knowsModal: (name: string) => boolean): ShownCard[] {
  return promotions.flatMap((promotion) => {
    const definition = definitions.get(promotion.type as PromotionType);
    if (!definition) return [];
    const parsed = definition.schema.safeParse(promotion.data);
    if (!parsed.success) return [];
    if ('modal' in promotion.link && !knowsModal(promotion.link.modal)) return [];
    return [{ promotion, definition, data: parsed.data, link: promotion.link }];
  });
}
