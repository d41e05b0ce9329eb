import { ERROR_CATALOGUE } from '@sweepstack/contracts/errors';
import { describe, expect, it } from 'vitest';
import { featureKey } from '../features/coming-soon/features';
import { CONSENT_COOKIES } from '../features/cookie-consent/consent';
import { registry } from '../platform/registry';
import { bundledDictionary } from './bundled-dictionaries';

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(dict)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

// content/translations/<locale>.json and every content/translations/<locale>/<namespace>.json.
const enFlat = flatten(bundledDictionary('en') as Dict);
const esFlat = flatten(bundledDictionary('es') as Dict);

/** What the features show as coming soon: pages, modals and links without a component of their own. */
function comingSoonFeatures(): string[] {
  const names = new Set<string>();
  for (const page of registry.pages) if (!page.file) names.add(page.id);
  for (const feature of registry.features) {
    for (const [name, modal] of Object.entries(feature.modals ?? {})) if (!modal.load) names.add(modal.comingSoon ?? name);
    for (const link of feature.deepLinks ?? []) if (!link.modal) names.add(link.comingSoon ?? feature.id);
    for (const entry of [...(feature.sidebar ?? []), ...(feature.tapBar ?? [])]) if (!entry.to && !entry.modal) names.add(feature.id);
  }
  return [...names];
}

describe('translations', () => {
  it('has the same keys in English and Spanish, none empty', () => {
    expect(Object.keys(esFlat).sort()).toEqual(Object.keys(enFlat).sort());
    for (const [key, value] of Object.entries({ ...enFlat, ...esFlat })) expect(value.trim(), key).not.toBe('');
  });

  it('keeps interpolation placeholders identical', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of Object.keys(enFlat)) expect(placeholders(esFlat[key] ?? ''), key).toEqual(placeholders(enFlat[key] ?? ''));
  });

  it('translates the message of every error code of the catalogue in English and Spanish', () => {
    const missing: string[] = [];
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      if (!enFlat[entry.messageKey]?.trim()) missing.push(`en ${entry.messageKey} (${code})`);
      if (!esFlat[entry.messageKey]?.trim()) missing.push(`es ${entry.messageKey} (${code})`);
    }
    expect(missing).toEqual([]);
  });

  it('names and describes every coming-soon feature and consent group', () => {
    const features = comingSoonFeatures();
    expect(features).toEqual(expect.arrayContaining(['support-chat', 'magic-boxes']));
    for (const feature of features) {
      expect(enFlat[`features.${featureKey(feature)}.name`], feature).toBeTruthy();
      expect(enFlat[`features.${featureKey(feature)}.description`], feature).toBeTruthy();
    }
    // And every feature the dictionary names has both texts.
    for (const key of Object.keys(bundledDictionary('en').features as Dict)) {
      expect(enFlat[`features.${key}.name`], key).toBeTruthy();
      expect(enFlat[`features.${key}.description`], key).toBeTruthy();
    }
    for (const cookie of CONSENT_COOKIES) expect(enFlat[`consent.cookies.${cookie.id}.name`]).toBeTruthy();
  });

  it('has the spec texts', () => {
    expect(enFlat['appUpdate.message']).toBe('Updated content is available. Please refresh the page.');
    expect(enFlat['errorPage.notFound']).toBe('Page Not Found: {{path}}');
    expect(enFlat['errorPage.title']).toBeTruthy();
    expect(enFlat['errorPage.btn.text']).toBeTruthy();
  });
});
