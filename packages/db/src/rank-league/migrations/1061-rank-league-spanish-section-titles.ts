import type { AnyDb } from '../../migration-support';

/**
 * The league's sections gain a Spanish name (`titleEs`, operator data beside `title`, as the
 * tournaments' `title_es`). The rules are stored as JSON (`rank_league_versions.rules_json`, and the
 * copy app init reads in the feature's `feature_status` row), so there is no column to add: an
 * install seeded before this change gets the shipped Spanish names of the shipped sections, and only
 * where the operator kept the shipped English name (a section an operator renamed or added keeps no
 * Spanish name until the operator gives one; the English title is shown meanwhile). A fresh install
 * has no rows yet: its seed (content/rank-league/league.json) brings the Spanish names.
 */
const SHIPPED: Record<string, { title: string; titleEs: string }> = {
  bronze: { title: 'Bronze', titleEs: 'Bronce' },
  silver: { title: 'Silver', titleEs: 'Plata' },
  gold: { title: 'Gold', titleEs: 'Oro' },
  platinum: { title: 'Platinum', titleEs: 'Platino' },
  diamond: { title: 'Diamond', titleEs: 'Diamante' },
};

type Section = { slug?: unknown; title?: unknown; titleEs?: unknown };

/** Adds the shipped Spanish names to `rules` in place; answers whether anything changed. */
function addSpanish(rules: { sections?: Section[] } | null | undefined, titleEs: (section: Section) => string | null): boolean {
  let changed = false;
  for (const section of rules?.sections ?? []) {
    if (section.titleEs !== undefined && section.titleEs !== null) continue;
    const value = titleEs(section);
    if (value !== (section.titleEs ?? null)) {
      section.titleEs = value;
      changed = true;
    }
  }
  return changed;
}

function shippedSpanish(section: Section): string | null {
  const shipped = typeof section.slug === 'string' ? SHIPPED[section.slug] : undefined;
  return shipped && shipped.title === section.title ? shipped.titleEs : null;
}

export async function up(db: AnyDb): Promise<void> {
  const versions = (await db.selectFrom('rank_league_versions').select(['id', 'rules_json']).execute()) as { id: number; rules_json: string }[];
  for (const row of versions) {
    const rules = JSON.parse(row.rules_json) as { sections?: Section[] };
    if (addSpanish(rules, shippedSpanish)) await db.updateTable('rank_league_versions').set({ rules_json: JSON.stringify(rules) }).where('id', '=', row.id).execute();
  }
  const status = (await db.selectFrom('feature_status').select('status_json').where('feature', '=', 'rank-league').executeTakeFirst()) as { status_json: string } | undefined;
  if (status) {
    const value = JSON.parse(status.status_json) as { versions?: { rules?: { sections?: Section[] } }[] };
    let changed = false;
    for (const version of value.versions ?? []) changed = addSpanish(version.rules, shippedSpanish) || changed;
    if (changed) await db.updateTable('feature_status').set({ status_json: JSON.stringify(value) }).where('feature', '=', 'rank-league').execute();
  }
}

/** Back: the Spanish names are dropped from the stored rules (the code before this change ignores them anyway). */
export async function down(db: AnyDb): Promise<void> {
  const strip = (rules: { sections?: Section[] } | undefined) => {
    for (const section of rules?.sections ?? []) delete section.titleEs;
  };
  const versions = (await db.selectFrom('rank_league_versions').select(['id', 'rules_json']).execute()) as { id: number; rules_json: string }[];
  for (const row of versions) {
    const rules = JSON.parse(row.rules_json) as { sections?: Section[] };
    strip(rules);
    await db.updateTable('rank_league_versions').set({ rules_json: JSON.stringify(rules) }).where('id', '=', row.id).execute();
  }
  const status = (await db.selectFrom('feature_status').select('status_json').where('feature', '=', 'rank-league').executeTakeFirst()) as { status_json: string } | undefined;
  if (status) {
    const value = JSON.parse(status.status_json) as { versions?: { rules?: { sections?: Section[] } }[] };
    for (const version of value.versions ?? []) strip(version.rules);
    await db.updateTable('feature_status').set({ status_json: JSON.stringify(value) }).where('feature', '=', 'rank-league').execute();
  }
}
