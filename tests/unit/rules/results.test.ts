import { describe, expect, it } from 'vitest';
import { collapseSoldRuns } from '../../../src/rules/results.ts';

const on = { search: { collapseSold: true } };
const off = { search: { collapseSold: false } };
const car = (id: string, status: string) => ({ id, status });
const ids = (list: { id: string }[]) => list.map((v) => v.id);

describe('sold collapse in results', () => {
  it('keeps only the first of each run of consecutive sold vehicles', () => {
    const results = [
      car('a', 'sold'),
      car('b', 'sold'),
      car('c', 'in_stock'),
      car('d', 'sold'),
      car('e', 'on_hold'),
      car('f', 'sold'),
      car('g', 'coming_soon'),
      car('h', 'sold'),
    ];
    expect(ids(collapseSoldRuns(results, on))).toEqual(['a', 'c', 'd', 'g', 'h']);
  });

  it('keeps single sold vehicles between available ones', () => {
    const results = [car('a', 'in_stock'), car('b', 'sold'), car('c', 'in_stock')];
    expect(ids(collapseSoldRuns(results, on))).toEqual(['a', 'b', 'c']);
  });

  it('keeps every vehicle when all are sold', () => {
    const results = [car('a', 'sold'), car('b', 'sold'), car('c', 'sold')];
    expect(ids(collapseSoldRuns(results, on))).toEqual(['a', 'b', 'c']);
  });

  it('collapses nothing when the site switches it off', () => {
    const results = [car('a', 'in_stock'), car('b', 'sold'), car('c', 'sold')];
    expect(ids(collapseSoldRuns(results, off))).toEqual(['a', 'b', 'c']);
    expect(ids(collapseSoldRuns(results, on))).toEqual(['a', 'b']);
  });

  it('handles an empty page', () => {
    expect(collapseSoldRuns([], on)).toEqual([]);
  });
});
