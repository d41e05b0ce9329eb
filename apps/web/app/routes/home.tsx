import { localeFromPath } from '../lib/locale';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import { CoinIcon } from '../components/icons';
import { formatFortuneCoins, formatGoldCoins } from '../lib/format';
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

const STEPS = ['signup', 'play', 'redeem'] as const;

/** The sign-up gift as the server's settings state it (never a copy in the page). */
function SignupGift({ gift }: { gift: NonNullable<LobbyData['signupGift']> }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  return (
    <p className="relative mt-5 inline-flex max-w-full items-center gap-3 rounded-theme border border-line bg-bg/60 px-4 py-3" data-testid="signup-gift">
      <span className="flex shrink-0 -space-x-2" aria-hidden="true">
        <CoinIcon tone="gold" className="size-8" />
        <CoinIcon tone="fortune" className="size-8" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-bold uppercase tracking-widest text-accent">{t('home.hero.giftLabel')}</span>
        <span className="block text-lg font-extrabold leading-snug">
          {t('home.hero.gift', { coins: formatGoldCoins(gift.coins, locale), entries: formatFortuneCoins(gift.entries / 100, locale) })}
        </span>
      </span>
    </p>
  );
}

function GuestHome({ lobby }: { lobby: LobbyData }) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const brand = themeVisual(root.theme).brand;
  return (
    <div className="flex flex-col gap-10">
      <section className="hero card relative overflow-hidden px-6 py-10 sm:px-12 sm:py-14" aria-labelledby="hero-title" data-testid="home-hero">
        <div aria-hidden="true" className="accent-shape" />
        <div className="relative grid items-center gap-8 md:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)]">
          <div className="min-w-0">
            <p className="text-sm font-bold uppercase tracking-widest text-accent">{t('home.hero.kicker')}</p>
            <h1 id="hero-title" className="mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
              {t('home.hero.title', { brand })}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted">{t('home.hero.text')}</p>
            {lobby.signupGift && <SignupGift gift={lobby.signupGift} />}
            <div className="mt-7 flex flex-wrap gap-3">
              <Link to={localize('/signup/')} className="btn btn-primary whitespace-normal px-6 text-center text-lg" onClick={() => trackClickButton('sign_up', 'home_hero')}>
                {t('home.hero.cta')}
              </Link>
              <Link to={localize('/signin/')} className="btn btn-ghost px-6 text-lg">
                {t('auth.signIn')}
              </Link>
            </div>
            <p className="mt-6 text-sm text-muted">{t('home.hero.disclaimer')}</p>
          </div>
          <img src={`/images/hero/${root.theme}.svg`} alt="" width={480} height={360} data-hero-art="" className="mx-auto w-full max-w-72 md:max-w-md" decoding="async" />
        </div>
      </section>
      <LobbyView data={lobby} />
      <section aria-labelledby="how-title" data-testid="how-it-works">
        <h2 id="how-title" className="section-title text-2xl font-extrabold">
          {t('home.steps.title')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {STEPS.map((key, index) => (
            <li key={key} className="card flex gap-4 p-5">
              <span className="step-badge" aria-hidden="true">
                {index + 1}
              </span>
              <span className="min-w-0">
                <h3 className="text-lg font-bold">{t(`home.steps.${key}.title`)}</h3>
                <p className="mt-1 text-muted">{t(`home.steps.${key}.text`)}</p>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** `/`: the guest home; in themes without a lobby (tao, funrize) also the player home. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return root.player ? <PlayerLobby lobby={loaderData} /> : <GuestHome lobby={loaderData} />;
}

/**
 * The home payload and the catalogue, rendered on the server (no client fetch for the rows); a
 * player's home in themes without a lobby is the lobby, served like it from its player-neutral render
 * (docs/page-serving.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const { locale } = localeFromPath(new URL(request.url).pathname);
  return loadLobby(context, !session.isGuest, session.isGuest ? { maxSections: GUEST_SECTIONS, locale } : { appInit: session.appInit, locale, neutral: session.neutral });
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'home.hero.kicker');

export const shouldRevalidate = revalidateUnlessGameQuery;

/** The lobby's rows use the whole width of the screen (features/shell/shell.tsx). */
export const handle = { wide: true };
