import { CLASSIC_LINES, type ClassicConfig } from '../engines/classic';
import { type FreeSpinsSlotConfig } from '../engines/free-spins-slot';
import { type HoldAndLinkConfig } from '../engines/hold-and-link';
import { type CatalogueGame } from '../catalogue/types';
import { type GameMath } from './game-math';

const pct = (x: number, digits = 3): string => `${(x * 100).toFixed(digits)}%`;
const oneIn = (p: number): string => (p > 0 ? `1 in ${(1 / p).toFixed(p > 0.01 ? 2 : 0)}` : '—');
const ENGINE_NAMES = { classic: 'Classic 3-reel', lines: '5×3 video slot, 20 lines', ways: '5×3 video slot, 243 ways', holdAndLink: 'Hold and link, 20 lines' } as const;

function exactFraction(math: GameMath): string {
  const { numerator, denominator } = math.rtpBaseExact;
  const text = `${numerator} / ${denominator}`;
  return text.length <= 60 ? text : `${numerator.toString().length}-digit / ${denominator.toString().length}-digit fraction`;
}

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function symbolsTable(game: CatalogueGame): string {
  return table(['id', 'name', 'kind'], game.config.symbols.map((s) => [s.id, s.name, s.kind + (s.multiplier ? ` ×${s.multiplier}` : '')]));
}

function paysTable(pays: Record<string, number[]>, unit: string): string {
  return table(['symbol', '1', '2', '3', '4', '5'].slice(0, 1 + (Object.values(pays)[0]?.length ?? 5)), Object.entries(pays).map(([id, v]) => [id, ...v])) + `\n\nPays in ${unit}.`;
}

function strips(title: string, reels: string[][]): string {
  return `**${title}** (${reels.map((r) => r.length).join(' × ')} stops)\n\n` + reels.map((r, i) => `- reel ${i + 1}: ${r.join(' ')}`).join('\n');
}

function rules(game: CatalogueGame): string {
  const c = game.config;
  const d = c.betDivisor;
  switch (c.engine) {
    case 'classic': {
      const cc = c as ClassicConfig;
      return [
        `Lines: ${cc.lines} (${CLASSIC_LINES.slice(0, cc.lines).map((l) => `[${l.join(',')}]`).join(' ')}; rows 0 = top). One line bet = bet / ${cc.lines}; pays below are pay units (bet / ${d}) per line.`,
        cc.symbols.some((s) => s.kind === 'wild') ? `Wilds substitute for every symbol but the blank; each wild used in a win multiplies it by ${cc.wildMultiplier}. Three wilds pay their own prize.` : 'No wilds.',
        '',
        table(['rule', 'pattern (reels 1, 2, 3; * = any)', 'pay units'], cc.rules.map((r) => [r.name, 'pattern' in r ? r.pattern.map((s) => s.join('/')).join(' · ') : `${r.count}× ${r.anywhere}`, r.pay])),
        '',
        'A line pays its single best rule.',
        '',
        strips('Reels', cc.reels),
      ].join('\n');
    }
    case 'lines':
    case 'ways': {
      const fc = c as FreeSpinsSlotConfig;
      const fs = fc.freeSpins;
      return [
        fc.engine === 'lines'
          ? `20 paylines, left to right; wilds substitute for all but the scatter; leading wilds pay as wilds when worth more. Pays: pay units (bet / ${d}) per line.`
          : `243 ways, left to right on adjacent reels; wilds (reels 2–4) substitute and multiply: a way pays × the product of its wilds' multipliers. Pays: pay units (bet / ${d}) per way.`,
        '',
        paysTable(fc.pays, `pay units per ${fc.engine === 'lines' ? 'line' : 'way'}`),
        '',
        `Scatter pays (anywhere, pay units): ${fc.scatterPays.map((v, n) => (v ? `${n}× → ${v}` : '')).filter(Boolean).join(', ')}.`,
        `Free spins: ${fs.awards.map((v, n) => (v ? `${n} scatters → ${v}` : '')).filter(Boolean).join(', ')}; retriggers: ${fs.retriggers.map((v, n) => (v ? `${n} scatters → +${v}` : '')).filter(Boolean).join(', ')}; every free-spin win ×${fs.multiplier}; at most ${fs.maxSpins} free spins per feature.`,
        fc.bonusBuy ? `Bonus buy: the free spins of ${fc.bonusBuy.scatters} scatters for ${fc.bonusBuy.priceUnits} pay units (${fc.bonusBuy.priceUnits / d}× the bet).` : '',
        '',
        strips('Base reels', fc.reels.base),
        '',
        strips('Free-spin reels', fc.reels.free),
      ].join('\n');
    }
    case 'holdAndLink': {
      const hc = c as HoldAndLinkConfig;
      const W = hc.coinValues.reduce((s, v) => s + v.weight, 0);
      return [
        `20 paylines (money symbols do not pay on lines). ${hc.trigger}+ money symbols start hold and link: coins lock, ${hc.respins} respins, each empty cell lands a coin with probability ${hc.landing.numerator}/${hc.landing.denominator}; a landing resets the respins to ${hc.respins}. The feature pays every coin; a full grid also wins the progressive Grand.`,
        '',
        paysTable(hc.pays, `pay units (bet / ${d}) per line`),
        '',
        table(['coin', 'value (pay units)', '× bet', 'weight', 'probability'], hc.coinValues.map((v) => [v.tier ?? 'coin', v.value, (v.value / d).toString(), v.weight, `${v.weight}/${W}`])),
        '',
        `Progressive contribution: ${hc.jackpotContributionBasisPoints / 100}% of every stake goes to the per-currency Grand pool.`,
        hc.bonusBuy ? `Bonus buy: the feature with ${hc.bonusBuy.coins} coins on random cells for ${hc.bonusBuy.priceUnits} pay units (${hc.bonusBuy.priceUnits / d}× the bet).` : '',
        '',
        strips('Reels', hc.reels),
      ].join('\n');
    }
  }
}

