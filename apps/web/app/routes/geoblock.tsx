import { ZRestrictionInfoResponse } from '@sweepstack/contracts/app/restriction-info';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from 'react-router';
import { http } from '../lib/http';
import { useHomeHref } from '../lib/use-paths';
import type { Route } from './+types/geoblock';
import { metaTitle } from '../lib/meta';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const response = await context.api('/rest/restriction/info/');
    const parsed = ZRestrictionInfoResponse.safeParse(await response.json());
    return { states: parsed.success ? parsed.data.data.states : [] };
  } catch {
    return { states: [] };
  }
}

/** /geoblock/: shown when location is denied or blocked; leaves for home once access is allowed. */
export default function Geoblock({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomeHref();
  const [state, setState] = useState<'idle' | 'checking' | 'blocked' | 'error'>('idle');

  async function checkAgain() {
    setState('checking');
    try {
      const answer = await http<{ data?: { access?: boolean } }>('/rest/restriction/player/ip/check/');
      if (answer.data?.access) navigate(home);
      else setState('blocked');
    } catch {
      setState('error');
    }
  }

  return (
    <section className="card p-6 text-center sm:p-8" aria-labelledby="geoblock-title">
      <h1 id="geoblock-title" className="text-2xl font-extrabold">
        {t('geoblock.title')}
      </h1>
      <p className="mt-3 text-muted">{t('geoblock.text')}</p>
      {loaderData.states.length > 0 && (
        <>
          <h2 className="mt-6 font-bold">{t('geoblock.statesTitle')}</h2>
          <p className="mt-1 text-sm text-muted">{loaderData.states.map((s) => s.name).join(', ')}</p>
        </>
      )}
      <button type="button" className="btn btn-primary mt-8" onClick={() => void checkAgain()} disabled={state === 'checking'}>
        {state === 'checking' ? t('common.pleaseWait') : t('geoblock.checkAgain')}
      </button>
      <p role="status" className="mt-3 text-sm text-muted">
        {state === 'blocked' ? t('geoblock.stillBlocked') : state === 'error' ? t('geoblock.checkFailed') : ''}
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'geoblock.title');
