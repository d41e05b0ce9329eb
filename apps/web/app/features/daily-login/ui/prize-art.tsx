import { CoinIcon } from '../../../components/icons';

/** A reel of three symbols: the picture of a free-spins prize (decorative). */
function SpinsIcon({ className }: { className?: string }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <rect x="2.5" y="4" width="19" height="16" rx="3" fill="#7c5cff" stroke="#00000040" strokeWidth="1.5" />
      <rect x="5" y="7" width="4" height="10" rx="1" fill="#fff" />
      <rect x="10" y="7" width="4" height="10" rx="1" fill="#fff" />
      <rect x="15" y="7" width="4" height="10" rx="1" fill="#fff" />
      <circle cx="7" cy="12" r="1.3" fill="#e8465b" />
      <circle cx="12" cy="12" r="1.3" fill="#e8465b" />
      <circle cx="17" cy="12" r="1.3" fill="#e8465b" />
    </svg>
  );
}

/** A claimed level's tick (decorative). */
function ClaimedIcon({ className }: { className?: string }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.18" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The picture of a level: claimed, free spins, Fortune Coins (with Gold Coins), or Gold Coins. */
export function PrizeArt({ claimed, freeSpins, fortune }: { claimed: boolean; freeSpins: boolean; fortune: boolean }) {
  if (claimed) return <ClaimedIcon className="text-accent" />;
  if (freeSpins) return <SpinsIcon />;
  if (fortune)
    return (
      <span className="flex -space-x-1.5" aria-hidden="true">
        <CoinIcon tone="gold" className="size-6" />
        <CoinIcon tone="fortune" className="size-6" />
      </span>
    );
  return <CoinIcon tone="gold" className="size-7" />;
}
