import type { Generated } from 'kysely';

/**
 * Identity verification (KYC), operators and redemptions (docs/kyc-and-redeem.md). Booleans are
 * integers 0/1; money columns are FC hundredths.
 */
export interface PlayerProfilesTable {
  player_id: number;
  name: string | null;
  surname: string | null;
  /** YYYY-MM-DD; falls back to the sign-up birthday while null. */
  birthday: string | null;
  zip: string | null;
  city: string | null;
  address: string | null;
  address2: string | null;
  /** Two-letter US state code. */
  state: string | null;
  /** E.164. */
  phone: string | null;
  /** Reality-check interval in minutes (0 = off; new profiles 120, the default); owned by responsible play. */
  activity_reminder_minutes: number;
  /** null (never checked), 'verified', 'rejected' or 'duplicateCredentials'. */
  verification_status: 'verified' | 'rejected' | 'duplicateCredentials' | null;
  auto_verification_enabled: number;
  auto_verification_available: number;
  updated_at_ms: number;
}

export interface PlayerDocumentsTable {
  id: Generated<number>;
  player_id: number;
  /** Where the storage keeps the bytes (for the disk store: `<playerId>/<random>.<ext>`). */
  storage_key: string;
  /** Detected from the content: application/pdf, image/gif, image/jpeg, image/png. */
  content_type: string;
  size_bytes: number;
  /** As sent by the browser, cleaned; shown back only. */
  original_name: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  reviewed_by_operator_id: number | null;
  reviewed_at_ms: number | null;
  created_at_ms: number;
}

/** One auto-verification attempt with the identity provider. */
export interface IdentityChecksTable {
  id: Generated<number>;
  /** The provider's reference of the check (random, unguessable). */
  reference: string;
  player_id: number;
  provider: string;
  scenario: string;
  /** Last state the provider reported: started, surveyRequired, needScanDocument, success… */
  state: string;
  created_at_ms: number;
  updated_at_ms: number;
}

/** Provider callbacks already applied: a replayed callback (same event id) changes nothing. */
export interface IdentityProviderEventsTable {
  event_id: string;
  reference: string;
  received_at_ms: number;
}

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  password_hash: string;
  role: 'support' | 'compliance' | 'admin';
  disabled: number;
  created_at_ms: number;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at_ms: number;
  expires_at_ms: number;
}

/** Append-only (triggers refuse UPDATE and DELETE): every operator action. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number;
  operator_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  at_ms: number;
}

export interface RedemptionsTable {
  id: Generated<number>;
  player_id: number;
  amount_cents: number;
  method: 'bank' | 'gift_card';
  details_json: string;
  status: 'pending' | 'paid' | 'rejected' | 'cancelled';
  /** The ledger's pending transfer (createPending). */
  pending_transfer_id: number;
  /** `redeem:<playerId>:<client key>`, unique. */
  idempotency_key: string;
  reason: string | null;
  payout_reference: string | null;
  resolved_by_operator_id: number | null;
  created_at_ms: number;
  resolved_at_ms: number | null;
}

export interface KycTables {
  player_profiles: PlayerProfilesTable;
  player_documents: PlayerDocumentsTable;
  identity_checks: IdentityChecksTable;
  identity_provider_events: IdentityProviderEventsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit: OperatorAuditTable;
  redemptions: RedemptionsTable;
}
