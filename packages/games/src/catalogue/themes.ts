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
  reef: { wild: 'Coral Wild', scatter: 'Pearl Scatter', money: 'Sand Dollar', high: ['Hammerhead', 'Sea Turtle', 'Octopus', 'Seahorse'], low: ['Anchor', 'Conch', 'Starfish', 'Shell', 'Bubble'] },
  angler: { wild: 'Tackle Box Wild', scatter: 'Lure Scatter', money: 'Catch Coin', high: ['Marlin', 'Trout', 'Pike', 'Bobber'], low: ['Reel', 'Hook', 'Net', 'Worm', 'Boot'] },
  space: { wild: 'Black Hole Wild', scatter: 'Comet Scatter', money: 'Star Shard', high: ['Astronaut', 'Rocket', 'Ringed Planet', 'Satellite'], low: ['Moon', 'Meteor', 'Nebula', 'Asteroid', 'Probe'] },
  myth: { wild: 'Storm Crown Wild', scatter: 'Runestone Scatter', money: 'Gold Torc', high: ['Storm King', 'Valkyrie', 'Frost Wolf', 'Raven'], low: ['Axe', 'Shield', 'Horn', 'Helm', 'Rune'] },
  savanna: { wild: 'Baobab Wild', scatter: 'Sunset Scatter', money: 'Amber Coin', high: ['Lion', 'Elephant', 'Giraffe', 'Zebra'], low: ['Acacia', 'Drum', 'Footprint', 'Grass', 'Stone'] },
  forest: { wild: 'Full Moon Wild', scatter: 'Howl Scatter', money: 'Pine Coin', high: ['Grey Wolf', 'Brown Bear', 'Elk', 'Lynx'], low: ['Pine', 'Paw', 'Feather', 'Mushroom', 'Acorn'] },
  gems: { wild: 'Diamond Wild', scatter: 'Vault Key Scatter', money: 'Gold Ingot', high: ['Ruby', 'Emerald', 'Sapphire', 'Topaz'], low: ['Amethyst', 'Opal', 'Quartz', 'Jade', 'Onyx'] },
  fruit: { wild: 'Rainbow Wild', scatter: 'Golden Bell Scatter', money: 'Lucky Coin', high: ['Watermelon', 'Grapes', 'Plum', 'Orange'], low: ['Lemon', 'Cherry', 'Pear', 'Apple', 'Kiwi'] },
  dragon: { wild: 'Dragon Egg Wild', scatter: 'Fire Scroll Scatter', money: 'Dragon Pearl', high: ['Red Dragon', 'Phoenix', 'Tiger', 'Koi'], low: ['Lantern', 'Fan', 'Gong', 'Coin Purse', 'Bamboo'] },
  prairie: { wild: 'Canyon Wild', scatter: 'Thunder Scatter', money: 'Buffalo Nickel', high: ['Buffalo', 'Eagle', 'Cougar', 'Mustang'], low: ['Cactus', 'Feather', 'Boot', 'Lasso', 'Mesa'] },
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
