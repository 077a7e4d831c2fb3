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

/**
 * Takes `item` out of `sorted` (in `compare`'s order, a total order), found by binary search. False, with
 * `sorted` as it was, when `item` itself is not where that order puts it.
 */
export function removeSorted<T>(sorted: T[], item: T, compare: (a: T, b: T) => number): boolean {
  const at = sortedIndex(sorted, item, compare);
  if (sorted[at] !== item) return false;
  sorted.splice(at, 1);
  return true;
}

/**
 * `sorted` (in `compare`'s order, a total order) without `gone`: a copy with each taken out by binary search,
 * or filtered when there are many (or one is not where the order puts it).
 */
export function withoutSorted<T>(sorted: readonly T[], gone: ReadonlySet<T>, compare: (a: T, b: T) => number): T[] {
  if (gone.size > FEW_REMOVED) return sorted.filter((item) => !gone.has(item));
  const out = sorted.slice();
  for (const item of gone) if (!removeSorted(out, item, compare)) return sorted.filter((kept) => !gone.has(kept));
  return out;
}

/** Past this many items to take out of a list, one pass over it is cheaper than a binary search and a shift each. */
const FEW_REMOVED = 32;
