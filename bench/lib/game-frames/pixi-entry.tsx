// The same reels and celebration drawn with PixiJS (WebGL): the renderer the game client was weighed
// against. Same symbol files (as textures), same timings and keyframes (reel-motion.ts), same confetti count.
import { Application, Assets, BitmapText, Container, Graphics, Sprite, Text, Texture } from 'pixi.js';
import { fillerCount, reelDurations, reelKeyframes } from '../../../apps/web/app/features/game-client/reel-motion';
import { BIG_WIN_AMOUNT, BIG_WIN_MS, grid, SLUG, SYMBOLS, WIN_LINE, type FrameBench } from './shared';

/** CSS cubic-bezier(x1, y1, x2, y2) as a function of progress. */
function bezier(x1: number, y1: number, x2: number, y2: number): (t: number) => number {
  const at = (a: number, b: number, t: number) => 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3;
  return (x) => {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (at(x1, x2, mid) < x) lo = mid;
      else hi = mid;
    }
    return at(y1, y2, (lo + hi) / 2);
  };
}

function easingOf(easing: string | undefined): (t: number) => number {
  const m = /cubic-bezier\(([^)]+)\)/.exec(easing ?? '');
  if (!m) return (t) => t;
  const [a, b, c, d] = m[1]!.split(',').map(Number) as [number, number, number, number];
  return bezier(a, b, c, d);
}

/** Position (percent of the strip) at progress t of the keyframes. */
function sample(frames: Keyframe[], t: number): number {
  const y = (f: Keyframe) => Number(/translate3d\(0, (-?[\d.]+)%/.exec(String(f.transform))?.[1] ?? 0);
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1]!;
    const b = frames[i]!;
    const from = Number(a.offset);
    const to = Number(b.offset);
    if (t <= to) return y(a) + (y(b) - y(a)) * easingOf(a.easing)((t - from) / (to - from));
  }
  return y(frames.at(-1)!);
}

const app = new Application();
const sharp: Record<string, Texture> = {};
const blurred: Record<string, Texture> = {};
let reels: Container[] = [];
let cell = 0;
let shown = grid(0);
const strips: { sprites: Sprite[]; container: Container }[] = [];
const board = new Container();

function sprite(id: string, blur: boolean, row: number): Sprite {
  const s = new Sprite((blur ? blurred : sharp)[id] ?? Texture.EMPTY);
  s.anchor.set(0.5);
  s.width = s.height = cell * 0.9;
  s.position.set(cell / 2, row * cell + cell / 2);
  return s;
}

function layout(): void {
  const width = Math.min(window.innerWidth - 24, 768);
  cell = width / 5;
  board.position.set((window.innerWidth - width) / 2, (window.innerHeight - cell * 3) / 2);
  board.removeChildren();
  reels = [];
  strips.length = 0;
  for (let reel = 0; reel < 5; reel++) {
    const frame = new Container();
    frame.position.set(reel * cell, 0);
    const back = new Graphics().roundRect(2, 0, cell - 4, cell * 3, 10).fill({ color: 0x000000, alpha: 0.35 });
    const mask = new Graphics().rect(0, 0, cell, cell * 3).fill(0xffffff);
    const strip = new Container();
    frame.addChild(back, strip, mask);
    strip.mask = mask;
    board.addChild(frame);
    reels.push(frame);
    const sprites = (shown[reel] ?? []).map((id, row) => sprite(id, false, row));
    strip.addChild(...sprites);
    strips.push({ sprites, container: strip });
  }
}

function animate(ms: number, step: (t: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    const tick = () => {
      const t = Math.min(1, (performance.now() - start) / ms);
      step(t);
      if (t >= 1) {
        app.ticker.remove(tick);
        resolve();
      }
    };
    app.ticker.add(tick);
  });
}

async function spin(seed: number): Promise<void> {
  overlay.visible = false;
  const next = grid(seed);
  const durations = reelDurations(5, false);
  await Promise.all(
    next.map(async (column, reel) => {
      const { container } = strips[reel]!;
      const duration = durations[reel]!;
      const filler = Array.from({ length: fillerCount(duration, false) }, () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]!);
      const ids = [...column.map((id) => [id, false] as const), ...filler.map((id) => [id, true] as const), ...(shown[reel] ?? []).map((id) => [id, false] as const)];
      container.removeChildren().forEach((c) => c.destroy());
      const sprites = ids.map(([id, blur], row) => sprite(id, blur, row));
      container.addChild(...sprites);
      const frames = reelKeyframes(ids.length, 3);
      const height = ids.length * cell;
      await animate(duration, (t) => (container.y = (sample(frames, t) / 100) * height));
      container.removeChildren(3).forEach((c) => c.destroy());
      strips[reel]!.sprites = sprites.slice(0, 3);
    }),
  );
  shown = next;
}

