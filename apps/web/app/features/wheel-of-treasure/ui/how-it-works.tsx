import type { WheelInfo } from '@sweepstack/contracts/wheel-of-treasure/info';
import { useTranslation } from '../../../i18n/use-translation';
import { OddsTable } from './odds-table';

/** The rules in a few lines and the odds of every wheel (booster, extended and chest included), before anything is bought. */
export function HowItWorks({ info }: { info: WheelInfo }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>{t('wheelOfTreasure.howItWorks.daily', { timeZone: info.timeZone.replace(/_/g, ' ') })}</li>
        {info.tables.booster && <li>{t('wheelOfTreasure.howItWorks.booster', { count: info.boosterRounds })}</li>}
        {info.tables.extra && <li>{t('wheelOfTreasure.howItWorks.extra')}</li>}
        {info.tables.lootbox && <li>{t('wheelOfTreasure.howItWorks.lootbox')}</li>}
        <li>{t('wheelOfTreasure.howItWorks.fair')}</li>
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        <OddsTable table={info.tables.daily} title={t('wheelOfTreasure.tables.daily')} />
        {info.tables.booster && <OddsTable table={info.tables.booster} title={t('wheelOfTreasure.tables.booster')} />}
        {info.tables.extra && <OddsTable table={info.tables.extra} title={t('wheelOfTreasure.tables.extra')} />}
        {info.tables.lootbox && <OddsTable table={info.tables.lootbox} title={t('wheelOfTreasure.tables.lootbox')} />}
      </div>
    </div>
  );
}
