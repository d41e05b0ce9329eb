import { ZRestrictionInfoResponse } from '@sweepstack/contracts/app/restriction-info';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useHomeHref } from '../lib/use-paths';
import type { Route } from './+types/geoblock';
import { metaTitle } from '../lib/meta';
import type { GeoState } from '../features/geolocation/ui/check';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const response = await context.api('/rest/restriction/info/');
    const parsed = ZRestrictionInfoResponse.safeParse(await response.json());
    return { states: parsed.success ? parsed.data.data.states : [] };
  } catch {
    return { states: [] };
  }
}

/** The sentence that says why the visitor is here, from the tab's geo state (features/geolocation). */
function reasonKey(geo: GeoState | null): { key: string; vars?: Record<string, string> } | null {
  if (!geo) return null;
  switch (geo.accessState) {
    case 'denied':
      return { key: 'geoblock.reason.denied' };
    case 'prompt':
      return { key: 'geoblock.reason.prompt' };
    case 'unavailable':
      return { key: 'geoblock.reason.unavailable' };
    case 'blocked':
      return geo.state ? { key: 'geoblock.reason.state', vars: { state: geo.state } } : { key: 'geoblock.reason.outside' };
    default:
      return null;
  }
}

/**
 * /geoblock/: shown when location is denied or blocked (spec §2). Says why (the geo state the check
 * stored), and Try again runs the device check again (asking for the position) and leaves for / (guests)
 * or the player home once allowed.
 */
export default function Geoblock({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomeHref();
  const [geo, setGeo] = useState<GeoState | null>(null);
  const [state, setState] = useState<'idle' | 'checking' | 'blocked'>('idle');

  useEffect(() => {
    void import('../features/geolocation/ui/check').then(({ readGeoState }) => setGeo(readGeoState()));
  }, []);

  async function tryAgain() {
    setState('checking');
    const { runGeoCheck } = await import('../features/geolocation/ui/check');
    const answer = await runGeoCheck({ ask: true });
    setGeo(answer);
    if (answer.accessState === 'granted') await navigate(home);
    else setState('blocked');
  }

  const reason = reasonKey(geo);
  const stateName = geo?.state ? (loaderData.states.find((s) => s.code === geo.state)?.name ?? geo.state) : '';
  return (
    <section className="card p-6 text-center sm:p-8" aria-labelledby="geoblock-title">
      <h1 id="geoblock-title" className="text-2xl font-extrabold">
        {t('geoblock.title')}
      </h1>
      <p className="mt-3 text-muted">{t('geoblock.text')}</p>
      {reason && (
        <p className="mt-3 font-semibold" data-testid="geoblock-reason">
          {t(reason.key, reason.vars ? { ...reason.vars, state: stateName } : undefined)}
        </p>
      )}
      {loaderData.states.length > 0 && (
        <>
          <h2 className="mt-6 font-bold">{t('geoblock.statesTitle')}</h2>
          <p className="mt-1 text-sm text-muted">{loaderData.states.map((s) => s.name).join(', ')}</p>
        </>
      )}
      <button type="button" className="btn btn-primary mt-8" onClick={() => void tryAgain()} disabled={state === 'checking'}>
        {state === 'checking' ? t('common.pleaseWait') : t('geoblock.tryAgain')}
      </button>
      <p role="status" className="mt-3 text-sm text-muted">
        {state === 'blocked' ? t('geoblock.stillBlocked') : ''}
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'geoblock.title');
