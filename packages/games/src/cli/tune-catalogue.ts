// Development aid: finds, for each catalogue spec, the pay scale that puts the exact RTP near 95.5%
// and the bonus-buy price that puts its RTP near 96%. Prints the values to copy into games.ts.
import { configOf, GAME_SPECS } from '../catalogue/games';
import { computeGameMath } from '../math/game-math';

const TARGET = 0.955;
const only = process.argv[2];
for (const spec of GAME_SPECS) {
  if (only && spec.slug !== only) continue;
  const started = performance.now();
  let scale = spec.scale;
  let math = computeGameMath(configOf({ ...spec, scale }));
  for (let i = 0; i < 6 && Math.abs(math.rtp - TARGET) > 0.004; i++) {
    const contribution = math.rtpJackpotContribution;
    scale = Math.max(1, Math.round((scale * (TARGET - contribution)) / (math.rtp - contribution)));
    math = computeGameMath(configOf({ ...spec, scale }));
  }
  // Rounding makes the RTP a step function of the scale: look around for the closest value.
  if (Math.abs(math.rtp - TARGET) > 0.004) {
    for (const candidate of [scale - 3, scale - 2, scale - 1, scale + 1, scale + 2, scale + 3]) {
      const other = computeGameMath(configOf({ ...spec, scale: candidate }));
      if (Math.abs(other.rtp - TARGET) < Math.abs(math.rtp - TARGET)) {
        math = other;
        scale = candidate;
      }
    }
  }
  let buy = '';
  if (math.buyUnits) {
    // The target includes the progressive contribution, which a bought feature's price also pays.
    const price = Math.round(math.buyUnits.mean / (0.96 - math.rtpJackpotContribution));
    buy = ` buyPrice=${price} (rtp ${(math.buyUnits.mean / price + math.rtpJackpotContribution).toFixed(4)})`;
  }
  console.info(`${spec.slug}: scale=${scale} rtp=${math.rtp.toFixed(4)} base=${math.rtpBase.toFixed(4)} feature=${math.rtpFeature.toFixed(4)} hit=${math.hitFrequency.toFixed(4)} sd=${math.volatility.toFixed(2)} max=${math.maxWin.toFixed(0)}${buy} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
