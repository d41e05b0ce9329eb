import { parsePrize, type Prize } from '../rewards/prize';
import { DomainError } from '../shared/domain-error';

/**
 * The VIP rank league's rules (docs/features/rank-league.md): sections (tiers) of levels, the
 * published experience rates per coin wagered, the cashback rates and the demotion rule. Operator
 * data, versioned: a saved change applies from the next period's start, never to a period running.
 */
export interface LeagueSection {
  /** Stable slug: the section-up reward's idempotency key names it. */
  slug: string;
  /** The section's name (English, the spec's `title`). */
  title: string;
  /** Its name in Spanish (the /es pages and `?locale=es` answers), or null: the English title is shown. */
  titleEs: string | null;
  /** Experience each of the section's levels needs (from the level's start), in order. */
  levels: number[];
  /** Paid once per player the first time a level-up enters this section (null for none; the first section has none). */
  reward: Prize | null;
  /** Weekly cashback rate in basis points (100 = 1%) of the period's counted loss. */
  cashbackBp: number;
  /** Experience to earn within a period to keep this section; below it the player drops one section at the period's end (0: never). */
  keepExperience: number;
  /** Paid beside each daily wheel-of-treasure spin while the player is in this section (null: none). */
  dailyWheelPrize: Prize | null;
}

export interface LeagueRules {
  /** Experience per whole coin wagered, in thousandths (10 = 0.01 per coin), per currency. */
  experienceMilliPerCoin: { GC: number; FC: number };
  /**
   * The house edge the cashback formula counts (basis points): at most the lowest real edge of any
   * game, so the counted loss never exceeds what play is expected to lose.
   */
  houseEdgeBp: number;
  /** Days a calculated cashback can be claimed; then it is credited automatically with a notice. */
  cashbackClaimDays: number;
  sections: LeagueSection[];
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,31}$/;
const MAX_EXPERIENCE = 1_000_000_000;

function invalid(field: string, message: string): never {
  throw new DomainError('VALIDATION_FAILED', message, { [field]: message });
}

function whole(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) invalid(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
}

function prizeOrNull(value: unknown, field: string): Prize | null {
  if (value === null || value === undefined) return null;
  try {
    const prize = parsePrize(value);
    if (prize.kind === 'multiplier' || prize.kind === 'lootbox' || prize.kind === 'nothing') invalid(field, `${field} must pay coins or free spins`);
    return prize;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') throw error;
    return invalid(field, error instanceof Error ? error.message : 'not a prize');
  }
}

/** Checks operator-supplied rules (VALIDATION_FAILED with the field) and answers them normalised. */
export function parseLeagueRules(raw: unknown): LeagueRules {
  if (typeof raw !== 'object' || raw === null) invalid('rules', 'rules must be an object');
  const r = raw as Record<string, unknown>;
  const rates = (r.experienceMilliPerCoin ?? {}) as Record<string, unknown>;
  if (!Array.isArray(r.sections) || r.sections.length < 1 || r.sections.length > 20) invalid('sections', 'sections must be a list of 1 to 20');
  const slugs = new Set<string>();
  const sections = r.sections.map((value: unknown, i): LeagueSection => {
    const s = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const at = `sections.${i}`;
    if (typeof s.slug !== 'string' || !SLUG.test(s.slug)) invalid(`${at}.slug`, 'a slug of lower-case letters, digits and dashes');
    if (slugs.has(s.slug)) invalid(`${at}.slug`, 'slugs must differ');
    slugs.add(s.slug);
    if (typeof s.title !== 'string' || s.title.length < 1 || s.title.length > 40) invalid(`${at}.title`, 'a title of 1 to 40 characters');
    if (s.titleEs !== undefined && s.titleEs !== null && (typeof s.titleEs !== 'string' || s.titleEs.length < 1 || s.titleEs.length > 40)) invalid(`${at}.titleEs`, 'a Spanish title of 1 to 40 characters, or null');
    if (!Array.isArray(s.levels) || s.levels.length < 1 || s.levels.length > 50) invalid(`${at}.levels`, 'levels must be a list of 1 to 50');
    const reward = prizeOrNull(s.reward, `${at}.reward`);
    if (i === 0 && reward !== null) invalid(`${at}.reward`, 'the first section is where everyone starts: it has no section-up reward');
    return {
      slug: s.slug,
      title: s.title,
      titleEs: typeof s.titleEs === 'string' ? s.titleEs : null,
      levels: s.levels.map((need, j) => whole(need, `${at}.levels.${j}`, 1, MAX_EXPERIENCE)),
      reward,
      cashbackBp: whole(s.cashbackBp, `${at}.cashbackBp`, 0, 5000),
      keepExperience: i === 0 ? 0 : whole(s.keepExperience ?? 0, `${at}.keepExperience`, 0, MAX_EXPERIENCE),
      dailyWheelPrize: prizeOrNull(s.dailyWheelPrize, `${at}.dailyWheelPrize`),
    };
  });
  return {
    experienceMilliPerCoin: { GC: whole(rates.GC, 'experienceMilliPerCoin.GC', 0, 1_000_000), FC: whole(rates.FC, 'experienceMilliPerCoin.FC', 0, 1_000_000) },
    houseEdgeBp: whole(r.houseEdgeBp, 'houseEdgeBp', 0, 5000),
    cashbackClaimDays: whole(r.cashbackClaimDays, 'cashbackClaimDays', 1, 30),
    sections,
  };
}

