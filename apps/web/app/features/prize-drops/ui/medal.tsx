import { levelKey } from './prize-drops-api';

/** A tier's medal, drawn with the theme's colours (the tier's name is the label beside it). */
export function Medal({ level, size = 40 }: { level: number; size?: number }) {
  const key = levelKey(level);
  const fill = key === 'gold' ? 'var(--accent)' : key === 'silver' ? 'var(--surface-2)' : 'var(--primary)';
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true">
      <path d="M12 2h6l4 12h-6z M28 2h-6l-4 12h6z" fill="var(--primary)" opacity="0.7" />
      <circle cx="20" cy="25" r="13" fill={fill} stroke="currentColor" strokeWidth="2" />
      {Array.from({ length: level }, (_, i) => (
        <circle key={i} cx={20 + (i - (level - 1) / 2) * 7} cy="25" r="2.5" fill="currentColor" />
      ))}
    </svg>
  );
}
