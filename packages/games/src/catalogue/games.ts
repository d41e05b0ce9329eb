import { type ClassicConfig, type ClassicRule } from '../engines/classic';
import { type FreeSpinsSlotConfig } from '../engines/free-spins-slot';
import { type GameConfig } from '../engines/game';
import { type CoinValue, type HoldAndLinkConfig } from '../engines/hold-and-link';
import { type SymbolDef } from '../engines/types';
import { betLimits, buildClassicStrip, buildStrip, FC_RANGE, GC_RANGE, LINES_20, scaleOne, scalePays, varyCounts } from './builders';
import { STUDIOS } from './studios';
import { THEMES, videoSymbols, type ThemeKey } from './themes';
import { type CatalogueGame, type Volatility } from './types';

/**
 * Every game is built from a short spec: theme, reel profile, a seed that varies the reel strips, and
 * `scale`, the percentage applied to the design paytable so that the exact RTP lands in 94–97%
 * (found with `npm run games:math`; the math sheets print the resulting integer paytables).
 */
interface SpecBase {
  slug: string;
  title: string;
  studio: keyof typeof STUDIOS;
  theme: CatalogueGame['theme'];
  names: ThemeKey;
  volatility: Volatility;
  description: string;
  palette: [string, string, string];
  seed: number;
  scale: number;
}

interface ClassicSpec extends SpecBase { kind: 'classic'; lines: 1 | 3 | 5; wild: boolean; profile: 'sevens' | 'bars' }
interface LinesSpec extends SpecBase { kind: 'lines'; profile: 'balanced' | 'spiky'; multiplier: number; buyPrice?: number }
interface WaysSpec extends SpecBase { kind: 'ways'; profile: 'balanced' | 'spiky'; multiplier: number; wildMultipliers: [number, number]; buyPrice?: number }
interface LinkSpec extends SpecBase { kind: 'link'; profile: 'balanced' | 'spiky'; moneyPerReel: number; landing: number; buyPrice?: number }
export type GameSpec = ClassicSpec | LinesSpec | WaysSpec | LinkSpec;

// ---------- classic 3-reel ----------

const CLASSIC_NAMES: Record<ThemeKey, string[]> = {
  fruit: ['Cherry Seven', 'Plum Seven', 'Triple Bar', 'Double Bar', 'Bar', 'Cherry', 'Golden Bell'],
  gems: ['Ruby Seven', 'Sapphire Seven', 'Triple Ingot', 'Double Ingot', 'Ingot', 'Garnet', 'Diamond'],
  space: ['Red Giant Seven', 'Blue Dwarf Seven', 'Triple Orbit', 'Double Orbit', 'Orbit', 'Red Moon', 'Supernova'],
  myth: ['Flame Seven', 'Frost Seven', 'Triple Rune', 'Double Rune', 'Rune', 'Mead Mug', 'Thunder Crown'],
  reef: ['Coral Seven', 'Lagoon Seven', 'Triple Wave', 'Double Wave', 'Wave', 'Clam', 'Lantern'],
  angler: ['Red Float Seven', 'Blue Float Seven', 'Triple Line', 'Double Line', 'Line', 'Cherry Bait', 'Golden Lure'],
  savanna: ['Sunset Seven', 'Oasis Seven', 'Triple Track', 'Double Track', 'Track', 'Marula', 'Lion Crest'],
  forest: ['Ember Seven', 'River Seven', 'Triple Log', 'Double Log', 'Log', 'Berry', 'Moon Howl'],
  dragon: ['Jade Seven', 'Pearl Seven', 'Triple Scroll', 'Double Scroll', 'Scroll', 'Lychee', 'Dragon Eye'],
  prairie: ['Sheriff Seven', 'Sky Seven', 'Triple Rail', 'Double Rail', 'Rail', 'Prickly Pear', 'Gold Nugget'],
};

