import type { Generated } from 'kysely';

/**
 * The weekly and monthly promo lottery (docs/features/lottery.md): draws with their committed seed,
 * tickets numbered in issue order, each player's progress in a draw, and the winners' rewards.
 */
export interface LotteryDrawsTable {
  /** The draw's number (spec §7 `/leaderboard/{number}/`). */
  id: Generated<number>;
  type: 'weekly' | 'monthly';
  status: 'open' | 'drawn';
  opens_at_ms: number;
  closes_at_ms: number;
  /** The secret seed (64 hex): never shown before the draw. */
  seed: string;
  /** SHA-256 of the seed, published before the first ticket. */
  seed_hash: string;
  /** SHA-256 of the published ticket list, fixed at close. */
  ticket_list_hash: string | null;
  ticket_count: Generated<number>;
  /** Prizes by place (rewards engine Prize[]), fixed when the draw opened. */
  prizes_json: string;
  /** The ticket rates in force for this draw (LotteryRates). */
  rates_json: string;
  /** Winning ticket numbers by place, after the draw. */
  winners_json: string | null;
  drawn_at_ms: number | null;
  created_at_ms: number;
}

export interface LotteryTicketsTable {
  id: Generated<number>;
  draw_id: number;
  number: number;
  player_id: number;
  source: 'play' | 'purchase' | 'free-entry';
  /** What earned it, unique per draw (a round's batch, a payment, a free entry request): a replay earns nothing twice. */
  source_key: string;
  created_at_ms: number;
}

export interface LotteryProgressTable {
  draw_id: number;
  player_id: number;
  tickets: number;
  /** Fortune Coins wagered (hundredths) not yet worth a ticket. */
  wager_carry_cents: number;
}

export interface LotteryRewardsTable {
  id: Generated<number>;
  draw_id: number;
  place: number;
  player_id: number;
  ticket_number: number;
  prize_json: string;
  /** pending: waiting for the player's take; taken; auto: credited by the platform at the window's end. */
  status: 'pending' | 'taken' | 'auto';
  taken_at_ms: number | null;
}

export interface LotteryTables {
  lottery_draws: LotteryDrawsTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_progress: LotteryProgressTable;
  lottery_rewards: LotteryRewardsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends LotteryTables {}
}
