import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { prizeText, sectionName } from './prize-text';
import { useVip } from './vip-api';

/**
 * VIP club wheel (spec §2): the daily wheel of treasure with the section's bonus. The bonus
 * (`rankLeagueDailyWheelPrize`) is paid beside each daily spin while the player is in the section.
 */
export default function WheelModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const open = useModals((s) => s.open);
  const { info, failed, load } = useVip();
  useEffect(() => {
    if (!info) void load();
  }, [info, load]);
  const player = info?.player ?? null;
  const prize = player?.rankLeagueDailyWheelPrize as Parameters<typeof prizeText>[0] | null | undefined;
  const firstWithPrize = info?.sections.find((s) => s.dailyWheelPrize !== null);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('vip.wheel.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('vip.wheel.description')}</Dialog.Description>
      </div>
      {!info ? (
        <p role="status" className="text-muted">
          {t(failed ? 'vip.failed' : 'vip.loading')}
        </p>
      ) : prize ? (
        <p className="font-semibold" data-testid="vip-wheel-bonus">
          {t('vip.wheel.bonus', { prize: prizeText(prize, t, i18n.language) })}
        </p>
      ) : (
        <p>{t('vip.wheel.locked', { title: sectionName(firstWithPrize, i18n.language) })}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('vip.close')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onDone();
            open('wheel-of-treasure');
          }}
        >
          {t('vip.wheel.spin')}
        </button>
      </div>
    </div>
  );
}
