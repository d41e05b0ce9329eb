// `npm run games:math`: computes every catalogue game's exact math and writes docs/games/<slug>.md and
// docs/games/README.md. The only part of the games package that touches the file system.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../catalogue/games';
import { computeGameMath } from '../math/game-math';
import { mathSheet, summaryTable } from '../math/math-sheet';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const out = path.join(root, 'docs/games');
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const entries = [];
for (const game of CATALOGUE) {
  const started = performance.now();
  const math = computeGameMath(game.config);
  entries.push({ game, math });
  if (only.length && !only.includes(game.slug)) continue;
  writeFileSync(path.join(out, `${game.slug}.md`), mathSheet(game, math));
  console.info(`${game.slug}: RTP ${(math.rtp * 100).toFixed(3)}% (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const readme = [
  '# Game math sheets',
  '',
  'Every game of the in-house studio, with its RTP computed exactly (`npm run games:math` writes these files).',
  'All RTPs lie between 94% and 97%; bonus buys are priced into the same band. Figures per unit of bet;',
  'volatility is the standard deviation of one round\'s win per unit of bet. Provably fair draws: [fairness.md](fairness.md); how the platform calls the engines: [engines.md](engines.md).',
  '',
  summaryTable(entries),
  '',
  '## How the figures are computed',
  '',
  '- **Money**: a bet is a multiple of the game\'s bet divisor d; a pay unit is bet / d and every pay is an integer number of',
  '  pay units, so wins are exact integers in the currency\'s smallest unit and RTP = E[pay units] / d for every bet.',
  '- **Base games**: full enumeration of every reel-stop combination, grouped by identical windows (symbol-count',
  '  compression: a reel of n stops has at most n distinct windows), evaluated by the engine\'s own evaluation code.',
  '  Weights and sums are integers (BigInt), so the base RTP is an exact fraction.',
  '- **Free spins**: per-spin distribution of (win, retrigger) from the same enumeration of the free-spin reels, then a',
  '  Markov chain over (spins left, spins awarded) with the cap on total spins, giving E[win], E[win²] and E[spins]',
  '  (float64, sums of positive terms).',
  '- **Hold and link**: a Markov chain over (coins on the grid, respins left) with Binomial(empty cells, p) landings;',
  '  coin values are independent of the chain, so E[S] = E[N]·μ and E[S²] = E[N]·σ² + E[N²]·μ² (float64).',
  '- **Progressive Grand**: not part of the engine RTP; the contribution share of every stake is added, because the pool',
  '  pays it back to players.',
  '- **Volatility label** (lobby): from σ, the standard deviation of one round\'s win per unit of bet: low below 4,',
  '  medium 4 to 6, high 6 to 10, very high from 10 (the RTP tests check every label against the computed σ).',
  '- **Hit frequency**: probability that a round pays anything or triggers a feature.',
  '- **Maximum win**: the largest base win of a triggering window plus the largest feature win the rules allow',
  '  (every free spin at the best free-spin window, retriggers up to the cap; a full grid of the best coin).',
  '- **Confirmation**: `packages/games/src/math/*.rtp.test.ts` simulate 10 million rounds per game (seeded xoshiro128**) and',
  '  require the simulated RTP, hit frequency and bonus-buy return within the 99% confidence interval of the exact',
  '  figures (interval width from the exact variance).',
  '',
].join('\n');
writeFileSync(path.join(out, 'README.md'), readme);
console.info(`wrote ${CATALOGUE.length} math sheets and README.md to docs/games`);
