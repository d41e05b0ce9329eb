import { localeFromPath } from '../lib/locale';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../components/icons';
import { LobbyView } from '../features/games/lobby-view';
import { loadLobby } from '../features/games/lobby-data.server';
import type { LobbyData } from '../features/games/types';
import { getSession } from '../lib/session.server';
import { themeVisual } from '../features/themes/themes';
import { trackClickButton } from '../lib/analytics';
import { useRootData } from '../lib/root-data';
import { useLocalize } from '../lib/use-paths';
import { PlayerLobby } from './lobby';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/home';
import { revalidateUnlessGameQuery } from '../features/games/revalidate';

/** The guest home keeps its first screen light: the first sections; the rest is in the library. */
const GUEST_SECTIONS = 4;

function GuestHome({ lobby }: { lobby: LobbyData }) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const brand = themeVisual(root.theme).brand;
  const highlights = [
    { key: 'gold', icon: <CoinIcon tone="gold" className="size-8" /> },
    { key: 'fortune', icon: <CoinIcon tone="fortune" className="size-8" /> },
    { key: 'daily', icon: <span className="text-2xl" aria-hidden="true">★</span> },
  ];
  return (
    <div className="flex flex-col gap-10">
      <section className="card relative overflow-hidden px-6 py-12 sm:px-12 sm:py-16" aria-labelledby="hero-title">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-primary opacity-20 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-28 -left-20 size-72 rounded-full bg-accent opacity-20 blur-3xl" />
        <p className="relative text-sm font-bold uppercase tracking-widest text-accent">{t('home.hero.kicker')}</p>
        <h1 id="hero-title" className="relative mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
          {t('home.hero.title', { brand })}
        </h1>
        <p className="relative mt-4 max-w-xl text-lg text-muted">{t('home.hero.text')}</p>
        <div className="relative mt-8 flex flex-wrap gap-3">
          <Link to={localize('/signup/')} className="btn btn-primary whitespace-normal px-6 text-center text-lg" onClick={() => trackClickButton('sign_up', 'home_hero')}>
            {t('home.hero.cta')}
          </Link>
          <Link to={localize('/signin/')} className="btn btn-ghost px-6 text-lg">
            {t('auth.signIn')}
          </Link>
        </div>
        <p className="relative mt-6 text-sm text-muted">{t('home.hero.disclaimer')}</p>
      </section>
      <section aria-labelledby="how-title">
        <h2 id="how-title" className="text-2xl font-extrabold">
          {t('home.highlights.title')}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {highlights.map((item) => (
            <li key={item.key} className="card p-5">
              <div className="flex items-center gap-3">
                {item.icon}
                <h3 className="text-lg font-bold">{t(`home.highlights.${item.key}.title`)}</h3>
              </div>
              <p className="mt-2 text-muted">{t(`home.highlights.${item.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <LobbyView data={lobby} />
    </div>
  );
}

/** `/`: the guest home; in themes without a lobby (tao, funrize) also the player home. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return root.player ? <PlayerLobby lobby={loaderData} /> : <GuestHome lobby={loaderData} />;
}

/** The home payload and the catalogue, rendered on the server (no client fetch for the rows). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const { locale } = localeFromPath(new URL(request.url).pathname);
  return loadLobby(context, !session.isGuest, session.isGuest ? { maxSections: GUEST_SECTIONS, locale } : { appInit: session.appInit, locale });
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'home.hero.kicker');

export const shouldRevalidate = revalidateUnlessGameQuery;
