import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { Image } from '../components/image';
import { FavoritesSeed } from '../features/games/favorites';
import { loadCatalogue } from '../features/games/lobby-data.server';
import { CategoryNav, gamesOfCategory } from '../features/games/category-nav';
import type { CatalogueData } from '../features/games/types';
import { VirtualGameGrid } from '../features/games/virtual-grid';
import { localeFromPath } from '../lib/locale';
import { metaTitle } from '../lib/meta';
import { getSession } from '../lib/session.server';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/library';
import { revalidateUnlessGameQuery } from '../features/games/revalidate';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // Titles and studio names in the page's language.
  const catalogue = await loadCatalogue(context, !session.isGuest, session.appInit, null, localeFromPath(new URL(request.url).pathname).locale);
  if (!catalogue) throw new Response('Games unavailable', { status: 503 });
  return catalogue;
}

function Providers({ catalogue }: { catalogue: CatalogueData }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="providers">
      {catalogue.providers.map((p) => (
        <li key={p.slug}>
          <Link to={localize(`/library?category=provider:${p.slug}`)} className="card flex flex-col items-center gap-2 p-4 text-center">
            <Image src={p.img} alt="" width={96} height={48} className="h-12 w-auto" />
            <span className="font-bold">{p.title}</span>
            <span className="text-sm text-muted">{t('games.providers.count', { count: p.gamesCount })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/library?category=…`: every game of a category (virtualized grid), or the providers screen. */
export default function Library({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const category = search.get('category') ?? 'all';
  const provider = category.startsWith('provider:') ? loaderData.providers.find((p) => `provider:${p.slug}` === category) : undefined;
  const issue = loaderData.issues.find((i) => i.slug === category);
  const title = category === 'providers' ? t('games.providers.title') : provider ? provider.title : issue ? t(`lobby.sections.${issue.key}`, { defaultValue: issue.title }) : t('games.library.all');
  const games = category === 'providers' ? [] : gamesOfCategory(loaderData, category);
  return (
    <FavoritesSeed.Provider value={loaderData.favorites}>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold">{title}</h1>
        <CategoryNav catalogue={loaderData} current={provider ? '' : category} />
        {category === 'providers' ? <Providers catalogue={loaderData} /> : games.length > 0 ? <VirtualGameGrid games={games} label={title} /> : <p className="text-muted">{t('games.library.empty')}</p>}
      </div>
    </FavoritesSeed.Provider>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'games.library.all');

export const shouldRevalidate = revalidateUnlessGameQuery;

/** Game grids use the whole width of the screen (features/shell/shell.tsx). */
export const handle = { wide: true };
