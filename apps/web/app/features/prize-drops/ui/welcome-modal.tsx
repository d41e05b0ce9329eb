import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatGoldCoins } from '../../../lib/format';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { PRIZE_DROPS_POPUP_COOKIE } from '../feature';
import { Medal } from './medal';
import { setPopupCookie, usePrizeDrops } from './prize-drops-api';

/** The day's welcome (spec §2, §9): today's pool and top prize; its cookie keeps it away until the day ends. */
export default function WelcomeModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const { info, load } = usePrizeDrops();
  useEffect(() => {
    setPopupCookie(PRIZE_DROPS_POPUP_COOKIE);
    void load();
  }, [load]);
  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={!info}>
      <div className="mx-auto flex gap-2">
        <Medal level={1} />
        <Medal level={3} size={56} />
        <Medal level={2} />
      </div>
      <Dialog.Title className="text-2xl font-extrabold">{t('prizeDrops.welcome.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {info ? t('prizeDrops.welcome.description', { pool: formatGoldCoins(info.general.dailyPrizePool, i18n.language), count: info.general.prizeCountPerDay, top: formatGoldCoins(info.general.highestPrizePerDay, i18n.language) }) : t('prizeDrops.loading')}
      </Dialog.Description>
      <Link to={localize('/prize-drops/')} className="btn btn-primary w-full" onClick={onDone}>
        {t('prizeDrops.welcome.open')}
      </Link>
      <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
        {t('prizeDrops.close')}
      </button>
    </div>
  );
}
