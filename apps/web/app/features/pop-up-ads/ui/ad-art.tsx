import type { PopUpImage } from '@sweepstack/contracts/pop-up-ads/popup-ads';

/**
 * The ads' art, our own drawings in the theme's colours (tokens, never brand colours): an operator's
 * ad names one of them. Decorative: the ad's title says what it is.
 */
export function AdArt({ image }: { image: PopUpImage }) {
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false" className="mx-auto" data-testid={`pop-up-ad-art-${image}`}>
      <defs>
        <radialGradient id="pop-up-ad-glow" cx="50%" cy="55%" r="55%">
          <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="60" cy="52" rx="58" ry="44" fill="url(#pop-up-ad-glow)" />
      {image === 'gift' && (
        <g>
          <rect x="30" y="40" width="60" height="44" rx="6" fill="var(--primary)" />
          <rect x="26" y="30" width="68" height="16" rx="5" fill="var(--accent)" />
          <rect x="55" y="30" width="10" height="54" fill="var(--on-primary)" opacity="0.85" />
          <path d="M60 30 C48 14 34 20 42 30 Z M60 30 C72 14 86 20 78 30 Z" fill="var(--accent)" stroke="var(--on-accent)" strokeWidth="2" />
        </g>
      )}
      {image === 'coins' && (
        <g stroke="var(--on-accent)" strokeWidth="2">
          {[0, 1, 2, 3].map((i) => (
            <ellipse key={`l${i}`} cx="44" cy={78 - i * 9} rx="20" ry="7" fill="var(--accent)" />
          ))}
          {[0, 1, 2].map((i) => (
            <ellipse key={`r${i}`} cx="78" cy={80 - i * 9} rx="20" ry="7" fill="var(--primary)" />
          ))}
          <circle cx="62" cy="30" r="16" fill="var(--accent)" />
          <path d="M62 20 l3 6 7 1 -5 5 1 7 -6 -3 -6 3 1 -7 -5 -5 7 -1 Z" fill="var(--on-accent)" stroke="none" />
        </g>
      )}
      {image === 'ticket' && (
        <g>
          <path d="M20 30 h80 v10 a8 8 0 0 0 0 16 v10 h-80 v-10 a8 8 0 0 0 0 -16 Z" fill="var(--accent)" stroke="var(--on-accent)" strokeWidth="2" />
          <path d="M46 32 v32" stroke="var(--on-accent)" strokeWidth="2" strokeDasharray="4 4" />
          <path d="M70 38 l3 7 7 1 -5 5 1 7 -6 -3 -6 3 1 -7 -5 -5 7 -1 Z" fill="var(--primary)" />
        </g>
      )}
      {image === 'trophy' && (
        <g stroke="var(--on-accent)" strokeWidth="2">
          <path d="M40 18 h40 v18 a20 20 0 0 1 -40 0 Z" fill="var(--accent)" />
          <path d="M40 24 h-10 a10 10 0 0 0 12 14 M80 24 h10 a10 10 0 0 1 -12 14" fill="none" />
          <rect x="55" y="56" width="10" height="12" fill="var(--accent)" />
          <rect x="42" y="68" width="36" height="10" rx="3" fill="var(--primary)" />
        </g>
      )}
    </svg>
  );
}
