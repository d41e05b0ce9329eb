import type { RewardNoticeView } from '@sweepstack/contracts/rewards/prize';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { loadNotices, markNoticesRead } from './notices-api';
import { noticeDate, noticeSentence } from './notice-sentence';

type Loaded = { notices: RewardNoticeView[] } | 'failed' | null;

/**
 * The notification centre (spec §2 header, "Other screens"): the player's latest notices about prizes,
 * newest first, one sentence each with its date; those unread when it opened are marked "New". Opening
 * it marks them read (the bell's badge clears, in every tab by the `rewardNotices` push).
 */
export default function NotificationsModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let cancelled = false;
    loadNotices().then(
      (data) => {
        if (cancelled) return;
        setLoaded({ notices: data.notices });
        const newest = data.notices[0];
        if (newest && data.unread > 0) void markNoticesRead(newest.id).catch(() => undefined);
      },
      () => !cancelled && setLoaded('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="flex flex-col gap-4" aria-busy={loaded === null}>
      <div className="pr-10">
        <Dialog.Title className="text-2xl font-extrabold">{t('notifications.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('notifications.description')}</Dialog.Description>
      </div>
      {loaded === null ? (
        <p className="text-muted" role="status">
          {t('notifications.loading')}
        </p>
      ) : loaded === 'failed' ? (
        <p role="alert" className="font-semibold">
          {t('notifications.failed')}
        </p>
      ) : loaded.notices.length === 0 ? (
        <p className="rounded-theme border border-line bg-bg p-4 text-center text-muted" data-testid="notifications-empty">
          {t('notifications.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('notifications.listLabel')} data-testid="notifications-list">
          {loaded.notices.map((notice) => (
            <li key={notice.id} className={`rounded-theme border p-3 ${notice.read ? 'border-line bg-bg' : 'border-accent bg-raised'}`} data-testid="notification" data-kind={notice.kind} data-unread={!notice.read}>
              <p className={notice.read ? '' : 'font-semibold'}>
                {!notice.read && <span className="mr-2 rounded-full bg-accent px-2 text-xs font-bold text-on-accent">{t('notifications.new')}</span>}
                {noticeSentence(notice, t, locale)}
              </p>
              <time className="mt-1 block text-xs text-muted" dateTime={notice.createdAt}>
                {noticeDate(notice.createdAt, locale)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-primary w-full" onClick={onDone}>
        {t('common.close')}
      </button>
    </div>
  );
}
