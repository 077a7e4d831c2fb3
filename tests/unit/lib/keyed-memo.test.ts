import { describe, expect, it } from 'vitest';
import { KeyedMemo } from '../../../src/lib/keyed-memo.ts';

describe('a value kept with an object', () => {
  it('is worked out once while the object and every listed input stay the same', () => {
    const memo = new KeyedMemo<object, string>();
    const vehicle = { price: 100 };
    const site = { slug: 'a' };
    let computed = 0;
    const record = (s: object, at: number) => memo.get(vehicle, [s, at], () => `${++computed}`);
    expect(record(site, 1)).toBe('1');
    expect(record(site, 1)).toBe('1');
    // Another site object with the same values is another input: values are compared by identity.
    expect(record({ ...site }, 1)).toBe('2');
    expect(record({ ...site }, 2)).toBe('3');
    expect(computed).toBe(3);
  });

  it('is worked out again for another object, and when the inputs change length', () => {
    const memo = new KeyedMemo<object, number>();
    let computed = 0;
    const a = {};
    memo.get(a, [1], () => ++computed);
    memo.get({}, [1], () => ++computed);
    memo.get(a, [1, undefined], () => ++computed);
    expect(computed).toBe(3);
  });
});
