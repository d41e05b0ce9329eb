import type { ScratchCard } from '@sweepstack/contracts/scratch-cards/get';
import type { ScratchAnswer } from '@sweepstack/contracts/scratch-cards/scratch';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { HttpError } from '../../../lib/http';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { cardPrizeText } from './prize-text';
import { newRequestKey, scratchCard } from './scratch-api';

const BRUSH = 22;
/** Share of the foil scratched off after which the rest falls away. */
const CLEARED = 0.5;
const KNOWN_ERRORS = new Set(['SCRATCH_CARDS_NOT_READY', 'SCRATCH_CARDS_ALREADY_SCRATCHED', 'SCRATCH_CARDS_SELF_EXCLUDED', 'SCRATCH_CARDS_COOLING_OFF', 'SCRATCH_CARDS_NOT_ALLOWED', 'SCRATCH_CARDS_STATE_RESTRICTED', 'SCRATCH_CARDS_CARD_NOT_FOUND', 'AUTH_REQUIRED']);

function paintFoil(canvas: HTMLCanvasElement, label: string): void {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = canvas.getBoundingClientRect();
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#9ca3af');
  gradient.addColorStop(0.5, '#e5e7eb');
  gradient.addColorStop(1, '#6b7280');
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1f2937';
  ctx.font = 'bold 18px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, width / 2, height / 2);
}

/** The share of the foil already scratched off (sampled every 8 device pixels). */
function clearedShare(canvas: HTMLCanvasElement): number {
  const ctx = canvas.getContext('2d');
  if (!ctx) return 1;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let clear = 0;
  let total = 0;
  for (let y = 0; y < canvas.height; y += 8) {
    for (let x = 0; x < canvas.width; x += 8) {
      total++;
      if (data[(y * canvas.width + x) * 4 + 3]! < 128) clear++;
    }
  }
  return total === 0 ? 1 : clear / total;
}

/**
 * One card: a foil to scratch with a finger or the pointer (a canvas), and a Reveal button for the
 * keyboard and screen readers. The outcome was drawn when the card was issued; the first touch of the
 * foil (or the button) asks the server to reveal and credit it, so the prize under the foil is the
 * server's. With reduced motion the foil goes at once, without fading.
 */
export function ScratchCardView({ card, onScratched }: { card: ScratchCard; onScratched(answer: ScratchAnswer): void }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const key = useRef<string | null>(null);
  const asking = useRef<Promise<ScratchAnswer | null> | null>(null);
  const drawing = useRef(false);
  const moves = useRef(0);
  const [answer, setAnswer] = useState<ScratchAnswer | null>(null);
  const [foilGone, setFoilGone] = useState(card.status === 'scratched');
  const [error, setError] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const seconds = useCountdown(card.status === 'ready_for_activate' ? card.timer : null);
  // The card turns `scratched` in the store as soon as the server answers: the foil stays scratchable.
  const scratchable = answer !== null || card.status === 'available' || card.status === 'expired';
  const scratched = card.status === 'scratched' || answer !== null;

  useEffect(() => {
    if (canvas.current && !foilGone) paintFoil(canvas.current, t('scratchCards.card.foil'));
    // Painted once per card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [card.id]);

  useEffect(() => {
    if (foilGone && answer) result.current?.focus();
  }, [foilGone, answer]);

  function reveal(): Promise<ScratchAnswer | null> {
    asking.current ??= (async () => {
      setError(null);
      setRevealing(true);
      key.current ??= newRequestKey();
      try {
        const drawn = await scratchCard(card.id, key.current);
        setAnswer(drawn);
        onScratched(drawn);
        return drawn;
      } catch (failure) {
        const code = failure instanceof HttpError ? failure.code : 'NETWORK';
        if (failure instanceof HttpError) key.current = null;
        setError(KNOWN_ERRORS.has(code) ? `scratchCards.errors.${code}` : 'scratchCards.errors.generic');
        asking.current = null;
        return null;
      } finally {
        setRevealing(false);
      }
    })();
    return asking.current;
  }

  function erase(event: PointerEvent<HTMLCanvasElement>): void {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const box = el.getBoundingClientRect();
    ctx.globalCompositeOperation = 'destination-out';
    ctx.beginPath();
    ctx.arc(event.clientX - box.left, event.clientY - box.top, BRUSH, 0, Math.PI * 2);
    ctx.fill();
    if (++moves.current % 6 === 0 && clearedShare(el) >= CLEARED) setFoilGone(true);
  }

  const prizeLine = answer ? cardPrizeText({ coins: answer.card.prize.coins, entries: answer.card.prize.entries }, t, i18n.language) : card.status === 'scratched' ? cardPrizeText(card.prize, t, i18n.language) : null;

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-3" data-testid="scratch-card" data-card-id={card.id} data-status={scratched ? 'scratched' : card.status}>
      <div className="relative mx-auto aspect-[3/2] w-full max-w-sm overflow-hidden rounded-xl border-2 border-accent bg-raised">
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-4 text-center">
          {prizeLine ? (
            <>
              <span className="text-sm text-muted">{t('scratchCards.card.youWon')}</span>
              <span className="text-2xl font-extrabold" data-testid="scratch-prize">
                {prizeLine}
              </span>
            </>
          ) : (
            <span className="text-muted">{t(revealing ? 'scratchCards.card.revealing' : 'scratchCards.card.hidden')}</span>
          )}
        </div>
        {!foilGone && (
          <canvas
            ref={canvas}
            data-testid="scratch-foil"
            aria-hidden="true"
            className={`absolute inset-0 h-full w-full ${scratchable ? 'cursor-crosshair' : 'cursor-not-allowed'}`}
            style={{ touchAction: 'none' }}
            onPointerDown={(event) => {
              if (!scratchable) return;
              drawing.current = true;
              event.currentTarget.setPointerCapture(event.pointerId);
              void reveal();
              erase(event);
            }}
            onPointerMove={(event) => {
              if (drawing.current && scratchable) erase(event);
            }}
            onPointerUp={() => {
              drawing.current = false;
            }}
            onPointerCancel={() => {
              drawing.current = false;
            }}
          />
        )}
      </div>
      {card.status === 'ready_for_activate' && (
        <p className="text-center text-sm">
          {t('scratchCards.card.opensIn')}{' '}
          <time role="timer" aria-live="off" className="font-mono font-bold">
            {seconds === null ? '—' : formatCountdown(seconds)}
          </time>
        </p>
      )}
      {!scratched && scratchable && (
        <button
          type="button"
          className="btn btn-primary"
          data-testid="scratch-reveal"
          onClick={() => {
            void reveal().then((drawn) => {
              if (drawn) setFoilGone(true);
            });
          }}
        >
          {t('scratchCards.card.reveal')}
        </button>
      )}
      {foilGone && answer && (
        <p ref={result} tabIndex={-1} role="status" className="text-center text-lg font-bold" data-testid="scratch-result">
          {t('scratchCards.card.result', { prize: prizeLine })}
        </p>
      )}
      {error && (
        <p role="alert" className="text-center text-danger">
          {t(error)}
        </p>
      )}
      {!scratched && (
        <p className="text-center text-xs text-muted">
          {t(card.status === 'expired' ? 'scratchCards.card.inMailbox' : 'scratchCards.card.expires', { date: new Date(card.expiresAt).toLocaleString(i18n.language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      )}
    </div>
  );
}
