/**
 * Published figures of every game (docs/games/README.md, computed exactly by `npm run games:math`):
 * shown in the game client's rules. Regenerate this table when the math sheets change.
 */
export interface PublishedMath {
  rtp: string;
  hitFrequency: string;
  sigma: number;
  maxWin: string;
  bonusBuy: string | null;
}

export const PUBLISHED_MATH: Record<string, PublishedMath> = {
  'cherry-hearth-classic': { rtp: '95.57%', hitFrequency: '16.55%', sigma: 5.62, maxWin: '756×', bonusBuy: null },
  'triple-ember-sevens': { rtp: '95.41%', hitFrequency: '41.31%', sigma: 3.7, maxWin: '192×', bonusBuy: null },
  'frostbar-five': { rtp: '95.18%', hitFrequency: '37.81%', sigma: 3.04, maxWin: '165×', bonusBuy: null },
  'lucky-lantern-classic': { rtp: '95.79%', hitFrequency: '52.80%', sigma: 5.56, maxWin: '174×', bonusBuy: null },
  'bison-bar-deluxe': { rtp: '95.24%', hitFrequency: '40.62%', sigma: 8.73, maxWin: '466×', bonusBuy: null },
  'gemstone-sevens': { rtp: '95.34%', hitFrequency: '48.51%', sigma: 5.75, maxWin: '177×', bonusBuy: null },
  'reef-raiders': { rtp: '95.78%', hitFrequency: '43.44%', sigma: 4.08, maxWin: '17,067×', bonusBuy: '22.4× \u2192 96.01%' },
  'big-catch-bonanza': { rtp: '95.43%', hitFrequency: '47.31%', sigma: 4.96, maxWin: '41,041×', bonusBuy: null },
  'comet-courier': { rtp: '95.62%', hitFrequency: '43.53%', sigma: 3.93, maxWin: '17,360×', bonusBuy: null },
  'hall-of-the-storm-king': { rtp: '95.60%', hitFrequency: '42.62%', sigma: 5.35, maxWin: '56,947×', bonusBuy: '30.84× \u2192 96.02%' },
  'savanna-sunrise': { rtp: '95.57%', hitFrequency: '38.43%', sigma: 4.17, maxWin: '21,245×', bonusBuy: null },
  'emerald-vault': { rtp: '95.64%', hitFrequency: '41.34%', sigma: 3.93, maxWin: '21,855×', bonusBuy: null },
  'orchard-fiesta': { rtp: '95.82%', hitFrequency: '43.40%', sigma: 5.11, maxWin: '42,784×', bonusBuy: null },
  'wolf-moon-ways': { rtp: '95.48%', hitFrequency: '31.99%', sigma: 11.06, maxWin: '118,100×', bonusBuy: null },
  'nebula-drift': { rtp: '95.58%', hitFrequency: '39.08%', sigma: 5.32, maxWin: '18,890×', bonusBuy: '24.31× \u2192 95.98%' },
  'krakens-hoard': { rtp: '95.65%', hitFrequency: '33.28%', sigma: 11.88, maxWin: '115,942×', bonusBuy: null },
  'oracle-of-embers': { rtp: '95.12%', hitFrequency: '40.37%', sigma: 5.96, maxWin: '28,444×', bonusBuy: null },
  'ruby-rush-ways': { rtp: '95.84%', hitFrequency: '35.49%', sigma: 6.63, maxWin: '31,196×', bonusBuy: null },
  'timber-tails': { rtp: '95.76%', hitFrequency: '35.44%', sigma: 13.8, maxWin: '131,479×', bonusBuy: '25.58× \u2192 96.01%' },
  'golden-koi-link': { rtp: '95.73%', hitFrequency: '34.41%', sigma: 3.33, maxWin: '3,043× + Grand', bonusBuy: null },
  'star-forge-link': { rtp: '95.20%', hitFrequency: '33.54%', sigma: 3.29, maxWin: '3,026× + Grand', bonusBuy: '29.5× \u2192 95.99%' },
  'dragon-hoard-link': { rtp: '95.34%', hitFrequency: '30.54%', sigma: 4.47, maxWin: '3,016× + Grand', bonusBuy: '29.13× \u2192 96.00%' },
  'buffalo-thunder-link': { rtp: '95.24%', hitFrequency: '34.47%', sigma: 3.96, maxWin: '3,026× + Grand', bonusBuy: null },
  'jewel-vault-link': { rtp: '95.14%', hitFrequency: '31.33%', sigma: 3.89, maxWin: '3,071× + Grand', bonusBuy: null },
};