function classicConfig(spec: ClassicSpec): ClassicConfig {
  const names = CLASSIC_NAMES[spec.names];
  const ids = ['7R', '7B', 'B3', 'B2', 'B1', 'CH', 'WD'];
  const symbols: SymbolDef[] = [
    ...ids.slice(0, 6).map((id, i): SymbolDef => ({ id, name: names[i]!, kind: 'regular' })),
    ...(spec.wild ? [{ id: 'WD', name: `${names[6]} Wild ×2`, kind: 'wild' as const }] : []),
    { id: 'BL', name: 'Blank', kind: 'blank' },
  ];
  const base: Record<string, number[]> = spec.profile === 'sevens'
    ? { '7R': [1, 1, 1], '7B': [2, 2, 2], B3: [2, 2, 2], B2: [3, 3, 3], B1: [4, 4, 4], CH: [3, 2, 2] }
    : { '7R': [1, 1, 1], '7B': [1, 1, 1], B3: [3, 3, 3], B2: [4, 4, 4], B1: [5, 5, 5], CH: [4, 3, 3] };
  if (spec.wild) base.WD = [1, 1, 1];
  const counts = varyCounts(base, spec.seed, ['7R', 'WD']);
  const reels = counts.map((c, reel) => buildClassicStrip(c, spec.seed * 10 + reel, 'BL'));
  const sevens = ['7R', '7B'];
  const bars = ['B3', 'B2', 'B1'];
  // Rule pays are in line bets; one line bet = 10 pay units.
  const rules: ClassicRule[] = [
    ...(spec.wild ? [{ name: 'Three Wilds', pattern: [['WD'], ['WD'], ['WD']] as [string[], string[], string[]], pay: 1000 }] : []),
    { name: 'Three Red Sevens', pattern: [['7R'], ['7R'], ['7R']], pay: spec.profile === 'sevens' ? 400 : 600 },
    { name: 'Three Blue Sevens', pattern: [['7B'], ['7B'], ['7B']], pay: spec.profile === 'sevens' ? 150 : 250 },
    { name: 'Any Three Sevens', pattern: [sevens, sevens, sevens], pay: 50 },
    { name: 'Three Triple Bars', pattern: [['B3'], ['B3'], ['B3']], pay: 80 },
    { name: 'Three Double Bars', pattern: [['B2'], ['B2'], ['B2']], pay: 40 },
    { name: 'Three Bars', pattern: [['B1'], ['B1'], ['B1']], pay: 20 },
    { name: 'Any Three Bars', pattern: [bars, bars, bars], pay: 8 },
    { name: 'Three Cherries', pattern: [['CH'], ['CH'], ['CH']], pay: 30 },
    { name: 'Two Cherries', pattern: [['CH'], ['CH'], ['*']], pay: 5 },
    { name: 'One Cherry', pattern: [['CH'], ['*'], ['*']], pay: 2 },
  ];
  return {
    engine: 'classic',
    symbols,
    reels,
    lines: spec.lines,
    rules: rules.map((r) => ({ ...r, pay: scaleOne(r.pay * 10, spec.scale) })),
    wildMultiplier: 2,
    betDivisor: spec.lines * 10,
  };
}

// ---------- 5×3 lines and 243 ways with free spins ----------

