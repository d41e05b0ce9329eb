import type { Generated } from 'kysely';

/** A player account. Booleans are integers 0/1 (portable between SQLite and PostgreSQL). */
export interface PlayersTable {
  id: Generated<number>;
  uuid: string;
  /** As typed at sign-up (trimmed); shown back to the player. */
  email: string;
  /** Lower-cased, trimmed: the unique key sign-in looks up. */
  email_normalized: string;
  password_hash: string;
  /** YYYY-MM-DD. */
  birthday: string;
  /** Display name. */
  login: string;
  /** E.164 (+15551234567) or null. */
  phone: string | null;
  primary_contact: 'email' | 'phone';
  email_confirmed: number;
  phone_confirmed: number;
  account_status: 'ACTIVE' | 'BLOCKED' | 'COOLING_OFF' | 'SELF_EXCLUDED' | 'CLOSED';
  game_mode: 'TournamentPoints' | 'SweepStakes';
  registration_complete: number;
  /** 'closed_funnel' or 'standard'. */
  funnel_type: string;
  registration_source: string | null;
  traffic_source: string | null;
  is_affiliate: number;
  /** The referral code used at sign-up (invited_by / refcode), as given. */
  invited_by_code: string | null;
  /** This player's own referral code. */
  referral_code: string;
  created_at_ms: number;
  updated_at_ms: number;
}

/** A signed-in browser. Only the SHA-256 of the cookie token is stored. */
export interface SessionsTable {
  token_hash: string;
  player_id: number;
  created_at_ms: number;
  expires_at_ms: number;
  last_seen_at_ms: number;
  ip: string | null;
  user_agent: string | null;
}

/** One-time tokens: `aa` login links, password-reset links and email-confirmation links (hashed, single use). */
export interface AuthTokensTable {
  token_hash: string;
  kind: 'login' | 'password_reset' | 'email_confirm';
  player_id: number;
  created_at_ms: number;
  expires_at_ms: number;
  used_at_ms: number | null;
}

/** One-time codes sent by email or SMS to confirm a contact. */
export interface OtpCodesTable {
  id: Generated<number>;
  player_id: number;
  purpose: 'email' | 'phone';
  /** The address or number the code was sent to. */
  destination: string;
  code_hash: string;
  created_at_ms: number;
  expires_at_ms: number;
  attempts: number;
  consumed_at_ms: number | null;
}

/** Every message the product sends (mail and SMS); the sandbox keeps them here unsent. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at_ms: number;
  sent_at_ms: number | null;
  /** 'kept' (sandbox, not sent), 'sent' or 'failed'. */
  status: 'kept' | 'sent' | 'failed';
}

/** Failed sign-ins and reset requests, counted over a sliding window for throttling. */
export interface AuthThrottleEventsTable {
  id: Generated<number>;
  scope_key: string;
  created_at_ms: number;
}

export interface TermsDocumentsTable {
  id: Generated<number>;
  key: string;
  /** Raising the version asks every player to confirm again. */
  version: number;
  title: string;
  url: string;
  updated_at_ms: number;
}

export interface TermsAcceptancesTable {
  id: Generated<number>;
  player_id: number;
  document_id: number;
  version: number;
  accepted_at_ms: number;
}

/** Each time a terms document was shown to a player. */
export interface TermsLogTable {
  id: Generated<number>;
  player_id: number;
  document_id: number;
  version: number;
  shown_at_ms: number;
}

export interface AuthTables {
  players: PlayersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  otp_codes: OtpCodesTable;
  outbox_messages: OutboxMessagesTable;
  auth_throttle_events: AuthThrottleEventsTable;
  terms_documents: TermsDocumentsTable;
  terms_acceptances: TermsAcceptancesTable;
  terms_log: TermsLogTable;
}
