import { useTranslation } from '../i18n/use-translation';
import { data, Link } from 'react-router';
import { CategoryNav, gamesOfCategory } from '../features/games/category-nav';
import { FavoritesSeed, useFavoriteIds } from '../features/games/favorites';
import { loadCatalogue } from '../features/games/lobby-data.server';
import { VirtualGameGrid } from '../features/games/virtual-grid';
import { localeFromPath } from '../lib/locale';
import { metaTitle } from '../lib/meta';
import { getSession } from '../lib/session.server';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/issues';
import { revalidateUnlessGameQuery } from '../features/games/revalidate';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // Titles and studio names in the page's language.
  const catalogue = await loadCatalogue(context, !session.isGuest, session.appInit, null, localeFromPath(new URL(request.url).pathname).locale);
  if (!catalogue) throw new Response('Games unavailable', { status: 503 });
  const pageName = params.pageName;
  if (pageName !== 'favorites' && !catalogue.issues.some((i) => i.slug === pageName)) throw data({ path: new URL(request.url).pathname }, { status: 404 });
  return { catalogue, pageName };
}

function Favorites({ catalogue }: { catalogue: Route.ComponentProps['loaderData']['catalogue'] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const ids = useFavoriteIds();
  if (!ids) {
    return (
      <p className="text-muted">
        <Link to={localize('/signin/')} className="underline underline-offset-4">
          {t('games.favorites.signIn')}
        </Link>
      </p>
    );
  }
  const games = catalogue.games.filter((g) => ids.has(g.id));
  return games.length > 0 ? <VirtualGameGrid games={games} label={t('games.favorites.title')} /> : <p className="text-muted">{t('games.favorites.empty')}</p>;
}

/** `/issues/{pageName}` (a list such as popular-games) and `/issues/favorites`. */
export default function Issues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { catalogue, pageName } = loaderData;
  const issue = catalogue.issues.find((i) => i.slug === pageName);
  const title = pageName === 'favorites' ? t('games.favorites.title') : t(`lobby.sections.${issue?.key ?? ''}`, { defaultValue: issue?.title ?? pageName });
  return (
    <FavoritesSeed.Provider value={catalogue.favorites}>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold">{title}</h1>
        <CategoryNav catalogue={catalogue} current={pageName} />
        {pageName === 'favorites' ? <Favorites catalogue={catalogue} /> : <VirtualGameGrid games={gamesOfCategory(catalogue, pageName)} label={title} />}
      </div>
    </FavoritesSeed.Provider>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'games.library.all');

export const shouldRevalidate = revalidateUnlessGameQuery;

/** Game grids use the whole width of the screen (features/shell/shell.tsx). */
export const handle = { wide: true };
