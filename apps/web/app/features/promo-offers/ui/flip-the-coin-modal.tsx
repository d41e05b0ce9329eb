import * as Dialog from '@radix-ui/react-dialog';
import type { FlipResponse } from '@sweepstack/contracts/promo-offers/links';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { http, HttpError } from '../../../lib/http';
import { useRootData } from '../../../lib/root-data';
import type { ModalProps } from '../../../platform/feature';
import { cashHash } from '../../cash/cash-route';
import { dropParam } from '../link-params';
import { OfferLine } from './offer-line';

type View = { kind: 'ready' } | { kind: 'busy' } | { kind: 'answer'; answer: FlipResponse } | { kind: 'error'; message: string };

/**
 * `?promoOfferSet=<set>` (spec §2, §4): the player flips the coin of an offer set; the server decides
 * the side with the player's provably fair seed and the offer it gives can then be bought once. A
 * refusal shows the "flip-the-coin used" state: an offer still held (buy it), the time of the next
 * flip, or no offer found.
 */
export default function FlipTheCoinModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const [view, setView] = useState<View>({ kind: 'ready' });
  const [set] = useState(() => new URLSearchParams(window.location.search).get('promoOfferSet') ?? '');

  async function flip() {
    setView({ kind: 'busy' });
    dropParam('promoOfferSet');
    try {
      const answer = await http<FlipResponse>('/rest/cash/promo-offer-preset/flip-the-coin/', { method: 'POST', query: { promoOfferSet: set } });
      setView({ kind: 'answer', answer });
    } catch (failure) {
      setView({ kind: 'error', message: failure instanceof HttpError && failure.messageKey ? t(failure.messageKey, { defaultValue: t('promoOffers.flip.failed') }) : t('promoOffers.flip.failed') });
    }
  }

  const buy = (presetId: string) => {
    onDone();
    window.location.hash = cashHash({ kind: 'promo-offer', presetId, outsidePromoOffer: false });
  };

  if (view.kind === 'answer' && !view.answer.success) {
    const { reasonType, data } = view.answer;
    return (
      <div data-testid="modal-flip-the-coin-used" data-reason={reasonType}>
        <Dialog.Title className="pr-10 text-2xl font-extrabold">{t(reasonType === 'no_offers_found' ? 'promoOffers.flip.noneTitle' : 'promoOffers.flip.usedTitle')}</Dialog.Title>
        <Dialog.Description className="mt-3" role="status">
          {reasonType === 'limit_by_time' && data.availableAt
            ? t('promoOffers.flip.limitByTime', { date: new Date(data.availableAt).toLocaleString(root.locale, { dateStyle: 'medium', timeStyle: 'short' }) })
            : t(`promoOffers.flip.${reasonType === 'limit_by_promo_offers' ? 'limitByPromoOffers' : reasonType === 'limit_by_time' ? 'limitByTimeSoon' : 'noOffersFound'}`)}
        </Dialog.Description>
        {reasonType === 'limit_by_promo_offers' && data.presetId ? (
          <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => buy(data.presetId!)} autoFocus>
            {t('promoOffers.buy')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone} autoFocus>
            {t('promoOffers.close')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div data-testid="modal-flip-the-coin">
      <Dialog.Title className="pr-10 text-2xl font-extrabold">{t('promoOffers.flip.title')}</Dialog.Title>
      <Dialog.Description className="mt-3 text-muted">{t('promoOffers.flip.text')}</Dialog.Description>
      <div
        aria-hidden="true"
        className={`mx-auto mt-5 grid size-28 place-items-center rounded-full border-4 border-primary bg-raised text-lg font-extrabold uppercase ${view.kind === 'busy' ? 'motion-safe:animate-spin' : ''}`}
      >
        {view.kind === 'answer' && view.answer.success ? t(`promoOffers.flip.${view.answer.data.side}`) : '?'}
      </div>
      {view.kind === 'answer' && view.answer.success && (
        <div role="status" data-testid="flip-the-coin-result">
          <p className="mt-4 text-center font-bold">{t('promoOffers.flip.result', { side: t(`promoOffers.flip.${view.answer.data.side}`) })}</p>
          <OfferLine preset={view.answer.data.preset} locale={root.locale} />
          <p className="mt-2 text-center text-xs text-muted">{t('promoOffers.flip.fairness', { hash: view.answer.data.fairness.serverSeedHash.slice(0, 12), nonce: view.answer.data.fairness.nonce })}</p>
        </div>
      )}
      {view.kind === 'error' && (
        <p className="field-error mt-4" role="alert">
          {view.message}
        </p>
      )}
      {view.kind === 'answer' && view.answer.success ? (
        <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => buy((view.answer as Extract<FlipResponse, { success: true }>).data.presetId)} autoFocus>
          {t('promoOffers.buy')}
        </button>
      ) : (
        <button type="button" className="btn btn-primary mt-6 w-full" disabled={view.kind === 'busy' || view.kind === 'error'} onClick={() => void flip()} autoFocus>
          {view.kind === 'busy' ? t('common.pleaseWait') : t('promoOffers.flip.button')}
        </button>
      )}
    </div>
  );
}
