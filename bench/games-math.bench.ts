// Math simulation throughput: whole base-game rounds (features included) per second of CPU time, for each
// engine, beside a baseline measured in the same run: a loop that only draws as many random numbers.
// Run alone: node --import tsx bench/games-math.bench.ts
import { pathToFileURL } from 'node:url';
import { CATALOGUE } from '@sweepstack/games/catalogue/games';
import { compileGame } from '@sweepstack/games/engines/game';
import { type RandomSource } from '@sweepstack/games/fairness/random-source';
import { Xoshiro128 } from '@sweepstack/games/fairness/xoshiro';
import { simulateRounds } from '@sweepstack/games/math/simulate';

class CountingSource implements RandomSource {
  draws = 0;
  constructor(private readonly inner: RandomSource) {}
  int(n: number): number {
    this.draws++;
    return this.inner.int(n);
  }
}

export interface EngineThroughput {
  name: string;
  roundsPerSecond: number;
  baselineDrawsPerSecond: number;
  drawsPerRound: number;
  /** Rounds per second divided by the rounds per second the draws alone would allow. */
  ratio: number;
}

/**
 * Iterations per second of CPU time used by this process (user + system): "per core" even when other
 * processes share the machine, where wall-clock rates would only measure the contention.
 */
function timeLoop(seconds: number, body: (count: number) => void, chunk: number): number {
  body(chunk); // warm up
  let count = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - started < seconds * 1000) {
    body(chunk);
    count += chunk;
  }
  const used = process.cpuUsage(cpu);
  return count / ((used.user + used.system) / 1e6);
}

/** Measures every engine with its first catalogue game. */
export function run(seconds = 2): EngineThroughput[] {
  const results: EngineThroughput[] = [];
  for (const engineName of ['classic', 'lines', 'ways', 'holdAndLink'] as const) {
    const game = CATALOGUE.find((g) => g.config.engine === engineName)!;
    const engine = compileGame(game.config);
    const counting = new CountingSource(new Xoshiro128(1));
    simulateRounds(engine, counting, 200_000);
    const drawsPerRound = counting.draws / 200_000;
    const rng = new Xoshiro128(2);
    const roundsPerSecond = timeLoop(seconds, (n) => simulateRounds(engine, rng, n), 100_000);
    const baselineRng = new Xoshiro128(3);
    let sink = 0;
    const baselineDrawsPerSecond = timeLoop(seconds, (n) => {
      const draws = Math.round(n * drawsPerRound);
      for (let i = 0; i < draws; i++) sink += baselineRng.int(28 + (i & 3));
    }, 100_000);
    if (sink === -1) console.info(sink);
    const ratio = roundsPerSecond / (baselineDrawsPerSecond / drawsPerRound);
    results.push({ name: `${engineName} (${game.slug})`, roundsPerSecond, baselineDrawsPerSecond, drawsPerRound, ratio });
    console.info(
      `${engineName} (${game.slug}): ${Math.round(roundsPerSecond).toLocaleString('en-US')} rounds/s ` +
        `(baseline ${Math.round(baselineDrawsPerSecond).toLocaleString('en-US')} draws/s, ratio ${ratio.toFixed(3)}) [${drawsPerRound.toFixed(2)} draws per round]`,
    );
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) run();
