/**
 * Values worked out from one object, kept with that object for as long as it lives. A running site keeps
 * the objects of vehicles an update did not touch, so whatever is worked out per vehicle (a search record,
 * a result card, a feed line) is worked out again only for the vehicles that changed.
 *
 * A value is reused only when every input it was worked out from is the same: the object itself, and the
 * `inputs` list, compared entry by entry with `Object.is` (objects by identity). So a caller lists there
 * everything besides the object that the computation reads; anything it leaves out is a stale value.
 */
export class KeyedMemo<K extends object, V> {
  #known = new WeakMap<K, { inputs: readonly unknown[]; value: V }>();

  get(key: K, inputs: readonly unknown[], compute: () => V): V {
    const known = this.#known.get(key);
    if (known && sameInputs(known.inputs, inputs)) return known.value;
    const value = compute();
    this.#known.set(key, { inputs, value });
    return value;
  }
}

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
