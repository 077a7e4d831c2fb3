/** Where `item` belongs in `sorted` (in `compare`'s order, a total order): the first place not before it, found by binary search. */
export function sortedIndex<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Puts `item` into `sorted` (in `compare`'s order, a total order) where it belongs, found by binary search. */
export function insertSorted<T>(sorted: T[], item: T, compare: (a: T, b: T) => number): void {
  sorted.splice(sortedIndex(sorted, item, compare), 0, item);
}