const LINES_PROFILES = {
  balanced: {
    counts: { W: [1, 1, 1, 1, 1], S: [1, 1, 1, 1, 1], H1: [1, 1, 2, 2, 2], H2: [2, 2, 2, 2, 2], H3: [2, 2, 3, 3, 3], H4: [3, 3, 3, 3, 3], L1: [4, 4, 4, 4, 4], L2: [4, 4, 4, 4, 4], L3: [4, 4, 4, 4, 4], L4: [4, 4, 4, 4, 4] },
    pays: { W: [0, 0, 250, 1250, 5000], H1: [0, 10, 150, 500, 2500], H2: [0, 0, 100, 300, 1000], H3: [0, 0, 75, 200, 750], H4: [0, 0, 50, 150, 500], L1: [0, 0, 25, 75, 250], L2: [0, 0, 25, 50, 200], L3: [0, 0, 20, 50, 150], L4: [0, 0, 20, 40, 125] },
  },
  spiky: {
    counts: { W: [1, 1, 1, 1, 1], S: [1, 1, 1, 1, 1], H1: [1, 1, 1, 1, 1], H2: [1, 2, 2, 2, 2], H3: [2, 2, 2, 2, 2], H4: [3, 3, 3, 3, 3], L1: [4, 4, 4, 4, 4], L2: [4, 4, 4, 4, 4], L3: [5, 5, 5, 5, 5], L4: [5, 5, 5, 5, 5] },
    pays: { W: [0, 0, 500, 2500, 10000], H1: [0, 25, 250, 1000, 5000], H2: [0, 0, 150, 500, 2000], H3: [0, 0, 100, 250, 1000], H4: [0, 0, 60, 150, 600], L1: [0, 0, 20, 60, 200], L2: [0, 0, 20, 50, 150], L3: [0, 0, 15, 40, 125], L4: [0, 0, 15, 30, 100] },
  },
} as const;

const WAYS_PROFILES = {
  balanced: {
    counts: { W2: [0, 1, 1, 1, 0], W3: [0, 0, 1, 0, 0], S: [1, 1, 1, 1, 1], H1: [2, 2, 2, 2, 2], H2: [2, 2, 2, 2, 2], H3: [2, 2, 2, 2, 2], H4: [3, 3, 3, 3, 3], L1: [3, 3, 3, 3, 3], L2: [3, 3, 3, 3, 3], L3: [3, 3, 3, 3, 3], L4: [3, 3, 3, 3, 3], L5: [3, 3, 3, 3, 3] },
    pays: { H1: [0, 0, 50, 150, 500], H2: [0, 0, 40, 100, 300], H3: [0, 0, 30, 75, 200], H4: [0, 0, 25, 60, 150], L1: [0, 0, 10, 25, 75], L2: [0, 0, 10, 20, 60], L3: [0, 0, 5, 15, 50], L4: [0, 0, 5, 15, 40], L5: [0, 0, 5, 10, 30] },
  },
  spiky: {
    counts: { W2: [0, 1, 0, 1, 0], W3: [0, 0, 1, 0, 1], S: [1, 1, 1, 1, 1], H1: [1, 1, 2, 2, 2], H2: [2, 2, 2, 2, 2], H3: [2, 2, 2, 2, 2], H4: [2, 3, 3, 3, 3], L1: [3, 3, 3, 3, 3], L2: [3, 3, 3, 3, 3], L3: [4, 4, 4, 4, 4], L4: [4, 4, 4, 4, 4], L5: [4, 4, 4, 4, 4] },
    pays: { H1: [0, 0, 100, 400, 1500], H2: [0, 0, 60, 200, 600], H3: [0, 0, 40, 100, 300], H4: [0, 0, 30, 75, 200], L1: [0, 0, 10, 25, 75], L2: [0, 0, 10, 20, 60], L3: [0, 0, 5, 15, 40], L4: [0, 0, 5, 10, 30], L5: [0, 0, 5, 10, 25] },
  },
} as const;

function freeStrips(counts: Record<string, number>[], seed: number, extraWild: string[]): string[][] {
  return counts.map((c, reel) => {
    const free = { ...c };
    for (const w of extraWild) if ((free[w] ?? 0) > 0 && reel > 0) free[w] = free[w]! + 1;
    return buildStrip(free, seed * 100 + 50 + reel, ['S']);
  });
}