/** The markdown math sheet of one game. */
export function mathSheet(game: CatalogueGame, math: GameMath): string {
  const rows: [string, string][] = [
    ['RTP (total)', pct(math.rtp)],
    ['RTP base game', `${pct(math.rtpBase, 4)} (exact: ${exactFraction(math)})`],
    ['RTP features', pct(math.rtpFeature, 4)],
  ];
  if (math.rtpJackpotContribution) rows.push(['RTP progressive contribution', pct(math.rtpJackpotContribution, 2)]);
  rows.push(['Hit frequency (win or feature)', `${pct(math.hitFrequency)} (${oneIn(math.hitFrequency)})`]);
  if (math.featureFrequency) rows.push(['Feature frequency', `${pct(math.featureFrequency, 4)} (${oneIn(math.featureFrequency)})`]);
  if (math.averageFreeSpins) rows.push(['Average free spins per feature', math.averageFreeSpins.toFixed(2)]);
  rows.push(['Volatility (std. dev. of win per unit bet)', math.volatility.toFixed(2)]);
  rows.push(['Maximum win', `${math.maxWin.toLocaleString('en-US')}× bet${math.jackpotRates ? ' + progressive Grand' : ''}`]);
  if (math.jackpotRates) {
    const j = math.jackpotRates;
    rows.push(['Jackpot rates per round', `Mini ${oneIn(j.mini)}, Minor ${oneIn(j.minor)}, Major ${oneIn(j.major)}, Grand ${oneIn(j.grand)}`]);
  }
  if (math.bonusBuy) rows.push(['Bonus buy', `price ${math.bonusBuy.price}× bet, RTP ${pct(math.bonusBuy.rtp)}, std. dev. ${math.bonusBuy.volatility.toFixed(2)} per unit of price`]);
  rows.push(['Stop combinations enumerated (base)', math.combinations.toLocaleString('en-US')]);
  const d = game.config.betDivisor;
  return [
    `# ${game.title} — math sheet`,
    '',
    `${game.studio} · ${ENGINE_NAMES[game.config.engine]} · theme: ${game.theme} · volatility: ${game.volatility} · slug \`${game.slug}\``,
    '',
    table(['figure', 'value'], rows),
    '',
    '## Bets and money',
    '',
    `A bet is a multiple of ${d} (currency's smallest unit); one pay unit is bet / ${d}, so every win is an integer and the RTP does not depend on the bet.`,
    `Gold Coins: ${game.bets.GC.min.toLocaleString('en-US')} to ${game.bets.GC.max.toLocaleString('en-US')} (steps ${game.bets.GC.steps.join(', ')}). Fortune Coins (hundredths): ${game.bets.FC.min} to ${game.bets.FC.max} (steps ${game.bets.FC.steps.join(', ')}).`,
    '',
    '## Symbols',
    '',
    symbolsTable(game),
    '',
    '## Rules and paytable',
    '',
    rules(game),
    '',
    '## Method',
    '',
    'The base game is enumerated exactly: every combination of reel stops, grouped by identical windows, in integer arithmetic (the base RTP above is the exact fraction). Free spins are a Markov chain over (spins left, spins awarded) with the per-spin distribution from the same enumeration of the free-spin reels; hold and link is a Markov chain over (coins, respins left) with binomial landings and independent coin values. Feature figures are float64. The figures are confirmed by a seeded simulation of 10 million rounds in the test suite.',
    '',
  ].join('\n');
}

/** The summary table of all games. */
export function summaryTable(entries: { game: CatalogueGame; math: GameMath }[]): string {
  return table(
    ['game', 'studio', 'engine', 'RTP', 'base', 'features', 'hit freq.', 'volatility (σ)', 'max win', 'bonus buy'],
    entries.map(({ game, math }) => [
      `[${game.title}](${game.slug}.md)`, game.studio, ENGINE_NAMES[game.config.engine], pct(math.rtp, 2), pct(math.rtpBase, 2),
      pct(math.rtpFeature + math.rtpJackpotContribution, 2), pct(math.hitFrequency, 2), math.volatility.toFixed(2),
      `${Math.round(math.maxWin).toLocaleString('en-US')}×${math.jackpotRates ? ' + Grand' : ''}`,
      math.bonusBuy ? `${math.bonusBuy.price}× → ${pct(math.bonusBuy.rtp, 2)}` : '—',
    ]),
  );
}
