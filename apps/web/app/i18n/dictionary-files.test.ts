import { describe, expect, it } from 'vitest';
import { dictionaryFromFiles } from './dictionary-files';

const root = '../../content/translations';

describe('a dictionary from its files (as the seed builds it)', () => {
  it('merges the whole file, one file per namespace and parts of a namespace', () => {
    const files = {
      [`${root}/en.json`]: { errors: { generic: 'Something went wrong' }, common: { ok: 'OK' } },
      [`${root}/en/dailyLogin.json`]: { title: 'Daily prizes' },
      [`${root}/en/errors/daily-login.json`]: { dailyLoginAlreadyClaimed: 'Already claimed' },
      [`${root}/es.json`]: { common: { ok: 'Vale' } },
      [`${root}/es/dailyLogin.json`]: { title: 'Premios diarios' },
    };
    expect(dictionaryFromFiles(files, 'en')).toEqual({
      errors: { generic: 'Something went wrong', dailyLoginAlreadyClaimed: 'Already claimed' },
      common: { ok: 'OK' },
      dailyLogin: { title: 'Daily prizes' },
    });
    expect(dictionaryFromFiles(files, 'es')).toEqual({ common: { ok: 'Vale' }, dailyLogin: { title: 'Premios diarios' } });
    // The source objects are not changed.
    expect(files[`${root}/en.json`].errors).toEqual({ generic: 'Something went wrong' });
  });

  it('refuses a namespace or a key defined twice', () => {
    expect(() => dictionaryFromFiles({ [`${root}/en.json`]: { a: { b: 'x' } }, [`${root}/en/a.json`]: { c: 'y' } }, 'en')).toThrow(/namespace a is defined twice/);
    expect(() => dictionaryFromFiles({ [`${root}/en.json`]: { a: { b: 'x' } }, [`${root}/en/a/f.json`]: { b: 'y' } }, 'en')).toThrow(/key a\.b is defined twice/);
  });
});
