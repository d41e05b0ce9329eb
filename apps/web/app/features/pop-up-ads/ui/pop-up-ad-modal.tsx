import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { AdArt } from './ad-art';
import { logAdAction, usePopUpAd } from './pop-up-ads-api';

/**
 * The pop-up ad (spec §3 "Pop-up ad"): the operator's title, text, art and call to action in the
 * page's language. Shown logs `shown`; the call to action logs `clicked` and goes to its page (or
 * opens the cashier); any other way out (its button, Escape, the close button, the backdrop) logs `closed`.
 */
export default function PopUpAdModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const current = usePopUpAd((s) => s.current);
  const clicked = useRef(false);

  useEffect(() => {
    // Once per opening (the stack's onDone changes with each of its renders).
    const shown = usePopUpAd.getState().current;
    if (!shown) return undefined;
    const logId = shown.ad.logInfo.log_id;
    void logAdAction(logId, 'shown', shown.isPlayer);
    return () => {
      if (!clicked.current) void logAdAction(logId, 'closed', shown.isPlayer);
      usePopUpAd.getState().clear();
      shown.finished();
    };
  }, []);

  if (!current) {
    // Nothing to show (not expected: the watcher sets the ad before opening the modal).
    return (
      <div className="flex flex-col gap-4 text-center">
        <Dialog.Title className="sr-only">{t('popUpAds.dismiss')}</Dialog.Title>
        <Dialog.Description className="sr-only">{t('popUpAds.note')}</Dialog.Description>
        <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
          {t('popUpAds.dismiss')}
        </button>
      </div>
    );
  }
  const data = current.ad.contentInfo.popup_data;
  const content = i18n.language.startsWith('es') ? data.content.es : data.content.en;

  const follow = () => {
    clicked.current = true;
    void logAdAction(current.ad.logInfo.log_id, 'clicked', current.isPlayer);
    onDone();
    const [path = '/', hash] = data.ctaUrl.split('#');
    const target = localize(path);
    if (window.location.pathname !== target) navigate(target);
    if (hash) window.setTimeout(() => (window.location.hash = hash), 0);
  };

  return (
    <div className="flex flex-col gap-4 text-center" data-testid="pop-up-ad" data-log-id={current.ad.logInfo.log_id}>
      <AdArt image={data.image} />
      <Dialog.Title className="text-2xl font-extrabold">{content.title}</Dialog.Title>
      <Dialog.Description className="text-muted">{content.text}</Dialog.Description>
      <button type="button" className="btn btn-primary w-full" onClick={follow}>
        {content.ctaLabel}
      </button>
      <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
        {t('popUpAds.dismiss')}
      </button>
      <p className="text-xs text-muted">{t('popUpAds.note')}</p>
    </div>
  );
}
