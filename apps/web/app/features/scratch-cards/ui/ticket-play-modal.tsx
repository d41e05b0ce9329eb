import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { useScratchCards, useShownCard } from './scratch-api';
import { ScratchCardView } from './scratch-card';

/** Ticket play (spec §2): the card to scratch now, or the next one's timer. */
export default function TicketPlayModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const { info, load, setCard } = useScratchCards();
  useEffect(() => {
    void load();
  }, [load]);
  const { card, next } = useShownCard(info?.cards ?? null);
  return (
    <div className="flex flex-col gap-4" aria-busy={!info}>
      <Dialog.Title className="text-center text-2xl font-extrabold">{t('scratchCards.page.title')}</Dialog.Title>
      <Dialog.Description className="text-center text-muted">{t('scratchCards.play.description')}</Dialog.Description>
      {info && (card ? <ScratchCardView key={card.id} card={card} onScratched={(answer) => setCard(answer.card)} /> : <p className="text-center">{t('scratchCards.page.none')}</p>)}
      {next && (
        <button type="button" className="btn btn-accent w-full" onClick={next}>
          {t('scratchCards.page.next')}
        </button>
      )}
      <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
        {t('scratchCards.play.close')}
      </button>
    </div>
  );
}
