import type { ReactNode } from 'react';

/**
 * How every feature page opens (bingo, prize drops, VIP, free entry, lottery, quests, the wheel, the
 * adventure map): its title and a short intro, centred; a page may add a line of its own under them.
 */
export function FeaturePageHeader({ title, intro, children }: { title: ReactNode; intro: ReactNode; children?: ReactNode }) {
  return (
    <header className="text-center">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-2 max-w-prose text-muted">{intro}</p>
      {children}
    </header>
  );
}

/** The line a feature page shows until its data arrives (or that it could not be loaded), announced politely. */
export function FeaturePageStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-center text-muted">
      {children}
    </p>
  );
}
