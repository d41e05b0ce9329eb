/** A coin package (quick-buy preset) on sale in the cashier; operator content seeded from content/cashier. */
export interface CashierPackagesTable {
  /** Stable preset id (`gc-10k`), used in URLs and by the deposit call. */
  id: string;
  price_cents: number;
  /** The struck-through "usual" price, or null when there is no discount. */
  usual_price_cents: number | null;
  gold_coins: number;
  /** Bonus Fortune Coins in hundredths. */
  fortune_cents: number;
  badge_label: string | null;
  best_deal: number;
  most_popular: number;
  active: number;
  sort_order: number;
  updated_at_ms: number;
}

/**
 * Our side of a purchase (docs/cashier.md). Only the card's last four digits and brand are kept,
 * never the number or the cvc.
 */
export interface CashierPaymentsTable {
  id: string;
  player_id: number;
  package_id: string;
  method_id: 'card' | 'bank' | 'apple_pay';
  amount_cents: number;
  gold_coins: number;
  fortune_cents: number;
  /** created → pending | requires_action → complete | declined | failed (terminal). */
  status: 'created' | 'pending' | 'requires_action' | 'complete' | 'declined' | 'failed';
  decline_reason: string | null;
  provider_payment_id: string | null;
  /** Highest provider event sequence applied (events older than it are ignored). */
  provider_sequence: number;
  challenge_url: string | null;
  card_last4: string | null;
  card_brand: string | null;
  idempotency_key: string;
  /** SHA-256 of the request's fields (without the card number or cvc): a reused key with another body is a conflict. */
  request_hash: string;
  /** The first answer given for this key (JSON), answered again on a retry. */
  response_json: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  completed_at_ms: number | null;
}

/** Provider webhook events already applied (deduplication by provider event id). */
export interface CashierWebhookEventsTable {
  event_id: string;
  payment_id: string | null;
  type: string;
  received_at_ms: number;
}

/** Per-player purchase counters (depositsCount). */
export interface CashierPlayerStatsTable {
  player_id: number;
  deposits_count: number;
  total_cents: number;
  first_deposit_at_ms: number | null;
  last_deposit_at_ms: number | null;
}

/** A player's responsible-play purchase limit for one period, with a pending raise. */
export interface CashierPurchaseLimitsTable {
  player_id: number;
  period: 'daily' | 'weekly' | 'monthly';
  /** USD cents; null = no limit. */
  limit_cents: number | null;
  /** 1 when a change waits for `pending_effective_at_ms` (pending_limit_cents null then means "no limit"). */
  pending_set: number;
  pending_limit_cents: number | null;
  pending_effective_at_ms: number | null;
  updated_at_ms: number;
}

/** A player's cooling-off period: no purchases until `until_ms`. */
export interface CashierCoolingOffTable {
  player_id: number;
  until_ms: number;
  created_at_ms: number;
}

/** The sandbox provider's own payments: it stands in for the external card network. */
export interface SandboxPaymentsTable {
  id: string;
  /** The merchant's (our) payment id. */
  reference: string;
  amount_cents: number;
  method: string;
  card_last4: string | null;
  card_brand: string | null;
  /** processing | requires_action | succeeded | failed */
  status: string;
  failure_code: string | null;
  /** Sequence number of the latest event this payment emitted. */
  sequence: number;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface CashierTables {
  cashier_packages: CashierPackagesTable;
  cashier_payments: CashierPaymentsTable;
  cashier_webhook_events: CashierWebhookEventsTable;
  cashier_player_stats: CashierPlayerStatsTable;
  cashier_purchase_limits: CashierPurchaseLimitsTable;
  cashier_cooling_off: CashierCoolingOffTable;
  sandbox_payments: SandboxPaymentsTable;
}
