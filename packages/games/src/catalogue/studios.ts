/** The fictional studios of the in-house catalogue (original names). */
export const STUDIOS = {
  lanternfish: { slug: 'lanternfish-labs', name: 'Lanternfish Labs', tagline: 'Deep-sea reels and fishing tales' },
  comet: { slug: 'copper-comet', name: 'Copper Comet', tagline: 'Retro space slots' },
  northwind: { slug: 'northwind-reels', name: 'Northwind Reels', tagline: 'Myths of the frozen north' },
  saffron: { slug: 'saffron-gate', name: 'Saffron Gate', tagline: 'Gems, fruit and classic sevens' },
  bramble: { slug: 'bramblewood-games', name: 'Bramblewood Games', tagline: 'Into the wild' },
} as const;
