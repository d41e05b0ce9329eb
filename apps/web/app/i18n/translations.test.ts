import { ERROR_CATALOGUE } from '@sweepstack/contracts/errors';
import { describe, expect, it } from 'vitest';
import en from '../../../../content/translations/en.json';
import es from '../../../../content/translations/es.json';
import { COMING_SOON_FEATURES, featureKey } from '../features/coming-soon/features';
import { CONSENT_COOKIES } from '../features/cookie-consent/consent';

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(dict)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

const enFlat = flatten(en as Dict);
const esFlat = flatten(es as Dict);

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
    for (const feature of COMING_SOON_FEATURES) {
      expect(enFlat[`features.${featureKey(feature)}.name`], feature).toBeTruthy();
      expect(enFlat[`features.${featureKey(feature)}.description`], feature).toBeTruthy();
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
