// The game client's own reels and celebration (apps/web/app/features/game-client), rendered alone.
import i18next from 'i18next';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { CelebrationScreen } from '../../../apps/web/app/features/game-client/celebration';
import type { Screen } from '../../../apps/web/app/features/game-client/presentation';
import { Reels, type ReelsHandle } from '../../../apps/web/app/features/game-client/reels';
import './harness.css';
import { BIG_WIN_AMOUNT, BIG_WIN_MS, grid, SLUG, SYMBOLS, WIN_LINE, type FrameBench } from './shared';

const symbols = Object.fromEntries(SYMBOLS.map((id) => [id, { name: id, kind: id === 'W' ? 'wild' : id === 'S' ? 'scatter' : 'regular' }]));
const strips = Array.from({ length: 5 }, (_, reel) => Array.from({ length: 30 }, (_, i) => SYMBOLS[(i * 7 + reel) % SYMBOLS.length]!));
const EPIC: Screen = { kind: 'celebration', tier: 'epic', amount: BIG_WIN_AMOUNT };

function Harness({ control }: { control: Ref<Omit<FrameBench, 'ready'>> }) {
  const reels = useRef<ReelsHandle>(null);
  const [shown, setShown] = useState(grid(0));
  const [celebrating, setCelebrating] = useState(false);
  const [round, setRound] = useState(0);
  useImperativeHandle(control, () => ({
    async spin(seed) {
      setCelebrating(false);
      const next = grid(seed);
      await reels.current?.spin(next, { turbo: false });
      setShown(next);
    },
    async bigWin() {
      setRound((n) => n + 1);
      setCelebrating(true);
      await new Promise((resolve) => setTimeout(resolve, BIG_WIN_MS));
    },
  }));
  const highlight = new Set(celebrating ? WIN_LINE.map(([r, row]) => `${r}-${row}`) : []);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center p-3 text-white">
      <div className="relative w-full max-w-3xl" style={{ aspectRatio: '5 / 3' }}>
        <Reels ref={reels} slug={SLUG} grid={shown} rows={3} strips={strips} symbols={symbols} highlight={highlight} lines={celebrating ? [WIN_LINE] : []} coinLabels={[]} label="reels" />
        {celebrating && <CelebrationScreen key={round} screen={EPIC} turbo={false} fmt={(v) => v.toLocaleString('en-US')} palette={['#06b6d4', '#f472b6', '#083344']} onDone={() => undefined} />}
      </div>
    </div>
  );
}

void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { gameClient: { celebrate: { epic: 'Epic win', continue: 'Continue' } } } } } });
const control: { current: Omit<FrameBench, 'ready'> | null } = { current: null };
createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18next}>
    <Harness control={control} />
  </I18nextProvider>,
);
const images = SYMBOLS.flatMap((id) => [`/images/games/symbols/${SLUG}/${id}.svg`, `/images/games/symbols/${SLUG}/${id}-blur.svg`]);
window.bench = {
  ready: Promise.all(images.map((src) => new Promise((resolve) => Object.assign(new Image(), { onload: resolve, onerror: resolve, src })))).then(() => undefined),
  spin: (seed) => control.current!.spin(seed),
  bigWin: () => control.current!.bigWin(),
};
