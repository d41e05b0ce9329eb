import { useId } from 'react';

/** Small inline icons (decorative: aria-hidden; the button or link carries the name). */
type IconProps = { className?: string };
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export const MenuIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const SearchIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
export const BellIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
);
export const UserIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const PlusIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export function StarIcon({ filled, className }: IconProps & { filled: number }) {
  const id = useId();
  const percent = `${Math.round(filled * 100)}%`;
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={id}>
          <stop offset={percent} stopColor="currentColor" />
          <stop offset={percent} stopColor="currentColor" stopOpacity="0.25" />
        </linearGradient>
      </defs>
      <path fill={`url(#${id})`} d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}
export const CoinIcon = ({ tone, className }: IconProps & { tone: 'gold' | 'fortune' }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
    <circle cx="12" cy="12" r="10" fill={tone === 'gold' ? '#f4c430' : '#2fd08a'} stroke="#00000040" strokeWidth="1.5" />
    <text x="12" y="16.2" textAnchor="middle" fontSize="11" fontWeight="800" fill="#1b1400" fontFamily="system-ui, sans-serif">
      {tone === 'gold' ? 'G' : 'F'}
    </text>
  </svg>
);
export const GlobeIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </svg>
);