function linesConfig(spec: LinesSpec): FreeSpinsSlotConfig {
  const profile = LINES_PROFILES[spec.profile];
  const counts = varyCounts(profile.counts as unknown as Record<string, number[]>, spec.seed, ['W', 'S']);
  return {
    engine: 'lines', reelCount: 5, rows: 3,
    symbols: videoSymbols(THEMES[spec.names], { scatter: true, lowCount: 4 }),
    reels: { base: counts.map((c, reel) => buildStrip(c, spec.seed * 100 + reel, ['S'])), free: freeStrips(counts, spec.seed, ['W']) },
    lines: LINES_20,
    pays: scalePays(profile.pays as unknown as Record<string, number[]>, spec.scale),
    scatterPays: [0, 0, 0, 200, 1000, 5000].map((v) => scaleOne(v, spec.scale)),
    freeSpins: { awards: [0, 0, 0, 10, 12, 15], retriggers: [0, 0, 0, 5, 5, 5], multiplier: spec.multiplier, maxSpins: 60 },
    betDivisor: 100,
    ...(spec.buyPrice ? { bonusBuy: { priceUnits: spec.buyPrice, scatters: 3 } } : {}),
  };
}

function waysConfig(spec: WaysSpec): FreeSpinsSlotConfig {
  const profile = WAYS_PROFILES[spec.profile];
  const counts = varyCounts(profile.counts as unknown as Record<string, number[]>, spec.seed, ['W2', 'W3', 'S']);
  const [m2, m3] = spec.wildMultipliers;
  return {
    engine: 'ways', reelCount: 5, rows: 3,
    symbols: videoSymbols(THEMES[spec.names], { scatter: true, lowCount: 5, wilds: [{ id: 'W2', multiplier: m2 }, { id: 'W3', multiplier: m3 }] }),
    reels: { base: counts.map((c, reel) => buildStrip(c, spec.seed * 100 + reel, ['S'])), free: freeStrips(counts, spec.seed, ['W2']) },
    pays: scalePays(profile.pays as unknown as Record<string, number[]>, spec.scale),
    scatterPays: [0, 0, 0, 200, 1000, 5000].map((v) => scaleOne(v, spec.scale)),
    freeSpins: { awards: [0, 0, 0, 8, 10, 15], retriggers: [0, 0, 0, 4, 4, 4], multiplier: spec.multiplier, maxSpins: 50 },
    betDivisor: 100,
    ...(spec.buyPrice ? { bonusBuy: { priceUnits: spec.buyPrice, scatters: 3 } } : {}),
  };
}

// ---------- hold and link ----------

const COIN_DESIGN: CoinValue[] = [
  { value: 50, weight: 400 }, { value: 100, weight: 250 }, { value: 150, weight: 150 }, { value: 200, weight: 100 },
  { value: 250, weight: 60 }, { value: 500, weight: 30 }, { value: 1000, weight: 10 },
  { value: 2000, weight: 6, tier: 'mini' }, { value: 5000, weight: 3, tier: 'minor' }, { value: 20000, weight: 1, tier: 'major' },
];

function linkConfig(spec: LinkSpec): HoldAndLinkConfig {
  const base = {
    W: [1, 1, 1, 1, 1], M: [spec.moneyPerReel, spec.moneyPerReel, spec.moneyPerReel, spec.moneyPerReel, spec.moneyPerReel],
    H1: [1, 1, 2, 2, 2], H2: [2, 2, 2, 2, 2], H3: [2, 2, 3, 3, 3], H4: [3, 3, 3, 3, 3], L1: [3, 3, 3, 3, 3], L2: [3, 3, 3, 3, 3], L3: [4, 4, 4, 4, 4], L4: [4, 4, 4, 4, 4],
  };
  const counts = varyCounts(base, spec.seed, ['W', 'M']);
  return {
    engine: 'holdAndLink', reelCount: 5, rows: 3,
    symbols: videoSymbols(THEMES[spec.names], { money: true, lowCount: 4 }),
    reels: counts.map((c, reel) => buildStrip(c, spec.seed * 100 + reel)),
    lines: LINES_20,
    pays: scalePays(LINES_PROFILES[spec.profile].pays as unknown as Record<string, number[]>, spec.scale),
    betDivisor: 100,
    trigger: 6,
    respins: 3,
    landing: { numerator: 1, denominator: spec.landing },
    coinValues: COIN_DESIGN.map((c) => (c.tier ? c : { ...c, value: scaleOne(c.value, spec.scale) })),
    jackpotContributionBasisPoints: 100,
    ...(spec.buyPrice ? { bonusBuy: { priceUnits: spec.buyPrice, coins: 6 } } : {}),
  };
}

