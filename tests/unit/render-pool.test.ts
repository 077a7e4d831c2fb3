import { describe, expect, it } from 'vitest';
import { workerHeapMb } from '../../src/generator/render-pool.ts';

describe("a render worker's heap", () => {
  it('stays at its floor for the largest site at 10,000 vehicles and grows with a larger snapshot', () => {
    // Summit's snapshot is 28 MB at 10,000 vehicles and 275 MB at 100,000, where 512 MB ran out.
    expect(workerHeapMb(28e6)).toBe(512);
    expect(workerHeapMb(275e6)).toBeGreaterThanOrEqual(2048);
    expect(workerHeapMb(300e6)).toBeGreaterThan(workerHeapMb(275e6));
  });
});
