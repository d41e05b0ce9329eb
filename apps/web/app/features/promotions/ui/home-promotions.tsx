import type { Promotion } from '@sweepstack/contracts/promotions/promotion';
import { CardList } from './card-list';

/** The home page's promotion cards (the home payload's `promotions`: the home types, ready first). */
export default function HomePromotions({ promotions }: { promotions: readonly Promotion[] }) {
  return <CardList promotions={promotions} testId="home-promotions-cards" layout="row" />;
}