/** Ledger units per whole coin: Gold Coins are whole, Fortune Coins hundredths. */
const UNITS_PER_COIN = { GC: 1, FC: 100 } as const;

/** Experience (thousandths) earned by `staked` ledger units of a currency at the published rate; purchases never earn any. */
export function experienceMilliOf(rules: LeagueRules, currency: 'GC' | 'FC', staked: number): number {
  return Math.floor((staked * rules.experienceMilliPerCoin[currency]) / UNITS_PER_COIN[currency]);
}

/** One level of the league, numbered across every section (1-based). */
export interface LeagueLevel {
  level: number;
  /** 1-based section number. */
  section: number;
  neededExperience: number;
  /** Cumulative experience at which the level starts. */
  startsAt: number;
}

/** Every level of the league in order, with where each starts. */
export function leagueLevels(rules: LeagueRules): LeagueLevel[] {
  const levels: LeagueLevel[] = [];
  let startsAt = 0;
  rules.sections.forEach((section, s) => {
    for (const need of section.levels) {
      levels.push({ level: levels.length + 1, section: s + 1, neededExperience: need, startsAt });
      startsAt += need;
    }
  });
  return levels;
}

/** Experience of every level together (spec: sumAllLevelsPoints). */
export function sumAllLevelsPoints(rules: LeagueRules): number {
  return rules.sections.reduce((sum, s) => sum + s.levels.reduce((a, b) => a + b, 0), 0);
}

export interface LeagueProgress {
  /** Overall 1-based level (the last one when the league is completed). */
  level: number;
  section: number;
  /** Experience within the current level, and what the level needs. */
  currentExperience: number;
  neededExperience: number;
  completed: boolean;
}

/**
 * Where `experience` stands. `floorLevel` is the level the player already reached: a rules change
 * never moves a player down (they stand at the start of that level instead), only a demotion does.
 */
export function progressOf(rules: LeagueRules, experience: number, floorLevel = 1): LeagueProgress {
  const levels = leagueLevels(rules);
  const total = sumAllLevelsPoints(rules);
  const last = levels[levels.length - 1]!;
  if (experience >= total) return { level: last.level, section: last.section, currentExperience: last.neededExperience, neededExperience: last.neededExperience, completed: true };
  let index = levels.findIndex((l) => experience < l.startsAt + l.neededExperience);
  const floorIndex = Math.min(Math.max(floorLevel, 1), levels.length) - 1;
  let within = experience - levels[index]!.startsAt;
  if (floorIndex > index) {
    index = floorIndex;
    within = 0;
  }
  const at = levels[index]!;
  return { level: at.level, section: at.section, currentExperience: within, neededExperience: at.neededExperience, completed: false };
}

/** The cumulative experience a player is set to when demoted from `section` (2+): the start of the last level of the section below. */
export function demotedExperience(rules: LeagueRules, section: number): { experience: number; level: number } {
  const below = leagueLevels(rules).filter((l) => l.section === section - 1);
  const last = below[below.length - 1]!;
  return { experience: last.startsAt, level: last.level };
}

/** The sections a move from `fromSection` to `toSection` enters (each pays its reward once). */
export function sectionsEntered(fromSection: number, toSection: number): number[] {
  const entered: number[] = [];
  for (let s = fromSection + 1; s <= toSection; s++) entered.push(s);
  return entered;
}
