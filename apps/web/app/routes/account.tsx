import { AccountPage } from '../features/account/account-page';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/account';

/** /account/ (players only: the player-only middleware sends guests to sign-in). */
export default function Account() {
  return <AccountPage />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'account.title');
