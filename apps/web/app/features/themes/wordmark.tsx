import type { ReactElement } from 'react';
import { themeVisual, type ThemeId } from './themes';

/** An original glyph per theme, drawn on a 32×32 grid in the theme's primary and accent colours. */
const GLYPHS: Record<ThemeId, ReactElement> = {
  funrize: (
    <g>
      <circle cx="16" cy="19" r="8" fill="var(--primary)" />
      <path d="M16 3v5M5 9l3.5 3.5M27 9l-3.5 3.5M2 19h4M26 19h4" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" />
    </g>
  ),
  tao: (
    <g>
      <circle cx="16" cy="16" r="13" fill="none" stroke="var(--primary)" strokeWidth="3" />
      <path d="M16 3a6.5 6.5 0 0 1 0 13a6.5 6.5 0 0 0 0 13a13 13 0 0 1 0-26z" fill="var(--primary)" />
      <circle cx="16" cy="9.5" r="2" fill="var(--bg)" />
      <circle cx="16" cy="22.5" r="2" fill="var(--primary)" />
    </g>
  ),
  nlc: (
    <g>
      <path d="M4 24l2-14 6 6 4-10 4 10 6-6 2 14z" fill="var(--primary)" />
      <rect x="4" y="25.5" width="24" height="3" rx="1.5" fill="var(--accent)" />
    </g>
  ),
  product: (
    <g>
      <rect x="5" y="4" width="22" height="7" rx="3" fill="var(--primary)" />
      <rect x="5" y="13" width="22" height="7" rx="3" fill="var(--accent)" />
      <rect x="5" y="22" width="22" height="7" rx="3" fill="var(--primary)" opacity="0.6" />
    </g>
  ),
  funzCity: (
    <g fill="var(--primary)">
      <rect x="3" y="14" width="6" height="15" />
      <rect x="10" y="6" width="6" height="23" />
      <rect x="17" y="11" width="5" height="18" fill="var(--accent)" />
      <rect x="23" y="3" width="6" height="26" />
    </g>
  ),
  jackpotRabbit: (
    <g>
      <ellipse cx="11" cy="9" rx="3" ry="8" fill="var(--primary)" />
      <ellipse cx="21" cy="9" rx="3" ry="8" fill="var(--primary)" />
      <circle cx="16" cy="21" r="9" fill="var(--primary)" />
      <circle cx="12.5" cy="20" r="1.6" fill="var(--surface)" />
      <circle cx="19.5" cy="20" r="1.6" fill="var(--surface)" />
      <circle cx="16" cy="24" r="1.8" fill="var(--accent)" />
    </g>
  ),
  sws: (
    <g fill="none" strokeWidth="3" strokeLinecap="round">
      <path d="M3 11c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="var(--accent)" />
      <path d="M3 19c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="var(--primary)" />
      <path d="M3 27c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="var(--accent)" />
    </g>
  ),
  scarletSands: (
    <g>
      <circle cx="21" cy="10" r="5" fill="var(--primary)" />
      <path d="M1 28c6-9 12-9 17-4 4-6 9-6 13-1v5z" fill="var(--accent)" />
    </g>
  ),
  stormrush: (
    <g>
      <path d="M19 2L6 18h8l-3 12 15-18h-9z" fill="var(--primary)" />
      <path d="M4 8h6M2 13h5" stroke="var(--accent)" strokeWidth="2.5" strokeLinecap="round" />
    </g>
  ),
};

const UPPERCASE: ReadonlySet<ThemeId> = new Set(['funzCity', 'sws', 'stormrush']);

/** The theme's wordmark: glyph plus the brand name in the theme's display typeface. */
export function Wordmark({ theme, className, compact = false }: { theme: ThemeId; className?: string; compact?: boolean }) {
  const { brand } = themeVisual(theme);
  if (compact) {
    return (
      <svg viewBox="0 0 32 32" height="32" width="32" className={className} role="img" aria-label={brand}>
        {GLYPHS[theme]}
      </svg>
    );
  }
  const width = 44 + brand.length * (brand === brand.toUpperCase() || UPPERCASE.has(theme) ? 17 : 13.5);
  return (
    <svg viewBox={`0 0 ${width} 32`} height="32" width={width} className={className} role="img" aria-label={brand}>
      {GLYPHS[theme]}
      <text x="38" y="23" fontSize="20" fontWeight="800" fill="var(--text)" style={{ fontFamily: 'var(--font-display-stack)', textTransform: 'var(--display-transform)' as 'none', letterSpacing: 'var(--display-tracking)' }}>
        {brand}
      </text>
    </svg>
  );
}
