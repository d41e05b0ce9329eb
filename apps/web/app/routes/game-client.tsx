import { findGame } from '@sweepstack/games/catalogue/games';
import { useTranslation } from '../i18n/use-translation';
import { data, useSearchParams } from 'react-router';
import { GameClient } from '../features/game-client/game-client';
import { VERSION_APP } from '../features/games/lobby-data.server';
import { useRootData } from '../lib/root-data';
import { getSession } from '../lib/session.server';
import type { Route } from './+types/game-client';

/**
 * `/games/{slug}/play?session=…` (`/es/games/…` in Spanish): the in-house game client, shown in the game modal's iframe. Its own
 * minimal layout (no shell); the page's currency is the player's game mode (the session's currency).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const game = findGame(params.slug);
  // `/es/games/{slug}/play` is the Spanish client; no other language segment exists.
  const lang = (params as { lang?: string }).lang;
  if (!game || (lang !== undefined && lang !== 'es')) throw data({ path: new URL(request.url).pathname }, { status: 404 });
  const [session, games] = await Promise.all([
    getSession(request, context),
    // In the page's language: the game's title and description (operator content, kept per locale) come with it.
    context
      .api(`/api/rest/games?groupKey=public&versionApp=${VERSION_APP}&locale=${lang ?? 'en'}`)
      .then((r) => (r.ok ? (r.json() as Promise<{ data: { games: { id: number; slug: string; title: string; description: string }[] } }>) : null))
      .catch(() => null),
  ]);
  const listed = games?.data.games.find((g) => g.slug === params.slug);
  if (!listed) throw data({ path: new URL(request.url).pathname }, { status: 404 });
  return { slug: params.slug, gameId: listed.id, title: listed.title, description: listed.description, isGuest: session.isGuest };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: loaded?.title ?? 'Game' }, { name: 'robots', content: 'noindex' }];
}

export default function GameClientPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const [search] = useSearchParams();
  const game = findGame(loaderData.slug);
  const session = search.get('session');
  const player = root.player;
  if (!game || !session || !player) {
    return (
      <main className="grid min-h-dvh place-items-center bg-[#0b0a14] p-6 text-center text-white">
        <p role="alert">{t(player ? 'gameClient.noSession' : 'gameClient.signIn')}</p>
      </main>
    );
  }
  const currency = player.gameMode === 'SweepStakes' ? 'FC' : 'GC';
  const balance = currency === 'FC' ? Math.round((player.balance?.entries ?? 0) * 100) : (player.balance?.tourPoints ?? 0);
  return <GameClient game={game} gameId={loaderData.gameId} session={session} currency={currency} initialBalance={balance} locale={root.locale} title={loaderData.title} description={loaderData.description} />;
}
