import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { rollUpMs, screenMs, type Screen, type WinTier } from './presentation';
import { reducedMotion } from './reels';

/** Counts from 0 up to `target` in `ms` (ease-out); `finish` jumps to the end. */
export function useRollUp(target: number, ms: number, key: unknown): [number, () => void] {
  const [value, setValue] = useState(ms > 0 ? 0 : target);
  const frame = useRef(0);
  const done = useRef(false);
  useEffect(() => {
    done.current = false;
    if (ms <= 0 || target <= 0 || reducedMotion()) {
      setValue(target);
      return undefined;
    }
    const start = performance.now();
    const tick = (now: number) => {
      if (done.current) return;
      const t = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - t) ** 3;
      setValue(t >= 1 ? target : Math.floor(target * eased));
      if (t < 1) frame.current = requestAnimationFrame(tick);
    };
    setValue(0);
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
  }, [target, ms, key]);
  return [
    value,
    () => {
      done.current = true;
      cancelAnimationFrame(frame.current);
      setValue(target);
    },
  ];
}

const BURSTS: Record<'big' | 'mega' | 'epic' | 'jackpot', number> = { big: 1, mega: 2, epic: 3, jackpot: 4 };

/** Confetti for a celebration (canvas-confetti, loaded only when a celebration happens; none under reduced motion). */
async function confettiFor(kind: keyof typeof BURSTS, colours: string[]): Promise<() => void> {
  if (reducedMotion()) return () => undefined;
  const { default: confetti } = await import('canvas-confetti');
  const timers: ReturnType<typeof setTimeout>[] = [];
  for (let i = 0; i < BURSTS[kind]; i++) {
    timers.push(
      setTimeout(() => {
        void confetti({ particleCount: 70, spread: 75, startVelocity: 42, origin: { x: 0.15 + 0.7 * ((i * 0.37) % 1), y: 0.65 }, colors: colours, disableForReducedMotion: true, zIndex: 30 });
      }, i * 550),
    );
  }
  return () => {
    timers.forEach(clearTimeout);
    confetti.reset();
  };
}

interface Props {
  screen: Screen;
  turbo: boolean;
  fmt(value: number): string;
  palette: readonly [string, string, string];
  onDone(): void;
}

const TIER_STYLE: Record<WinTier, string> = {
  none: '',
  win: '',
  big: 'from-[#fff3b0] via-[#ffd24a] to-[#f08a00]',
  mega: 'from-[#e0f7ff] via-[#6fd3ff] to-[#7b5cff]',
  epic: 'from-[#ffe3f5] via-[#ff6fd8] to-[#ff3d3d]',
};

/**
 * A screen over the reels after a round: the big/mega/epic win with its rolling counter and confetti,
 * a feature's intro or total, the jackpot award. Closes by itself, or sooner on a click or a key.
 */
export function CelebrationScreen({ screen, turbo, fmt, palette, onDone }: Props) {
  const { t } = useTranslation();
  const rollMs = screen.kind === 'celebration' ? rollUpMs(screen.tier, turbo) : screen.kind === 'jackpot' || screen.kind === 'featureTotal' ? (turbo ? 500 : 1500) : 0;
  const amount = screen.kind === 'featureIntro' ? 0 : screen.amount;
  const [shown, finish] = useRollUp(amount, rollMs, screen);
  const button = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);

  const close = () => {
    if (closing.current) return;
    if (shown < amount) {
      finish();
      return;
    }
    closing.current = true;
    onDone();
  };

  useEffect(() => {
    button.current?.focus({ preventScroll: true });
    const timer = setTimeout(() => {
      closing.current = true;
      onDone();
    }, screenMs(screen, turbo));
    let stop: (() => void) | null = null;
    let cancelled = false;
    if (screen.kind === 'celebration' || screen.kind === 'jackpot') {
      void confettiFor(screen.kind === 'jackpot' ? 'jackpot' : screen.tier, ['#ffe066', '#ffffff', palette[0], palette[1]]).then((s) => (cancelled ? s() : (stop = s)));
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [screen, turbo, onDone, palette]);

  let title: string;
  let detail: string | null = null;
  let tier: WinTier = 'big';
  switch (screen.kind) {
    case 'celebration':
      title = t(`gameClient.celebrate.${screen.tier}`);
      tier = screen.tier;
      break;
    case 'jackpot':
      title = t('gameClient.jackpot', { tier: screen.tier.toUpperCase() });
      detail = t('gameClient.celebrate.jackpotText');
      tier = 'epic';
      break;
    case 'featureIntro':
      title = t(screen.feature === 'freeSpins' ? (screen.retrigger ? 'gameClient.celebrate.moreFreeSpins' : 'gameClient.celebrate.freeSpins') : 'gameClient.celebrate.holdAndLink');
      detail = screen.feature === 'freeSpins' ? t('gameClient.celebrate.freeSpinsText', { count: screen.count }) : t('gameClient.celebrate.holdAndLinkText', { count: screen.count });
      tier = 'mega';
      break;
    case 'featureTotal':
      title = t(screen.feature === 'freeSpins' ? 'gameClient.celebrate.freeSpinsTotal' : 'gameClient.celebrate.holdAndLinkTotal');
      tier = 'big';
      break;
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="celebration-title"
      className="gc-celebration fixed inset-0 z-20 grid place-items-center overflow-hidden bg-black/70 p-3 text-center"
      onClick={close}
      onKeyDown={(e) => {
        if (e.key === 'Escape' || e.key === ' ' || e.key === 'Enter') {
          e.preventDefault();
          close();
        }
      }}
      data-testid="celebration"
      data-kind={screen.kind}
      data-tier={screen.kind === 'celebration' ? screen.tier : undefined}
    >
      <span aria-hidden="true" className="gc-rays pointer-events-none absolute left-1/2 top-1/2 aspect-square w-[max(140vw,140vh)]" />
      <div className="gc-pop relative flex flex-col items-center gap-2">
        <h2 id="celebration-title" className={`bg-gradient-to-b bg-clip-text text-[clamp(1.8rem,9vmin,4.5rem)] font-black uppercase leading-none tracking-wide text-transparent [-webkit-text-stroke:1px_rgba(0,0,0,.35)] ${TIER_STYLE[tier]}`}>
          {title}
        </h2>
        {detail && <p className="max-w-xs text-base font-bold text-white sm:text-lg">{detail}</p>}
        {screen.kind !== 'featureIntro' && (
          <p className="text-[clamp(1.6rem,7vmin,3.5rem)] font-black tabular-nums text-white [text-shadow:0_2px_0_#000,0_0_18px_rgba(255,210,80,.8)]" data-testid="celebration-amount" aria-live="off">
            {fmt(shown)}
          </p>
        )}
        <button ref={button} type="button" className="mt-2 rounded-full border-2 border-white/80 bg-black/60 px-5 py-1.5 text-sm font-extrabold uppercase text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white" onClick={(e) => (e.stopPropagation(), close())}>
          {t(screen.kind === 'jackpot' ? 'gameClient.celebrate.collect' : 'gameClient.celebrate.continue')}
        </button>
      </div>
    </div>
  );
}
