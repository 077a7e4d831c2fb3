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
  #known = new WeakMap<K, { inputs: readonly unknown[]; value: V; scope?: object }>();

  get(key: K, inputs: readonly unknown[], compute: () => V): V {
    const known = this.#known.get(key);
    if (known && sameInputs(known.inputs, inputs)) return known.value;
    const value = compute();
    this.#known.set(key, { inputs, value });
    return value;
  }

  /**
   * {@link get} for a pass over many objects whose inputs are drawn from the same shared objects (the site,
   * the image index, the time), which `scope` stands for (see {@link MemoScope}): a value kept under the
   * same scope is returned without gathering its inputs. So `inputs` must be a function of the object and
   * the shared objects alone, and none of them may be changed in place.
   */
  getScoped(scope: object, key: K, inputs: () => readonly unknown[], compute: () => V): V {
    const known = this.#known.get(key);
    if (known?.scope === scope) return known.value;
    const current = inputs();
    if (known && sameInputs(known.inputs, current)) {
      known.scope = scope;
      return known.value;
    }
    const value = compute();
    this.#known.set(key, { inputs: current, value, scope });
    return value;
  }
}

/** An object that stays the same while the shared inputs given to {@link of} are all the same as last time. */
export class MemoScope {
  #shared: readonly unknown[] = [];
  #scope: object = {};

  of(shared: readonly unknown[]): object {
    if (!sameInputs(this.#shared, shared)) {
      this.#shared = shared;
      this.#scope = {};
    }
    return this.#scope;
  }
}

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