// ---------- the catalogue ----------

export const GAME_SPECS: GameSpec[] = [
  // Classic 3-reel
  { kind: 'classic', slug: 'cherry-hearth-classic', title: 'Cherry Hearth Classic', studio: 'saffron', theme: 'fruit', names: 'fruit', volatility: 'medium', description: 'One line, cherries and bars the old way.', palette: ['#b91c1c', '#fde68a', '#7f1d1d'], seed: 11, scale: 126, lines: 1, wild: false, profile: 'bars' },
  { kind: 'classic', slug: 'triple-ember-sevens', title: 'Triple Ember Sevens', studio: 'comet', theme: 'space', names: 'space', volatility: 'low', description: 'Three lines of burning sevens between the stars.', palette: ['#ea580c', '#1e1b4b', '#fbbf24'], seed: 12, scale: 141, lines: 3, wild: false, profile: 'sevens' },
  { kind: 'classic', slug: 'frostbar-five', title: 'Frostbar Five', studio: 'northwind', theme: 'myths', names: 'myth', volatility: 'low', description: 'Five lines of runes frozen in ice.', palette: ['#38bdf8', '#e0f2fe', '#0c4a6e'], seed: 13, scale: 136, lines: 5, wild: false, profile: 'bars' },
  { kind: 'classic', slug: 'lucky-lantern-classic', title: 'Lucky Lantern Classic', studio: 'lanternfish', theme: 'ocean', names: 'reef', volatility: 'medium', description: 'Doubling lantern wilds on five harbour lines.', palette: ['#0ea5e9', '#facc15', '#082f49'], seed: 14, scale: 53, lines: 5, wild: true, profile: 'sevens' },
  { kind: 'classic', slug: 'bison-bar-deluxe', title: 'Bison Bar Deluxe', studio: 'bramble', theme: 'wild animals', names: 'prairie', volatility: 'high', description: 'Three prairie lines with doubling nugget wilds.', palette: ['#92400e', '#fcd34d', '#451a03'], seed: 15, scale: 58, lines: 3, wild: true, profile: 'bars' },
  { kind: 'classic', slug: 'gemstone-sevens', title: 'Gemstone Sevens', studio: 'saffron', theme: 'gems', names: 'gems', volatility: 'medium', description: 'Ruby and sapphire sevens with diamond wilds.', palette: ['#be123c', '#2563eb', '#f5f5f4'], seed: 22, scale: 50, lines: 5, wild: true, profile: 'sevens' },
  // 5×3, 20 lines, free spins
  { kind: 'lines', slug: 'reef-raiders', title: 'Reef Raiders', studio: 'lanternfish', theme: 'ocean', names: 'reef', volatility: 'medium', description: 'Dive the coral reef: pearl scatters open free spins with doubled wins.', palette: ['#06b6d4', '#f472b6', '#083344'], seed: 21, scale: 166, profile: 'balanced', multiplier: 2, buyPrice: 2240 },
  { kind: 'lines', slug: 'big-catch-bonanza', title: 'Big Catch Bonanza', studio: 'lanternfish', theme: 'ocean', names: 'angler', volatility: 'medium', description: 'Cast off for marlin; lure scatters land tripled free spins.', palette: ['#0284c7', '#f97316', '#0c4a6e'], seed: 22, scale: 191, profile: 'spiky', multiplier: 3 },
  { kind: 'lines', slug: 'comet-courier', title: 'Comet Courier', studio: 'comet', theme: 'space', names: 'space', volatility: 'low', description: 'Deliver parcels across the galaxy on twenty lines.', palette: ['#7c3aed', '#22d3ee', '#0f172a'], seed: 23, scale: 190, profile: 'balanced', multiplier: 2 },
  { kind: 'lines', slug: 'hall-of-the-storm-king', title: 'Hall of the Storm King', studio: 'northwind', theme: 'myths', names: 'myth', volatility: 'medium', description: 'Runestones call the storm: tripled free spins in the king\'s hall.', palette: ['#475569', '#facc15', '#0f172a'], seed: 24, scale: 157, profile: 'spiky', multiplier: 3, buyPrice: 3084 },
  { kind: 'lines', slug: 'savanna-sunrise', title: 'Savanna Sunrise', studio: 'bramble', theme: 'wild animals', names: 'savanna', volatility: 'medium', description: 'Lions and elephants at dawn, doubled in free spins.', palette: ['#f59e0b', '#65a30d', '#78350f'], seed: 25, scale: 191, profile: 'balanced', multiplier: 2 },
  { kind: 'lines', slug: 'emerald-vault', title: 'Emerald Vault', studio: 'saffron', theme: 'gems', names: 'gems', volatility: 'low', description: 'Crack the vault with key scatters; gems pay on twenty lines.', palette: ['#059669', '#fbbf24', '#022c22'], seed: 26, scale: 208, profile: 'balanced', multiplier: 2 },
  { kind: 'lines', slug: 'orchard-fiesta', title: 'Orchard Fiesta', studio: 'saffron', theme: 'fruit', names: 'fruit', volatility: 'medium', description: 'A harvest party of fruit with tripled golden bell free spins.', palette: ['#16a34a', '#ef4444', '#fef08a'], seed: 27, scale: 159, profile: 'spiky', multiplier: 3 },
  // 243 ways with wild multipliers
  { kind: 'ways', slug: 'wolf-moon-ways', title: 'Wolf Moon Ways', studio: 'bramble', theme: 'wild animals', names: 'forest', volatility: 'very high', description: '243 ways under the full moon; wild multipliers up to ×3.', palette: ['#1e3a8a', '#e5e7eb', '#0f172a'], seed: 31, scale: 104, profile: 'spiky', multiplier: 2, wildMultipliers: [2, 3] },
  { kind: 'ways', slug: 'nebula-drift', title: 'Nebula Drift', studio: 'comet', theme: 'space', names: 'space', volatility: 'medium', description: 'Drift through 243 ways of colour with ×2 and ×3 wilds.', palette: ['#c026d3', '#38bdf8', '#1e1b4b'], seed: 32, scale: 124, profile: 'balanced', multiplier: 2, wildMultipliers: [2, 3], buyPrice: 2431 },
  { kind: 'ways', slug: 'krakens-hoard', title: "Kraken's Hoard", studio: 'lanternfish', theme: 'ocean', names: 'reef', volatility: 'very high', description: 'The kraken guards a sunken hoard across 243 ways.', palette: ['#0f766e', '#a855f7', '#042f2e'], seed: 33, scale: 76, profile: 'spiky', multiplier: 3, wildMultipliers: [2, 3] },
  { kind: 'ways', slug: 'oracle-of-embers', title: 'Oracle of Embers', studio: 'northwind', theme: 'myths', names: 'myth', volatility: 'medium', description: 'The oracle reads the embers: 243 ways, wilds multiply.', palette: ['#dc2626', '#f59e0b', '#1c1917'], seed: 34, scale: 105, profile: 'balanced', multiplier: 2, wildMultipliers: [2, 2] },
  { kind: 'ways', slug: 'ruby-rush-ways', title: 'Ruby Rush Ways', studio: 'saffron', theme: 'gems', names: 'gems', volatility: 'high', description: 'Rubies rush down 243 ways with multiplying diamond wilds.', palette: ['#e11d48', '#fda4af', '#4c0519'], seed: 35, scale: 102, profile: 'balanced', multiplier: 3, wildMultipliers: [2, 3] },
  { kind: 'ways', slug: 'timber-tails', title: 'Timber Tails', studio: 'bramble', theme: 'wild animals', names: 'forest', volatility: 'very high', description: 'Bears and lynx in the timber; buy straight into free spins.', palette: ['#15803d', '#a16207', '#14532d'], seed: 36, scale: 70, profile: 'spiky', multiplier: 2, wildMultipliers: [3, 3], buyPrice: 2558 },
  // Hold and link with Mini, Minor, Major and a progressive Grand
  { kind: 'link', slug: 'golden-koi-link', title: 'Golden Koi Link', studio: 'lanternfish', theme: 'ocean', names: 'dragon', volatility: 'low', description: 'Six dragon pearls start the link; fill the pond for the Grand.', palette: ['#f59e0b', '#dc2626', '#1c1917'], seed: 41, scale: 310, profile: 'balanced', moneyPerReel: 3, landing: 26 },
  { kind: 'link', slug: 'star-forge-link', title: 'Star Forge Link', studio: 'comet', theme: 'space', names: 'space', volatility: 'low', description: 'Forge star shards into jackpots, three respins at a time.', palette: ['#f97316', '#6366f1', '#030712'], seed: 42, scale: 260, profile: 'balanced', moneyPerReel: 3, landing: 28, buyPrice: 2950 },
  { kind: 'link', slug: 'dragon-hoard-link', title: 'Dragon Hoard Link', studio: 'northwind', theme: 'myths', names: 'myth', volatility: 'medium', description: 'Gold torcs lock in place; buy into the hoard.', palette: ['#b45309', '#fde047', '#292524'], seed: 43, scale: 244, profile: 'balanced', moneyPerReel: 4, landing: 24, buyPrice: 2913 },
  { kind: 'link', slug: 'buffalo-thunder-link', title: 'Buffalo Thunder Link', studio: 'bramble', theme: 'wild animals', names: 'prairie', volatility: 'low', description: 'The herd thunders in: buffalo nickels link for jackpots.', palette: ['#78350f', '#f59e0b', '#1c1917'], seed: 44, scale: 255, profile: 'spiky', moneyPerReel: 3, landing: 26 },
  { kind: 'link', slug: 'jewel-vault-link', title: 'Jewel Vault Link', studio: 'saffron', theme: 'gems', names: 'gems', volatility: 'low', description: 'Gold ingots fill the vault; a full vault opens the Grand.', palette: ['#a16207', '#10b981', '#1c1917'], seed: 45, scale: 284, profile: 'balanced', moneyPerReel: 4, landing: 30 },
];

