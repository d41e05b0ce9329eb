// Declares the `tournament` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/tournaments/pushes';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useRealtime } from '../../../lib/use-realtime';
import type { ModalProps } from '../../../platform/feature';
import { TournamentCard } from './tournament-card';
import { useTournaments } from './tournaments-api';

/**
 * The tournaments modal (spec §2): the running and next tournaments (join, your place, leaders,
 * top 3 prizes, games) and the finished ones with their winners and payout status, 4 a page. It
 * follows the tournament pushes: your place moves while you play.
 */
export default function TournamentsModal(_props: ModalProps) {
  const { t } = useTranslation();
  const { upcoming, history, failed, load, loadMoreHistory, applyPositions } = useTournaments();
  const [tab, setTab] = useState<'current' | 'finished'>('current');
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('tournament', (message) => {
    if (message.action === 'positions') applyPositions(message.data);
    else if (message.action !== 'bet') void load();
  });
  const list = tab === 'current' ? upcoming : history;
  return (
    <div className="flex flex-col gap-4">
      <header>
        <Dialog.Title className="text-2xl font-extrabold">{t('tournaments.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('tournaments.description')}</Dialog.Description>
      </header>
      <div role="tablist" aria-label={t('tournaments.tabs.label')} className="flex gap-2">
        {(['current', 'finished'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tournaments-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="tournaments-panel"
            className={`btn btn-sm ${tab === name ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setTab(name)}
            data-testid={`tournaments-tab-${name}`}
          >
            {t(`tournaments.tabs.${name}`)}
          </button>
        ))}
      </div>
      <section id="tournaments-panel" role="tabpanel" aria-labelledby={`tournaments-tab-${tab}`} className="flex flex-col gap-3" aria-busy={list === null && !failed}>
        {failed && list === null && <p role="alert">{t('tournaments.failed')}</p>}
        {list === null && !failed && <p role="status" className="text-muted">{t('tournaments.loading')}</p>}
        {list !== null && list.tournaments.length === 0 && <p className="text-muted">{tab === 'current' ? t('tournaments.none') : t('tournaments.noneFinished')}</p>}
        {list?.tournaments.map((tournament) => <TournamentCard key={tournament.historyId} tournament={tournament} />)}
        {tab === 'finished' && history !== null && history.tournaments.length < history.total && (
          <button type="button" className="btn btn-ghost" onClick={() => void loadMoreHistory()}>
            {t('tournaments.more')}
          </button>
        )}
      </section>
    </div>
  );
}
