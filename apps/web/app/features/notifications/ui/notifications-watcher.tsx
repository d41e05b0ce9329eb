// Declares the `rewardNotices` push's type (the real-time client loads its schema).
import type {} from '@sweepstack/contracts/rewards/pushes';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/use-translation';
import { useRealtime } from '../../../lib/use-realtime';
import { loadNotices, useUnreadNotices } from './notices-api';

/**
 * The bell's unread badge (players; mounted by the shell after load, so nothing of it is in the
 * first-load JavaScript): the count from GET /rest/rewards/notices/, then every `rewardNotices` push
 * (a notice written, or read in another tab), and again when the tab comes back to the front (a push
 * missed while the socket was down). Rendered into the header's bell: a visible count (hidden from
 * assistive technology) and words that make the button's name "Notifications (2 unread)".
 */
export default function NotificationsWatcher() {
  const { t } = useTranslation();
  const unread = useUnreadNotices((s) => s.unread);
  const [bell, setBell] = useState<HTMLElement | null>(null);

  useEffect(() => {
    setBell(document.getElementById('notifications-bell'));
    const refresh = () => void loadNotices().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useRealtime('rewardNotices', (message) => useUnreadNotices.setState({ unread: message.data.unread }));

  if (!bell || !unread) return null;
  return createPortal(
    <>
      <span aria-hidden="true" className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold leading-none text-on-accent" data-testid="notifications-badge">
        {unread > 9 ? '9+' : unread}
      </span>
      <span className="sr-only">{t('notifications.badge.unread', { count: unread })}</span>
    </>,
    bell,
  );
}
