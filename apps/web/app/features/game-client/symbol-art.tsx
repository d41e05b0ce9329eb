import { memo } from 'react';

/**
 * Original symbol art, generated from the catalogue: the symbol's role (wild, scatter, money, high
 * H1–H4, low L1–L5, classic sevens/bars/cherry) picks the shape, the game's palette the colours and
 * the game's theme a motif drawn into every regular symbol, so each game looks like itself.
 */
export type ThemeName = 'fruit' | 'ocean' | 'wild animals' | 'space' | 'gems' | 'myths';

const MOTIF: Record<ThemeName, string> = {
  fruit: 'M50 30c8-10 20-8 22 0-8 2-16 6-22 0zM50 30v14',
  ocean: 'M26 58c6-6 12-6 18 0s12 6 18 0 12-6 18 0',
  'wild animals': 'M42 48a5 6 0 1 0 .1 0M58 48a5 6 0 1 0 .1 0M35 38a4 5 0 1 0 .1 0M65 38a4 5 0 1 0 .1 0M50 54c-8 0-12 8-8 12h16c4-4 0-12-8-12z',
  space: 'M30 56c10 8 30 8 40 0M50 40a10 10 0 1 0 .1 0',
  gems: 'M36 40h28l6 8-20 20-20-20zM36 40l14 28M64 40L50 68M30 48h40',
  myths: 'M50 30v40M50 40l12-8M50 52l12-8M50 44l-12-8',
};

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  if (!Number.isFinite(n)) return hex;
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(c + (amount > 0 ? (255 - c) * amount : c * amount))));
  const r = f((n >> 16) & 255);
  const g = f((n >> 8) & 255);
  const b = f(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const HIGH_SHAPES = [
  'M50 12l30 12v26c0 20-14 32-30 38-16-6-30-18-30-38V24z', // shield
  'M50 10l34 20v40L50 90 16 70V30z', // hexagon
  'M50 12a38 38 0 1 0 .1 0z', // disc
  'M50 8l40 42-40 42-40-42z', // rhombus
];
const LOW_SHAPES = [
  'M20 24h60v52H20z',
  'M50 14l36 36-36 36-36-36z',
  'M50 12l11 25 27 3-20 18 6 27-24-14-24 14 6-27-20-18 27-3z',
  'M50 12c18 24 28 38 28 52a28 28 0 0 1-56 0c0-14 10-28 28-52z',
  'M50 16a34 34 0 1 0 .1 0zM50 32a18 18 0 1 1-.1 0z',
];

interface Props {
  id: string;
  name: string;
  kind: string;
  palette: readonly [string, string, string];
  theme: ThemeName;
}

function Art({ id, name, kind, palette, theme }: Props) {
  const [a, b, c] = palette;
  const gid = `g-${id}`;
  const initial = name.replace(/[^A-Za-z]/g, '').slice(0, 1).toUpperCase();
  let body: React.ReactNode;
  if (kind === 'blank') return <svg viewBox="0 0 100 100" aria-hidden="true" className="size-full" />;
  if (kind === 'wild') {
    const mult = /×(\d+)/.exec(name)?.[1];
    const points = Array.from({ length: 16 }, (_, i) => {
      const r = i % 2 === 0 ? 44 : 30;
      const t = (Math.PI * i) / 8;
      return `${50 + r * Math.sin(t)},${50 - r * Math.cos(t)}`;
    }).join(' ');
    body = (
      <>
        <polygon points={points} fill={`url(#${gid})`} stroke={shade(c, -0.4)} strokeWidth="3" />
        <text x="50" y={mult ? 52 : 58} textAnchor="middle" fontSize="19" fontWeight="900" fill="#fff" stroke={shade(a, -0.6)} strokeWidth="1">
          WILD
        </text>
        {mult && (
          <text x="50" y="72" textAnchor="middle" fontSize="16" fontWeight="900" fill="#fff">
            ×{mult}
          </text>
        )}
      </>
    );
  } else if (kind === 'scatter') {
    body = (
      <>
        {Array.from({ length: 8 }, (_, i) => (
          <path key={i} d="M50 4l4 14h-8z" fill={shade(b, 0.4)} transform={`rotate(${i * 45} 50 50)`} />
        ))}
        <circle cx="50" cy="50" r="30" fill={`url(#${gid})`} stroke="#fff" strokeWidth="3" />
        <path d={MOTIF[theme]} fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" transform="translate(50 50) scale(.7) translate(-50 -50)" />
      </>
    );
  } else if (kind === 'money') {
    body = (
      <>
        <circle cx="50" cy="50" r="40" fill={shade('#f5b82e', -0.1)} stroke="#7a4d00" strokeWidth="4" />
        <circle cx="50" cy="50" r="30" fill="none" stroke="#fff3c4" strokeWidth="3" strokeDasharray="4 4" />
        <text x="50" y="60" textAnchor="middle" fontSize="28" fontWeight="900" fill="#5a3500">
          $
        </text>
      </>
    );
  } else if (id === '7R' || id === '7B') {
    const fill = id === '7R' ? shade(a, -0.1) : shade(b, -0.1);
    body = (
      <text x="50" y="80" textAnchor="middle" fontSize="84" fontWeight="900" fill={fill} stroke={shade(fill, -0.6)} strokeWidth="3" fontStyle="italic">
        7
      </text>
    );
  } else if (id === 'B1' || id === 'B2' || id === 'B3') {
    const n = Number(id.slice(1));
    body = Array.from({ length: n }, (_, i) => {
      const y = 50 - (n * 20) / 2 + i * 20 + 2;
      return (
        <g key={i}>
          <rect x="16" y={y} width="68" height="16" rx="3" fill={shade(c, -0.5)} />
          <text x="50" y={y + 13} textAnchor="middle" fontSize="12" fontWeight="900" fill="#fff">
            BAR
          </text>
        </g>
      );
    });
  } else if (id === 'CH') {
    body = (
      <>
        <path d="M40 58C44 36 54 24 70 16M62 62C62 42 66 28 70 16" fill="none" stroke="#2e7d32" strokeWidth="4" />
        <circle cx="38" cy="66" r="16" fill={shade(a, 0)} stroke={shade(a, -0.5)} strokeWidth="3" />
        <circle cx="64" cy="68" r="16" fill={shade(a, 0.1)} stroke={shade(a, -0.5)} strokeWidth="3" />
      </>
    );
  } else {
    const high = /^H(\d)$/.exec(id);
    const low = /^L(\d)$/.exec(id);
    const index = Number((high ?? low)?.[1] ?? 1) - 1;
    const shape = high ? (HIGH_SHAPES[index % 4] ?? HIGH_SHAPES[0]!) : (LOW_SHAPES[index % 5] ?? LOW_SHAPES[0]!);
    body = (
      <>
        <path d={shape} fill={`url(#${gid})`} fillRule="evenodd" stroke={shade(high ? a : b, -0.55)} strokeWidth="3" />
        {high && <path d={MOTIF[theme]} fill="none" stroke="#fff" strokeOpacity=".85" strokeWidth="3" strokeLinecap="round" />}
        <text x="50" y={high ? 82 : 60} textAnchor="middle" fontSize={high ? 16 : 22} fontWeight="900" fill="#fff" stroke={shade(a, -0.7)} strokeWidth=".8">
          {initial}
        </text>
      </>
    );
  }
  const highIndex = Number(/^H(\d)$/.exec(id)?.[1] ?? 0);
  const lowIndex = Number(/^L(\d)$/.exec(id)?.[1] ?? 0);
  const base =
    kind === 'wild' ? c : kind === 'scatter' ? b : highIndex ? ([a, b, c, shade(a, 0.3)][highIndex - 1] ?? a) : lowIndex ? ([shade(b, 0.2), shade(c, 0.25), shade(a, 0.35), shade(b, -0.2), shade(c, -0.15)][lowIndex - 1] ?? b) : shade(b, 0.35);
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" className="size-full">
      <defs>
        <radialGradient id={gid} cx="40%" cy="35%" r="70%">
          <stop offset="0" stopColor={shade(base, 0.45)} />
          <stop offset="1" stopColor={shade(base, -0.25)} />
        </radialGradient>
      </defs>
      {body}
    </svg>
  );
}

export const SymbolArt = memo(Art);
