import { EventEmitter } from 'node:events';
import type { SiteContent } from '../data/site-data.ts';
import type { Snapshot } from '../schemas/snapshot.ts';

/** Something that wants a site brought up to date. */
export interface UpdateRequest {
  /** There are journalled events to apply. */
  events?: boolean;
  /** Editorial content under content/<slug>/ may have changed (a marketing rebuild). */
  content?: boolean;
  /** Render everything from the current snapshot. */
  full?: boolean;
  /** A time boundary passed (an offer, popup or promo window, a sold vehicle's days): move the pages' time on. */
  clock?: boolean;
  /** Who asked, e.g. "webhook", "rebuild by alex" (the admin page), "startup". */
  trigger: string;
}

/** What one run does: every request merged since the last run started. */
export interface RunPlan {
  events: boolean;
  content: boolean;
  full: boolean;
  /** Move the site's reference time on to now, re-rendering what the passed time boundaries change. */
  clock?: boolean;
  triggers: string[];
}

export interface RunProgress {
  phase: string;
  done: number;
  total: number;
}

export interface RunOutcome {
  status: 'published' | 'failed';
  kind: 'full' | 'incremental' | 'content';
  pages: number;
  durationMs: number;
  message?: string;
  report?: unknown;
}

/**
 * What the site publishes after a run, when the run holds it in memory: 'finish' listeners (the
 * boundary clock) take it rather than reading and validating the whole snapshot again.
 */
export interface PublishedSite {
  snapshot: Snapshot;
  content: Pick<SiteContent, 'popup' | 'promoCards'>;
}

/** A run's outcome as the runner returns it, with the site it published when it has it. */
export interface RunResult extends RunOutcome {
  published?: PublishedSite;
}

/** Runs one plan for one site. Never called twice at once for the same site. */
export type SiteRunner = (site: string, plan: RunPlan, progress: (p: RunProgress) => void) => Promise<RunResult>;

export interface SiteQueueStatus {
  state: 'idle' | 'waiting' | 'running';
  running: { plan: RunPlan; startedAt: string; progress: RunProgress | null } | null;
  /** Requests merged into the next run. */
  next: RunPlan | null;
  last: (RunOutcome & { finishedAt: string }) | null;
}

interface SiteSlot {
  timer: NodeJS.Timeout | null;
  next: RunPlan | null;
  running: SiteQueueStatus['running'];
  last: SiteQueueStatus['last'];
}

const merge = (plan: RunPlan | null, request: UpdateRequest): RunPlan => ({
  events: (plan?.events ?? false) || Boolean(request.events),
  content: (plan?.content ?? false) || Boolean(request.content),
  full: (plan?.full ?? false) || Boolean(request.full),
  ...(plan?.clock || request.clock ? { clock: true } : {}),
  triggers: [...new Set([...(plan?.triggers ?? []), request.trigger])],
});

/**
 * One queue per site: a site never builds twice at once. Requests that arrive
 * while a run is going are merged into the next run, so a burst of events
 * becomes a few runs; a request to an idle site waits `coalesceMs` first (none
 * by default, see `DEFAULT_COALESCE_MS`).
 *
 * Emits 'start' (site, plan), 'progress' (site, progress) and 'finish' (site, outcome, published site or undefined).
 */
export class SiteQueue extends EventEmitter {
  readonly #runner: SiteRunner;
  readonly #coalesceMs: number;
  readonly #slots = new Map<string, SiteSlot>();
  readonly #idleWaiters: Array<() => void> = [];
  #closed = false;

  constructor(runner: SiteRunner, options: { coalesceMs: number }) {
    super();
    this.#runner = runner;
    this.#coalesceMs = options.coalesceMs;
  }

  #slot(site: string): SiteSlot {
    let slot = this.#slots.get(site);
    if (!slot) {
      slot = { timer: null, next: null, running: null, last: null };
      this.#slots.set(site, slot);
    }
    return slot;
  }

  request(site: string, request: UpdateRequest): void {
    const slot = this.#slot(site);
    slot.next = merge(slot.next, request);
    // After close a request is only noted: its events stay in the journal for the next process.
    if (!this.#closed && !slot.running && !slot.timer) slot.timer = setTimeout(() => void this.#run(site), this.#coalesceMs);
  }

  async #run(site: string): Promise<void> {
    const slot = this.#slot(site);
    slot.timer = null;
    const plan = slot.next;
    if (!plan || slot.running) return;
    slot.next = null;
    slot.running = { plan, startedAt: new Date().toISOString(), progress: null };
    this.emit('start', site, plan);
    let result: RunResult;
    const started = performance.now();
    try {
      result = await this.#runner(site, plan, (progress) => {
        if (slot.running) slot.running.progress = progress;
        this.emit('progress', site, progress);
      });
    } catch (error) {
      result = { status: 'failed', kind: plan.full ? 'full' : 'incremental', pages: 0, durationMs: Math.round(performance.now() - started), message: (error as Error).message };
    }
    // What the site publishes goes to listeners that want it, never into the status or the event stream.
    const { published, ...outcome } = result;
    slot.running = null;
    slot.last = { ...outcome, finishedAt: new Date().toISOString() };
    this.emit('finish', site, outcome, published);
    if (slot.next && !this.#closed) slot.timer = setTimeout(() => void this.#run(site), 0);
    else if (this.#allIdle()) for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  #allIdle(): boolean {
    return [...this.#slots.values()].every((s) => !s.running && !s.timer && (this.#closed || !s.next));
  }

  status(site: string): SiteQueueStatus {
    const slot = this.#slot(site);
    return { state: slot.running ? 'running' : slot.next ? 'waiting' : 'idle', running: slot.running, next: slot.next, last: slot.last };
  }

  /** Resolves when no site has anything running or waiting. */
  whenIdle(): Promise<void> {
    return this.#allIdle() ? Promise.resolve() : new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops scheduling new runs, now and for later requests (a run in progress finishes). */
  close(): void {
    this.#closed = true;
    for (const slot of this.#slots.values()) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
    }
  }
}