// The celebration: dark veil, turning rays, title, rolling counter, winning symbols pulsing, a drawn line, confetti.
const overlay = new Container();
const veil = new Graphics();
const rays = new Graphics();
const title = new Text({ text: 'EPIC WIN', style: { fontFamily: 'sans-serif', fontSize: 64, fontWeight: '900', fill: 0xff6fd8, stroke: { color: 0x000000, width: 4 } } });
const counter = new BitmapText({ text: '0', style: { fontFamily: 'sans-serif', fontSize: 52, fontWeight: '900', fill: 0xffffff } });
const line = new Graphics();
const confetti = new Container();
interface Particle {
  s: Sprite;
  vx: number;
  vy: number;
  spin: number;
}
let particles: Particle[] = [];

async function bigWin(): Promise<void> {
  const w = window.innerWidth;
  const h = window.innerHeight;
  overlay.visible = true;
  veil.clear().rect(0, 0, w, h).fill({ color: 0x000000, alpha: 0.7 });
  rays.clear();
  for (let i = 0; i < 16; i++) {
    const a = (Math.PI * 2 * i) / 16;
    const r = Math.max(w, h);
    rays.poly([0, 0, Math.cos(a) * r, Math.sin(a) * r, Math.cos(a + 0.17) * r, Math.sin(a + 0.17) * r]).fill({ color: 0xffdc78, alpha: 0.22 });
  }
  rays.position.set(w / 2, h / 2);
  title.anchor.set(0.5);
  title.position.set(w / 2, h / 2 - 40);
  counter.anchor.set(0.5);
  counter.position.set(w / 2, h / 2 + 30);
  line.clear().moveTo(board.x + cell / 2, board.y + cell * 1.5).lineTo(board.x + cell * 4.5, board.y + cell * 1.5).stroke({ color: 0xffe066, width: 5 });
  const winners = WIN_LINE.map(([reel]) => strips[reel]!.sprites[1]!).filter(Boolean);
  const colours = [0xffe066, 0xffffff, 0x06b6d4, 0xf472b6];
  let burst = 0;
  const start = performance.now();
  const rollMs = 4600;
  await animate(BIG_WIN_MS, () => {
    const elapsed = performance.now() - start;
    rays.rotation = (elapsed / 14000) * Math.PI * 2;
    const pop = Math.min(1, elapsed / 550);
    title.scale.set(pop < 0.6 ? (pop / 0.6) * 1.12 : 1.12 - ((pop - 0.6) / 0.4) * 0.12);
    const t = Math.min(1, elapsed / rollMs);
    counter.text = Math.floor(BIG_WIN_AMOUNT * (1 - (1 - t) ** 3)).toLocaleString('en-US');
    const pulse = 1 + 0.13 * Math.sin((elapsed / 700) * Math.PI * 2) ** 2;
    for (const s of winners) s.scale.set((cell * 0.9 * pulse) / (s.texture.width || 1));
    while (burst < 3 && elapsed >= burst * 550) {
      const x = w * (0.15 + 0.7 * ((burst * 0.37) % 1));
      for (let i = 0; i < 70; i++) {
        const s = new Sprite(Texture.WHITE);
        s.tint = colours[i % colours.length]!;
        s.width = 8;
        s.height = 5;
        s.position.set(x, h * 0.65);
        const angle = -Math.PI / 2 + (Math.random() - 0.5) * ((75 * Math.PI) / 180);
        const speed = 42 * (0.5 + Math.random() * 0.5);
        particles.push({ s, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, spin: Math.random() * 0.3 });
        confetti.addChild(s);
      }
      burst++;
    }
    particles = particles.filter((p) => {
      p.vx *= 0.9;
      p.vy = p.vy * 0.9 + 3;
      p.s.x += p.vx;
      p.s.y += p.vy;
      p.s.rotation += p.spin;
      p.s.alpha -= 0.004;
      if (p.s.alpha > 0 && p.s.y < h + 20) return true;
      p.s.destroy();
      return false;
    });
  });
  for (const s of winners) s.width = s.height = cell * 0.9;
}

async function init(): Promise<void> {
  await app.init({ resizeTo: window, backgroundAlpha: 0, antialias: true, resolution: window.devicePixelRatio, autoDensity: true, preference: 'webgl' });
  document.body.appendChild(app.canvas);
  await Promise.all(
    SYMBOLS.map(async (id) => {
      sharp[id] = await Assets.load<Texture>({ src: `/images/games/symbols/${SLUG}/${id}.svg`, data: { resolution: 2 } });
      blurred[id] = await Assets.load<Texture>({ src: `/images/games/symbols/${SLUG}/${id}-blur.svg`, data: { resolution: 2 } });
    }),
  );
  layout();
  overlay.visible = false;
  overlay.addChild(veil, rays, line, title, counter, confetti);
  app.stage.addChild(board, overlay);
}

window.bench = { ready: init(), spin, bigWin } satisfies FrameBench;