/** The engine configuration of a spec. */
export function configOf(spec: GameSpec): GameConfig {
  switch (spec.kind) {
    case 'classic': return classicConfig(spec);
    case 'lines': return linesConfig(spec);
    case 'ways': return waysConfig(spec);
    case 'link': return linkConfig(spec);
  }
}

const FISHING = new Set<ThemeKey>(['reef', 'angler']);
const WILD_ANIMALS = new Set<CatalogueGame['theme']>(['wild animals']);

/** A catalogue entry from its spec. */
export function buildGame(spec: GameSpec): CatalogueGame {
  const config = configOf(spec);
  const d = config.betDivisor;
  const hasBuy = 'bonusBuy' in config && config.bonusBuy !== undefined;
  return {
    slug: spec.slug, title: spec.title, studio: STUDIOS[spec.studio].name, theme: spec.theme, engine: config.engine,
    volatility: spec.volatility, description: spec.description, config, palette: spec.palette,
    bets: { GC: betLimits(d, GC_RANGE.min, GC_RANGE.max), FC: betLimits(d, FC_RANGE.min, FC_RANGE.max) },
    flags: {
      jackpot: spec.kind === 'link', holdNLink: spec.kind === 'link', fishing: FISHING.has(spec.names) || spec.slug === 'golden-koi-link',
      bonusBuy: hasBuy, intoTheWild: WILD_ANIMALS.has(spec.theme), freeSpins: spec.kind === 'lines' || spec.kind === 'ways', classic: spec.kind === 'classic',
    },
  };
}

/** The whole catalogue, in lobby order. */
export const CATALOGUE: CatalogueGame[] = GAME_SPECS.map(buildGame);

/** A game by slug, or undefined. */
export function findGame(slug: string): CatalogueGame | undefined {
  return CATALOGUE.find((g) => g.slug === slug);
}
