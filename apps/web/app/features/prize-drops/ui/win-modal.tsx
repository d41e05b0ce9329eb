import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatGoldCoins } from '../../../lib/format';
import type { ModalProps } from '../../../platform/feature';
import { Medal } from './medal';
import { levelKey, usePrizeDrops } from './prize-drops-api';

/** Spec §4: the winner's modal, opened by their `prizeAssigned` push: the prize as the server recorded it (already in the balance). */
export default function WinModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const { info, load } = usePrizeDrops();
  useEffect(() => {
    void load();
  }, [load]);
  const win = info?.player?.wins[0];
  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={!win} data-testid="prize-drops-win">
      <div className="mx-auto">
        <Medal level={win?.prizeLevel ?? 1} size={72} />
      </div>
      <Dialog.Title className="text-2xl font-extrabold">{t('prizeDrops.win.title')}</Dialog.Title>
      <Dialog.Description className="text-lg">
        {win ? t('prizeDrops.win.description', { level: t(`prizeDrops.level.${levelKey(win.prizeLevel)}`), amount: formatGoldCoins(win.prizeValue, i18n.language) }) : t('prizeDrops.loading')}
      </Dialog.Description>
      <button type="button" className="btn btn-primary w-full" onClick={onDone}>
        {t('prizeDrops.win.ok')}
      </button>
    </div>
  );
}
