import * as Dialog from '@radix-ui/react-dialog';
import type { SubscribeResponse } from '@sweepstack/contracts/promo-offers/links';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { http, HttpError } from '../../../lib/http';
import type { ModalProps } from '../../../platform/feature';
import { cashHash } from '../../cash/cash-route';
import { dropParam, PROMO_OFFER_APPLY_DELAY_MS } from '../link-params';

/**
 * `?promoOffer=<hash>` (spec §2, §4): 2 s after the signed-in page loaded the link is applied
 * (POST /rest/cash/promo-offer-preset/subscribe/), then the cash widget opens on its preset. The
 * parameter leaves the address once applied. A link that is unknown or ended says so here.
 */
export default function PromoOfferLinkModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const urlHash = new URLSearchParams(window.location.search).get('promoOffer') ?? '';
    let cancelled = false;
    const timer = window.setTimeout(() => {
      dropParam('promoOffer');
      http<SubscribeResponse>('/rest/cash/promo-offer-preset/subscribe/', { method: 'POST', body: { urlHash } })
        .then(({ presetId }) => {
          if (cancelled) return;
          onDone();
          window.location.hash = cashHash({ kind: 'promo-offer', presetId, outsidePromoOffer: false });
        })
        .catch((failure: unknown) => {
          if (cancelled) return;
          setError(failure instanceof HttpError && failure.messageKey ? t(failure.messageKey, { defaultValue: t('promoOffers.link.failed') }) : t('promoOffers.link.failed'));
        });
    }, PROMO_OFFER_APPLY_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // Applied once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div data-testid="modal-promo-offer-link">
      <Dialog.Title className="pr-10 text-2xl font-extrabold">{t('promoOffers.link.title')}</Dialog.Title>
      {error === null ? (
        <Dialog.Description className="mt-3 text-muted" role="status">
          {t('promoOffers.link.applying')}
        </Dialog.Description>
      ) : (
        <>
          <Dialog.Description className="mt-3" role="alert" data-testid="promo-offer-link-error">
            {error}
          </Dialog.Description>
          <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone} autoFocus>
            {t('promoOffers.close')}
          </button>
        </>
      )}
    </div>
  );
}
