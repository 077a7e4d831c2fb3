import { describe, expect, it } from 'vitest';
import { WritesInFlight } from '../../../src/lib/writes-in-flight.ts';

/** A write that finishes (or fails) when the test says so. */
function heldWrite() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('writes left in flight', () => {
  it('lets the caller go on until the limit is reached, then waits for one write to finish', async () => {
    const writes = new WritesInFlight(2);
    const [a, b, c] = [heldWrite(), heldWrite(), heldWrite()];
    await writes.add(a.promise);
    let third = false;
    const adding = writes.add(b.promise).then(() => writes.add(c.promise)).then(() => (third = true));
    await tick();
    expect(third).toBe(false);
    b.finish();
    await tick();
    await tick();
    // b is done: c is in flight beside a.
    expect(third).toBe(false);
    a.finish();
    await adding;
    expect(third).toBe(true);
    let settled = false;
    const waiting = writes.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    c.finish();
    await waiting;
    expect(settled).toBe(true);
  });

  it('throws a failed write from the next add and from settled, and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const writes = new WritesInFlight(8);
      const failing = heldWrite();
      await writes.add(failing.promise);
      failing.fail(new Error('disk full'));
      await tick();
      await expect(writes.add(Promise.resolve())).rejects.toThrow('disk full');
      await expect(writes.settled()).rejects.toThrow('disk full');
      await tick();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('waits for every write before it settles', async () => {
    const writes = new WritesInFlight(4);
    const done: number[] = [];
    for (const [i, ms] of [5, 1, 3].entries()) await writes.add(new Promise<void>((resolve) => setTimeout(() => (done.push(i), resolve()), ms)));
    await writes.settled();
    expect(done.sort()).toEqual([0, 1, 2]);
  });
});
