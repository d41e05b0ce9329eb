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

  it('keeps the branch when a key is both a message and a branch', () => {
    expect(unflattenDictionary([{ key: 'a', value: 'leaf' }, { key: 'a.b', value: 'child' }])).toEqual({ a: { b: 'child' } });
    expect(unflattenDictionary([{ key: 'a.b', value: 'child' }, { key: 'a', value: 'leaf' }])).toEqual({ a: { b: 'child' } });
  });
});
