import { existsSync } from 'node:fs';
import { loadSiteContent } from '../data/site-data.ts';
import { readSnapshot, snapshotPath } from '../data/snapshot-files.ts';
import { timeBoundaryInput } from '../generator/incremental.ts';
import { describeBoundaries, nextTimeBoundary, type TimeBoundary } from '../rules/time-boundaries.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { PublishedSite, RunOutcome, SiteQueue } from './site-queue.ts';

/** The longest delay setTimeout takes (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long after a failed time-boundary run the clock tries again, rather than at once and forever. */
const RETRY_AFTER_FAILURE_MS = 60_000;

/** The timers the clock uses: the platform's, or a test's. */
export interface ClockTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BoundaryClockOptions {
  sites: SiteConfig[];
  /** Where sites/, content/, data/ and out/ are. */
  root: string;
  queue: SiteQueue;
  now?: () => Date;
  timers?: ClockTimers;
  log?: (line: string) => void;
}

interface SiteClock {
  next: TimeBoundary | null;
  timer: unknown;
  /** The boundary the clock last asked a run for (epoch ms). */
  fired: number | null;
  /** Bumped on every re-arm, so a stale refresh never arms over a newer one. */
  generation: number;
}

/**
 * Time-aware republishing: a static page cannot notice that time passed, so the ops server keeps,
 * per site, the next time boundary after the moment its pages were rendered for (the snapshot's
 * `pulledAt`) and asks the site's queue for a `clock` run when it passes. The run goes through the
 * same queue (and the same lock) as webhook and content runs, so it never overlaps one, and is
 * recorded like them. The boundary is worked out again after every run of the site (a build, a
 * webhook batch, a content rebuild): any of them may move the reference time, the offers, the
 * content or the sold vehicles.
 */
export class BoundaryClock {
  readonly #options: BoundaryClockOptions;
  readonly #now: () => Date;
  readonly #timers: ClockTimers;
  readonly #log: (line: string) => void;
  readonly #sites = new Map<string, SiteClock>();
  readonly #onFinish = (slug: string, outcome: RunOutcome, published?: PublishedSite) => void this.refresh(slug, outcome.status === 'failed', published);
  #closed = false;

  constructor(options: BoundaryClockOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms).unref(), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
    this.#log = options.log ?? (() => {});
    options.queue.on('finish', this.#onFinish);
  }

  /** Works out every site's next boundary and arms its timer. */
  async start(): Promise<void> {
    await Promise.all(this.#options.sites.map((site) => this.refresh(site.slug)));
  }

  /** The next boundary known for a site (null: none, or the site is not built yet). */
  next(slug: string): TimeBoundary | null {
    return this.#sites.get(slug)?.next ?? null;
  }

  /**
   * Reads the site's snapshot and content again (or takes them from the run that just published them)
   * and re-arms its timer for the next boundary after the pages' reference time. A boundary already
   * passed (the server was down, or a run made no progress) fires at once, or a minute later after a
   * failed run.
   */
  async refresh(slug: string, afterFailure = false, published?: PublishedSite): Promise<void> {
    const site = this.#options.sites.find((s) => s.slug === slug);
    if (!site || this.#closed) return;
    const slot = this.#slot(slug);
    const generation = ++slot.generation;
    let next: TimeBoundary | null = null;
    try {
      if (published) {
        next = nextTimeBoundary(timeBoundaryInput(site, published.snapshot, published.content), new Date(published.snapshot.meta.pulledAt));
      } else {
        const snapshot = existsSync(snapshotPath(slug, this.#options.root)) ? await readSnapshot(slug, this.#options.root) : null;
        if (snapshot) next = nextTimeBoundary(timeBoundaryInput(site, snapshot, loadSiteContent(slug, this.#options.root)), new Date(snapshot.meta.pulledAt));
      }
    } catch (error) {
      this.#log(`${slug}: the next time boundary could not be worked out: ${(error as Error).message}`);
    }
    if (generation !== slot.generation || this.#closed) return;
    this.#disarm(slot);
    slot.next = next;
    if (!next) return;
    // A run that left a boundary it was asked for unpassed (it failed, or built without moving the time on)
    // is tried again a minute later rather than at once and forever.
    const stuck = afterFailure || (slot.fired !== null && next.at.getTime() <= slot.fired);
    const due = stuck ? Math.max(next.at.getTime(), this.#now().getTime() + RETRY_AFTER_FAILURE_MS) : next.at.getTime();
    this.#arm(slug, slot, due);
  }

  /** Stops every timer; later runs arm none. */
  close(): void {
    this.#closed = true;
    this.#options.queue.off('finish', this.#onFinish);
    for (const slot of this.#sites.values()) this.#disarm(slot);
  }

  #slot(slug: string): SiteClock {
    let slot = this.#sites.get(slug);
    if (!slot) this.#sites.set(slug, (slot = { next: null, timer: null, fired: null, generation: 0 }));
    return slot;
  }

  #disarm(slot: SiteClock): void {
    if (slot.timer !== null) this.#timers.clearTimeout(slot.timer);
    slot.timer = null;
  }

  // A boundary further off than setTimeout can wait is reached in steps: the timer re-arms until it is due.
  #arm(slug: string, slot: SiteClock, due: number): void {
    const wait = Math.min(Math.max(0, due - this.#now().getTime()), MAX_TIMER_MS);
    slot.timer = this.#timers.setTimeout(() => {
      slot.timer = null;
      if (this.#closed) return;
      if (this.#now().getTime() < due) return this.#arm(slug, slot, due);
      const passed = slot.next ? [slot.next] : [];
      slot.fired = slot.next?.at.getTime() ?? null;
      const what = describeBoundaries(passed);
      this.#log(`${slug}: a time boundary passed at ${slot.next?.at.toISOString()} (${what}); republishing the pages it affects`);
      this.#options.queue.request(slug, { clock: true, trigger: `clock: ${what}` });
    }, wait);
  }
}
