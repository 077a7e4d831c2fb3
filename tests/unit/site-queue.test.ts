import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COALESCE_MS } from '../../src/ops/config.ts';
import { SiteQueue, type RunPlan, type RunResult } from '../../src/ops/site-queue.ts';

// The ops server's queue with its default wait: a change to an idle site starts a run at once, and the
// changes that arrive while it runs become one next run.
describe('the site queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a run for an idle site at once and merges what arrives meanwhile into one next run', async () => {
    const runs: RunPlan[] = [];
    let finishFirst: (result: RunResult) => void = () => {};
    const queue = new SiteQueue(
      (_site, plan) => {
        runs.push(plan);
        if (runs.length === 1) return new Promise<RunResult>((resolve) => (finishFirst = resolve));
        return Promise.resolve({ status: 'published', kind: 'incremental', pages: 1, durationMs: 0 });
      },
      { coalesceMs: DEFAULT_COALESCE_MS },
    );
    vi.useFakeTimers();
    queue.request('demo', { events: true, trigger: 'webhook' });
    // No time passes before the run starts.
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    expect(queue.status('demo').state).toBe('running');
    // A burst while the first run goes on.
    for (let i = 0; i < 5; i++) queue.request('demo', { events: true, trigger: 'webhook' });
    queue.request('demo', { content: true, trigger: 'rebuild by alex' });
    expect(runs).toHaveLength(1);
    finishFirst({ status: 'published', kind: 'incremental', pages: 1, durationMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    await queue.whenIdle();
    expect(runs).toHaveLength(2);
    expect(runs[1]).toEqual({ events: true, content: true, full: false, triggers: ['webhook', 'rebuild by alex'] });
  });
});
