import { describe, expect, it } from 'vitest';
import { insertSorted, removeSorted, withoutSorted } from '../../../src/lib/sorted.ts';

interface Car {
  id: number;
  price: number;
}
// Price, then id: a total order with ties on price.
const byPrice = (a: Car, b: Car) => a.price - b.price || a.id - b.id;
const cars = (prices: number[]) => prices.map((price, id) => ({ id, price }));

describe('sorted lists', () => {
  it('take out an item by binary search, among ties too, and leave a list without it as it was', () => {
    const list = cars([5, 1, 3, 3, 3, 9, 7]).sort(byPrice);
    const tie = list.find((c) => c.price === 3 && c.id === 3)!;
    expect(removeSorted(list, tie, byPrice)).toBe(true);
    expect(list.map((c) => c.id)).toEqual([1, 2, 4, 0, 6, 5]);
    // The same car again, and an equal copy of another (not the item itself): not there.
    expect(removeSorted(list, tie, byPrice)).toBe(false);
    expect(removeSorted(list, { ...list[0]! }, byPrice)).toBe(false);
    expect(list).toHaveLength(6);
  });

  it('give the list without the items gone, equal to filtering it, and leave the list given as it was', () => {
    const list = cars(Array.from({ length: 200 }, (_, i) => (i * 37) % 50)).sort(byPrice);
    for (const count of [0, 1, 5, 40]) {
      const gone = new Set(list.filter((_, i) => (i * 7) % 200 < count));
      const before = [...list];
      expect(withoutSorted(list, gone, byPrice)).toEqual(list.filter((c) => !gone.has(c)));
      expect(list).toEqual(before);
    }
    // An item not in the list among those gone: the others still go.
    const stranger = { id: 999, price: 10 };
    const gone = new Set([list[3]!, stranger]);
    expect(withoutSorted(list, gone, byPrice)).toEqual(list.filter((c) => c !== list[3]));
  });

  it('insert where the order puts an item', () => {
    const list = cars([1, 3, 5]);
    insertSorted(list, { id: 7, price: 3 }, byPrice);
    expect(list.map((c) => c.price)).toEqual([1, 3, 3, 5]);
    expect(list[2]!.id).toBe(7);
  });
});
