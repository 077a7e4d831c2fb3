import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/generator/collect-garbage.ts';

describe('a full garbage collection on demand', () => {
  it('frees what nothing holds and gives its heap pages back', async () => {
    let garbage: Array<{ n: number; text: string }> | null = Array.from({ length: 1_000_000 }, (_, n) => ({ n, text: `record ${n}` }));
    const watched = new WeakRef(garbage);
    const heapBefore = process.memoryUsage().heapTotal;
    garbage = null;
    // A weak reference made in this turn holds its target until the turn ends.
    await nextTurn();
    collectGarbage();
    expect(watched.deref()).toBeUndefined();
    // A million small objects are some 70 MB of heap; the pages they filled are no longer committed.
    expect(heapBefore - process.memoryUsage().heapTotal).toBeGreaterThan(30e6);
  });

  it('can be asked for again', () => {
    collectGarbage();
    collectGarbage();
  });
});
