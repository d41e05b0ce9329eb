import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useLocalize } from '../../lib/use-paths';
import type { CatalogueData, LobbyGame } from './types';

/** Which games a category shows: all, an issue slug, or `provider:<slug>`. */
export function gamesOfCategory(catalogue: CatalogueData, category: string): LobbyGame[] {
  const byId = new Map(catalogue.games.map((g) => [g.id, g]));
  const pick = (ids: readonly number[] | undefined) => (ids ?? []).map((id) => byId.get(id)).filter((g): g is LobbyGame => g !== undefined);
  if (category.startsWith('provider:')) return pick(catalogue.providerGamesIds[category.slice('provider:'.length)]);
  if (category === 'all' || category === '') return catalogue.games;
  return pick(catalogue.issueGamesIds[category]);
}

export function CategoryNav({ catalogue, current }: { catalogue: CatalogueData; current: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const items = [
    { key: 'all', href: '/library?category=all', label: t('games.library.all') },
    ...(catalogue.favorites ? [{ key: 'favorites', href: '/issues/favorites', label: t('games.favorites.title') }] : []),
    ...catalogue.issues.map((i) => ({ key: i.slug, href: `/issues/${i.slug}`, label: t(`lobby.sections.${i.key}`, { defaultValue: i.title }) })),
    { key: 'providers', href: '/library?category=providers', label: t('games.providers.title') },
  ];
  return (
    <nav aria-label={t('games.library.categories')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
      {items.map((item) => (
        <Link key={item.key} to={localize(item.href)} aria-current={item.key === current ? 'page' : undefined} className={`btn btn-sm shrink-0 ${item.key === current ? 'btn-primary' : 'btn-ghost'}`}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

