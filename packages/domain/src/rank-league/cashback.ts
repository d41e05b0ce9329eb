/**
 * Weekly cashback (docs/features/rank-league.md). Per currency, the counted loss is the smaller of
 * the period's theoretical loss (wagered × published house edge) and its net loss (wagered − won),
 * never negative; the reward is the section's rate of it, rounded down to whole ledger units.
 *
 * Why both bounds: net loss alone pays a one-big-bet player more than the house expects to win from
 * them (a lost bet gets its rate back while a won bet keeps its win), and theoretical loss alone pays
 * a winner. The smaller of the two never exceeds the expected loss, so with a rate below 100% no way
 * of playing (churn, big single bets, alternating games) makes cashback worth more than the play
 * costs on average.
 */
export function countedLoss(wagered: number, won: number, houseEdgeBp: number): number {
  const theoretical = Math.floor((wagered * houseEdgeBp) / 10_000);
  return Math.max(0, Math.min(theoretical, wagered - won));
}

/** The cashback of one currency for a period: the section's rate (basis points) of the counted loss. */
export function cashbackOf(play: { wagered: number; won: number }, houseEdgeBp: number, rateBp: number): number {
  return Math.floor((countedLoss(play.wagered, play.won, houseEdgeBp) * rateBp) / 10_000);
}
