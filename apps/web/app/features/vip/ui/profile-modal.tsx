import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import type { ModalProps } from '../../../platform/feature';
import { prizeText, sectionName } from './prize-text';
import { LeagueProgress } from './progress';
import { useLeaguePushes } from './use-league-pushes';
import { useVip } from './vip-api';

/** VIP club profile (spec §2): the player's section, level, experience this week and in all, and what the next section brings. */
export default function ProfileModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const { info, failed, load } = useVip();
  useEffect(() => {
    if (!info) void load();
  }, [info, load]);
  useLeaguePushes();
  const player = info?.player ?? null;
  const next = info && player?.currentSection ? info.sections[player.currentSection] : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('vip.profile.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('vip.profile.description')}</Dialog.Description>
      </div>
      {!info || !player ? (
        <p role="status" className="text-muted">
          {t(failed ? 'vip.failed' : info ? 'vip.page.off' : 'vip.loading')}
        </p>
      ) : (
        <>
          <LeagueProgress player={player} sections={info.sections} />
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted">{t('vip.profile.total')}</dt>
            <dd className="text-end font-semibold">{formatNumber(player.experience, 0, i18n.language)}</dd>
            <dt className="text-muted">{t('vip.profile.week')}</dt>
            <dd className="text-end font-semibold">{formatNumber(player.periodExperience, 0, i18n.language)}</dd>
            <dt className="text-muted">{t('vip.profile.cashback')}</dt>
            <dd className="text-end font-semibold">{formatNumber(player.coinsBack, player.coinsBack % 1 === 0 ? 0 : 2, i18n.language)} %</dd>
          </dl>
          {next && <p className="text-sm">{t('vip.page.nextSection', { title: sectionName(next, i18n.language), prize: prizeText(next.reward, t, i18n.language) })}</p>}
        </>
      )}
      <button type="button" className="btn btn-ghost self-end" onClick={onDone}>
        {t('vip.close')}
      </button>
    </div>
  );
}
