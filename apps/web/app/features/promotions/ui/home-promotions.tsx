import type { Promotion, PromotionsPage } from '@sweepstack/contracts/promotions/promotion';
import { useEffect, useState } from 'react';
import { http } from '../../../lib/http';
import { CardList } from './card-list';

/**
 * The home page's promotion cards (the home payload's `promotions`: the home types, ready first). The
 * cached signed-in lobby (docs/page-serving.md, "Session 11") has none in its data: given `loadIn` (the
 * page's language) the cards are asked for here, after the page (GET /rest/page/promotions/?page=home);
 * `onEmpty` is told when there are none to show.
 */
export default function HomePromotions({ promotions, loadIn, onEmpty }: { promotions: readonly Promotion[]; loadIn?: string; onEmpty?: () => void }) {
  const [loaded, setLoaded] = useState<readonly Promotion[] | null>(null);
  useEffect(() => {
    if (!loadIn) return undefined;
    let live = true;
    http<{ payload: PromotionsPage }>('/rest/page/promotions/', { query: { locale: loadIn, page: 'home' } }).then(
      (answer) => live && setLoaded([...answer.payload.promotions, ...answer.payload.available_soon]),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
  }, [loadIn]);
  const shown = loadIn ? loaded : promotions;
  useEffect(() => {
    if (shown && shown.length === 0) onEmpty?.();
  }, [shown, onEmpty]);
  if (!shown) return null;
  return <CardList promotions={shown} testId="home-promotions-cards" layout="row" />;
}
