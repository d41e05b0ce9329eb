import type { AuthTables } from './tables/auth';
import type { CashierTables } from './tables/cashier';
import type { ContentTables } from './tables/content';
import type { CoreTables } from './tables/core';
import type { EventTables } from './tables/events';
import type { GameTables } from './tables/games';
import type { KycTables } from './tables/kyc';
import type { LedgerTables } from './tables/ledger';
import type { ResponsiblePlayTables } from './tables/responsible-play';

/**
 * The whole database as Kysely sees it. Each feature area declares its tables in
 * `tables/<area>.ts` and is added to this list.
 */
export interface Database extends CoreTables, AuthTables, ContentTables, LedgerTables, EventTables, KycTables, CashierTables, GameTables, ResponsiblePlayTables {}
