import type { AuthTables } from './tables/auth';
import type { CashierTables } from './tables/cashier';
import type { ContentTables } from './tables/content';
import type { CoreTables } from './tables/core';
import type { EventTables } from './tables/events';
import type { FeatureStateTables } from './tables/feature-state';
import type { GameTables } from './tables/games';
import type { KycTables } from './tables/kyc';
import type { LedgerTables } from './tables/ledger';
import type { ResponsiblePlayTables } from './tables/responsible-play';

/**
 * The whole database as Kysely sees it. The shared areas declare their tables in `tables/<area>.ts`
 * and are listed here. A feature module adds its own without editing this file: its
 * `<feature>/tables.ts` merges them in by module augmentation
 * (`declare module '../schema' { interface Database extends DailyLoginTables {} }`), and its
 * `repository.ts` imports that file so the tables are known wherever the repository is used.
 */
export interface Database extends CoreTables, AuthTables, ContentTables, LedgerTables, EventTables, KycTables, CashierTables, GameTables, ResponsiblePlayTables, FeatureStateTables {}
