import { type SymbolDef } from '../engines/types';

/** Display names of the symbol roles of a theme (the ids are the same in every game). */
export interface ThemeNames {
  wild: string;
  scatter: string;
  money: string;
  high: [string, string, string, string];
  low: [string, string, string, string, string];
}

export const THEMES = {
  reef: { wild: 'Coral Wild', scatter: 'Pearl Scatter', money: 'Sand Dollar', high: ['Hammerhead', 'Sea Turtle', 'Octopus', 'Dolphin'], low: ['Anchor', 'Conch', 'Crab', 'Blowfish', 'Bubble'] },
  angler: { wild: 'Tackle Box Wild', scatter: 'Rod Scatter', money: 'Catch Coin', high: ['Shark', 'Trout', 'Lobster', 'Squid'], low: ['Canoe', 'Hook', 'Tropical Fish', 'Worm', 'Boot'] },
  space: { wild: 'Galaxy Wild', scatter: 'Comet Scatter', money: 'Star Shard', high: ['Astronaut', 'Rocket', 'Ringed Planet', 'Satellite'], low: ['Moon', 'Shooting Star', 'Sun', 'Asteroid', 'Radio Dish'] },
  myth: { wild: 'Storm Crown Wild', scatter: 'Thunderbolt Scatter', money: 'Viking Gold', high: ['Storm King', 'Mammoth', 'Frost Wolf', 'Raven'], low: ['Axe', 'Shield', 'Dagger', 'Hammer', 'Crossed Swords'] },
  savanna: { wild: 'Baobab Wild', scatter: 'Sunset Scatter', money: 'Amber Coin', high: ['Lion', 'Elephant', 'Giraffe', 'Zebra'], low: ['Palm', 'Drum', 'Paw Print', 'Grass', 'Stone'] },
  forest: { wild: 'Full Moon Wild', scatter: 'Campfire Scatter', money: 'Pine Coin', high: ['Grey Wolf', 'Brown Bear', 'Stag', 'Fox'], low: ['Pine', 'Paw', 'Feather', 'Mushroom', 'Chestnut'] },
  gems: { wild: 'Diamond Wild', scatter: 'Vault Key Scatter', money: 'Money Bag', high: ['Ruby', 'Emerald', 'Sapphire', 'Topaz'], low: ['Amethyst', 'Ring', 'Crystal Ball', 'Crown', 'Trophy'] },
  fruit: { wild: 'Rainbow Wild', scatter: 'Golden Bell Scatter', money: 'Lucky Coin', high: ['Watermelon', 'Grapes', 'Peach', 'Orange'], low: ['Lemon', 'Cherry', 'Pear', 'Apple', 'Kiwi'] },
  dragon: { wild: 'Dragon Egg Wild', scatter: 'Fire Scroll Scatter', money: 'Jade Coin', high: ['Red Dragon', 'Phoenix', 'Tiger', 'Koi'], low: ['Lantern', 'Fan', 'Firecracker', 'Coin Purse', 'Bamboo'] },
  prairie: { wild: 'Canyon Wild', scatter: 'Thunder Scatter', money: 'Buffalo Nickel', high: ['Buffalo', 'Eagle', 'Rattlesnake', 'Mustang'], low: ['Cactus', 'Feather', 'Boot', 'Wagon Wheel', 'Mountain'] },
} satisfies Record<string, ThemeNames>;

export type ThemeKey = keyof typeof THEMES;

export const HIGH_IDS = ['H1', 'H2', 'H3', 'H4'] as const;
export const LOW_IDS = ['L1', 'L2', 'L3', 'L4', 'L5'] as const;

/** Symbol definitions of a 5×3 game: wilds, scatter or money, four high and `lowCount` low symbols. */
export function videoSymbols(theme: ThemeNames, options: { scatter?: boolean; money?: boolean; wilds?: { id: string; multiplier?: number }[]; lowCount: number }): SymbolDef[] {
  const wilds = options.wilds ?? [{ id: 'W' }];
  return [
    ...wilds.map((w): SymbolDef => ({ id: w.id, name: w.multiplier && w.multiplier > 1 ? `${theme.wild} ×${w.multiplier}` : theme.wild, kind: 'wild', ...(w.multiplier ? { multiplier: w.multiplier } : {}) })),
    ...(options.scatter ? [{ id: 'S', name: theme.scatter, kind: 'scatter' as const }] : []),
    ...(options.money ? [{ id: 'M', name: theme.money, kind: 'money' as const }] : []),
    ...HIGH_IDS.map((id, i): SymbolDef => ({ id, name: theme.high[i]!, kind: 'regular' })),
    ...LOW_IDS.slice(0, options.lowCount).map((id, i): SymbolDef => ({ id, name: theme.low[i]!, kind: 'regular' })),
  ];
}
