import { ResponsiblePlayPage } from '../features/account/responsible-play-page';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/responsible-play';

/** /account/responsible-play/: purchase limits. */
export default function ResponsiblePlay() {
  return <ResponsiblePlayPage />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'account.limits.pageTitle');
