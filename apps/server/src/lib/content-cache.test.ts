import { describe, expect, it } from 'vitest';
import { unflattenDictionary } from './content-cache';

describe('unflattenDictionary', () => {
  it('rebuilds nesting and arrays from dotted keys', () => {
    expect(
      unflattenDictionary([
        { key: 'a.b', value: '1' },
        { key: 'a.c.d', value: '2' },
        { key: 'list.1', value: 'second' },
        { key: 'list.0', value: 'first' },
        { key: 'sparse.0', value: 'x' },
        { key: 'sparse.2', value: 'y' },
        { key: 'top', value: 'T' },
      ]),
    ).toEqual({ a: { b: '1', c: { d: '2' } }, list: ['first', 'second'], sparse: { 0: 'x', 2: 'y' }, top: 'T' });
  });

  it('ignores keys that would reach an object prototype', () => {
    const dictionary = unflattenDictionary([{ key: '__proto__.polluted', value: 'x' }, { key: 'a.constructor', value: 'y' }, { key: 'ok', value: 'z' }]);
    expect(dictionary).toEqual({ ok: 'z' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the branch when a key is both a message and a branch', () => {
    expect(unflattenDictionary([{ key: 'a', value: 'leaf' }, { key: 'a.b', value: 'child' }])).toEqual({ a: { b: 'child' } });
    expect(unflattenDictionary([{ key: 'a.b', value: 'child' }, { key: 'a', value: 'leaf' }])).toEqual({ a: { b: 'child' } });
  });
});

describe('translation dictionaries survive seeding and serving', () => {
  it('unflatten(flatten(d)) equals d for any dictionary with non-empty branches (property)', async () => {
    const fc = (await import('fast-check')).default;
    const { flattenDictionary } = await import('@sweepstack/db/seeds/0022-content-translations');
    // Keys: no dots, not purely numeric (an object keyed 0..n-1 is read back as a list, by design).
    const key = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_ -]{0,8}$/);
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.string(), tie('list'), tie('dict')),
      list: fc.array(fc.oneof(fc.string(), tie('dict')), { minLength: 1, maxLength: 3 }),
      dict: fc.dictionary(key, tie('tree'), { minKeys: 1, maxKeys: 4 }),
    }));
    const root = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(root, (dictionary) => {
        expect(unflattenDictionary(flattenDictionary(dictionary, 'property.json'))).toEqual(dictionary);
      }),
      { numRuns: 300 },
    );
  });
});
