/**
 * The lead outbox: delivers each stored lead to each of its site's CRM targets. All state lives in
 * the store (`lead_deliveries`, one row per lead and target), so a restart resumes where the last
 * process stopped; an attempt that was cut short is made again, with the same idempotency key.
 *
 * - 2xx: delivered.
 * - 4xx other than 408, 425 and 429, or a redirect (not followed: a POST must not turn into a
 *   GET): the target refuses this lead; it is flagged at once (kept, shown on the admin page with
 *   the answer, retried by hand).
 * - 408, 425, 429, 5xx, a network error or a timeout: retried with exponential backoff and full
 *   jitter (a Retry-After on 429 or 503 is honoured, capped at `retryMaxMs`), then flagged after
 *   `maxAttempts` attempts.
 * - A target whose URL variable is unset (or not an http(s) URL), or whose token variable is named
 *   but unset: its leads wait, without an attempt recorded or counted, and the log says once which
 *   variable to set. The variables are read again on every pass (at least every `idleMs`, and on
 *   `kick`), and waiting leads are due at once when they are set. A site or target no longer in
 *   the config: its leads wait likewise, logged once.
 *
 * At most `concurrency` attempts are in flight, never two for one delivery. A pass runs when
 * `kick` is called (a lead was stored or retried), when the next delivery falls due, and at least
 * every `idleMs`.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { leadAdf, leadJson } from './lead-formats.ts';
import type { LeadAttempt, LeadStore } from './lead-store.ts';

export interface LeadOutboxOptions {
  store: LeadStore;
  sites: readonly SiteConfig[];
  /** Where target URLs and tokens are read from, on every attempt. Default: process.env. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Ceiling of the first retry delay; each later one doubles (full jitter: a random delay up to the ceiling) up to `retryMaxMs`. Default 2 s. */
  retryBaseMs?: number;
  /** Longest retry delay, and the cap on a target's Retry-After. Default 10 minutes. */
  retryMaxMs?: number;
  /** Attempts before a delivery is flagged. Default 12. */
  maxAttempts?: number;
  /** Per request, until the answer has arrived. Default 10 s. */
  timeoutMs?: number;
  /** Attempts in flight at once, over all targets. Default 4. */
  concurrency?: number;
  /** Longest sleep between passes, so a newly set variable is noticed. Default 30 s. */
  idleMs?: number;
}

export interface LeadOutbox {
  /** Starts delivering, beginning with whatever is due in the store. */
  start(): void;
  /** Runs a pass soon (a lead was just stored, or retried). */
  kick(): void;
  /**
   * Stops the timer and waits up to `waitMs` (default 10 s) for attempts in flight; attempts still
   * running then are abandoned without being recorded, so the next process makes them again.
   */
  stop(waitMs?: number): Promise<void>;
}

/** 4xx answers that mean "not now" rather than "never". */
const TRANSIENT_4XX = new Set([408, 425, 429]);
/** Leads waiting for a URL variable are looked at again this often (at once when it is set). */
const UNSET_WAIT_MS = 60_000;
/** Leads of a site or target no longer configured are looked at again this often (a restart may bring it back). */
const GONE_WAIT_MS = 10 * 60_000;
/** How many due deliveries one query fetches beyond those in flight. */
const BATCH = 50;
/** Queries per pass before it yields to the event loop (a pass over many waiting leads). */
const MAX_ROUNDS = 20;
const USER_AGENT = 'dealer-sites-lead-outbox/1';

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * How long to wait before the next attempt after `failures` failed ones: the target's Retry-After
 * when it gave one (capped at `maxMs`), otherwise exponential backoff with full jitter, a random
 * delay up to min(maxMs, baseMs * 2^(failures - 1)).
 */
export function retryDelay(failures: number, options: { baseMs: number; maxMs: number; retryAfterMs?: number | null; random?: () => number }): number {
  const { baseMs, maxMs, retryAfterMs = null, random = Math.random } = options;
  if (retryAfterMs !== null) return Math.min(retryAfterMs, maxMs);
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, failures - 1), 40));
  return Math.floor(random() * ceiling);
}

/** What an answer means for the delivery. */
function verdict(status: number): 'delivered' | 'refused' | 'transient' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 300 && status < 400) return 'refused';
  if (status >= 400 && status < 500 && !TRANSIENT_4XX.has(status)) return 'refused';
  return 'transient';
}

/** The start of an answer's body, on one line, for the attempt's record; the rest is not read. */
async function excerpt(response: Response, max = 300): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let out = '';
  try {
    while (out.length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      out += decoder.decode(value, { stream: true });
    }
  } catch {
    // What arrived is enough; the status says the rest.
  } finally {
    reader.cancel().catch(() => {});
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}

/** Why a request got no answer. */
function unreachable(failure: unknown, timeoutMs: number): string {
  const error = failure as Error & { cause?: { code?: string; message?: string } };
  if (error?.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const detail = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(failure);
  return `could not reach the target: ${detail}`;
}

const usableUrl = (value: string | undefined): boolean => {
  if (!value?.trim()) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
};

/** One delivery ready to be sent. */
interface Job {
  key: string;
  leadId: number;
  site: string;
  target: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function createLeadOutbox(options: LeadOutboxOptions): LeadOutbox {
  const { store } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? globalThis.fetch;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const retryMaxMs = options.retryMaxMs ?? 10 * 60_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const idleMs = options.idleMs ?? 30_000;
  const sites = new Map(options.sites.map((s) => [s.slug, s]));

  /** Attempts in flight, by delivery (`<lead id>:<target>`). */
  const inFlight = new Map<string, Promise<void>>();
  /** Deliveries whose attempt could not be recorded (the store failed): left alone until then. */
  const heldUntil = new Map<string, number>();
  /** Deliveries waiting for their target's variables, by site and target, so they are due again once those are set. */
  const waiting = new Map<string, { site: string; target: string; urlEnv: string; tokenEnv: string | undefined; leads: Set<number> }>();
  /** The log line for leads waiting on a target's configuration, once per target and reason. */
  const waitingLine = (site: string, target: string, problem: string) => {
    warnOnce(`config:${site}\u0000${target}\u0000${problem}`, `${site}: leads for "${target}" are waiting because ${problem} and they will be delivered.`);
  };
  /** Targets seen failing (by site and target), so the log says when one starts and stops failing. */
  const failing = new Set<string>();
  const warned = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let pumping = false;
  /** Aborts attempts still in flight when `stop` runs out of patience. */
  let halt = new AbortController();

  const keyOf = (d: { leadId: number; target: string }) => `${d.leadId}:${d.target}`;
  const warnOnce = (key: string, line: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log(line);
  };
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** What keeps a target from being sent to: its URL variable unset (or not a URL), or its token variable unset. */
  function missing(target: { urlEnv: string; tokenEnv?: string | undefined }): string | null {
    const url = env[target.urlEnv]?.trim();
    if (!url) return `${target.urlEnv} is not set; set it to the target's URL`;
    if (!usableUrl(url)) return `${target.urlEnv} is not an http(s) URL; set it to the target's URL`;
    if (target.tokenEnv && !env[target.tokenEnv]?.trim()) return `${target.tokenEnv} is not set; set it to the target's token`;
    return null;
  }

  /** Leads waiting for variables that are now set are due again. */
  function wakeWaiting(): void {
    for (const [key, w] of waiting) {
      const problem = missing(w);
      if (problem) {
        waitingLine(w.site, w.target, problem);
        continue;
      }
      for (const leadId of w.leads) store.postpone(leadId, w.target, now());
      waiting.delete(key);
      for (const line of warned) if (line.startsWith(`config:${key}\u0000`)) warned.delete(line);
      log(`${w.site}: "${w.target}" is configured; delivering ${w.leads.size} waiting lead(s).`);
    }
  }

  /** Records an attempt, flagged: the lead is kept, and the admin page shows why. */
  function flag(record: LeadAttempt, site: string, attempts: number): void {
    store.recordAttempt(record, { kind: 'flagged' });
    log(`${site}: lead ${record.leadId} flagged for "${record.target}" after ${attempts} attempt(s): ${record.error ?? `HTTP ${record.statusCode}`}`);
  }

  /**
   * Turns a due delivery into a job, or leaves it waiting (no URL, no such site or target), or
   * flags it (no body can be written for it). Synchronous: the config is read as it is now.
   */
  function prepare(due: { leadId: number; target: string; attempts: number }): Job | null {
    const lead = store.get(due.leadId);
    const site = lead ? sites.get(lead.site) : undefined;
    const target = site?.integrations.leadTargets.find((t) => t.name === due.target);
    if (!lead || !site || !target) {
      const where = lead?.site ?? 'an unknown site';
      warnOnce(
        `gone:${where}:${due.target}`,
        `${where}: leads for target "${due.target}" are waiting: ${site ? `sites/${where}.yaml no longer lists that target` : 'the site is no longer in sites/'}. They are kept, and delivered if it comes back.`,
      );
      store.postpone(due.leadId, due.target, later(GONE_WAIT_MS));
      return null;
    }
    const key = `${site.slug}\u0000${target.name}`;
    const problem = missing(target);
    if (problem) {
      waitingLine(site.slug, target.name, problem);
      const entry = waiting.get(key) ?? { site: site.slug, target: target.name, urlEnv: target.urlEnv, tokenEnv: target.tokenEnv, leads: new Set<number>() };
      entry.leads.add(lead.id);
      waiting.set(key, entry);
      store.postpone(lead.id, target.name, later(UNSET_WAIT_MS));
      return null;
    }
    let body: string;
    try {
      body = target.format === 'adf' ? leadAdf(lead, site) : JSON.stringify(leadJson(lead, site));
    } catch (failure) {
      const error = `could not write the ${target.format === 'adf' ? 'ADF' : 'JSON'} body: ${(failure as Error).message}`;
      flag({ leadId: lead.id, target: target.name, at: now().toISOString(), statusCode: null, error, durationMs: 0 }, site.slug, due.attempts + 1);
      return null;
    }
    const url = env[target.urlEnv]!.trim();
    const token = target.tokenEnv ? env[target.tokenEnv]!.trim() : undefined;
    return {
      key: keyOf(due),
      leadId: lead.id,
      site: site.slug,
      target: target.name,
      attempts: due.attempts,
      url,
      body,
      headers: {
        'Content-Type': target.format === 'adf' ? 'application/xml; charset=utf-8' : 'application/json',
        'Idempotency-Key': `lead-${site.slug}-${lead.id}-${target.name}`,
        'User-Agent': USER_AGENT,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    };
  }

  /** Makes one attempt and records how it ended. */
  async function attempt(job: Job, stopSignal: AbortSignal): Promise<void> {
    const at = now().toISOString();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let retryAfterMs: number | null = null;
    try {
      const response = await send(job.url, {
        method: 'POST',
        headers: job.headers,
        body: job.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopSignal]),
      });
      statusCode = response.status;
      if (response.ok) {
        response.body?.cancel().catch(() => {});
      } else if (statusCode >= 300 && statusCode < 400) {
        response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        error = `HTTP ${statusCode}: redirected${location ? ` to ${location.slice(0, 200)}` : ''}; set the target's URL variable to the address it moved to`;
      } else {
        const text = await excerpt(response);
        error = `HTTP ${statusCode}${text ? `: ${text}` : ''}`;
        if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      }
    } catch (failure) {
      // Stopping: not recorded, so the next process makes this attempt again (same idempotency key).
      if (stopSignal.aborted) return;
      error = unreachable(failure, timeoutMs);
    }
    const record: LeadAttempt = { leadId: job.leadId, target: job.target, at, statusCode, error, durationMs: performance.now() - started };
    const made = job.attempts + 1;
    const health = `${job.site}\u0000${job.target}`;
    const outcome = statusCode === null ? 'transient' : verdict(statusCode);
    if (outcome === 'delivered') {
      store.recordAttempt(record, { kind: 'delivered' });
      if (failing.delete(health)) log(`${job.site}: "${job.target}" accepts leads again.`);
      return;
    }
    if (outcome === 'refused' || made >= maxAttempts) return flag(record, job.site, made);
    store.recordAttempt(record, { kind: 'retry', at: later(retryDelay(made, { baseMs: retryBaseMs, maxMs: retryMaxMs, retryAfterMs })) });
    if (!failing.has(health)) {
      failing.add(health);
      log(`${job.site}: "${job.target}" failed (${error}); its leads are retried with backoff.`);
    }
  }

  function launch(job: Job): void {
    const signal = halt.signal;
    const run = attempt(job, signal)
      .catch((failure: unknown) => {
        // The store could not record the attempt: leave this delivery alone for a while rather than send it again at once.
        heldUntil.set(job.key, Date.now() + idleMs);
        log(`${job.site}: lead ${job.leadId} to "${job.target}": ${(failure as Error).message}`);
      })
      .finally(() => {
        inFlight.delete(job.key);
        pump();
      });
    inFlight.set(job.key, run);
  }

  /** One pass: fills the free slots with due deliveries, then sets the timer for the next one. */
  function pump(): void {
    if (stopped || pumping) return;
    pumping = true;
    let retryIn: number | undefined;
    try {
      wakeWaiting();
      for (const [key, until] of heldUntil) if (until <= Date.now()) heldUntil.delete(key);
      for (let round = 0; inFlight.size < concurrency; round++) {
        if (round === MAX_ROUNDS) {
          retryIn = 0;
          break;
        }
        const due = store.due(now(), inFlight.size + heldUntil.size + BATCH).filter((d) => !inFlight.has(keyOf(d)) && !heldUntil.has(keyOf(d)));
        if (due.length === 0) break;
        for (const d of due) {
          if (inFlight.size >= concurrency) break;
          const job = prepare(d);
          if (job) launch(job);
        }
      }
    } catch (failure) {
      warnOnce(`pass:${(failure as Error).message}`, `Lead outbox: ${(failure as Error).message}; trying again every ${idleMs} ms.`);
      retryIn = idleMs;
    } finally {
      pumping = false;
    }
    schedule(retryIn);
  }

  /** Sets the timer: `delay` ms, or when the next delivery not in flight falls due, or `idleMs`, whichever is first. */
  function schedule(delay?: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    let wait = delay ?? idleMs;
    // With every slot busy, the next completion runs a pass; otherwise wake for the next due delivery.
    if (delay === undefined && inFlight.size < concurrency) {
      try {
        const horizon = later(idleMs);
        const skip = inFlight.size + heldUntil.size;
        const next = store.due(horizon, skip + 1).find((d) => !inFlight.has(keyOf(d)) && !heldUntil.has(keyOf(d)));
        const at = next ? store.get(next.leadId)?.deliveries.find((d) => d.target === next.target)?.nextAttemptAt : null;
        if (at) wait = Math.min(idleMs, Math.max(0, Date.parse(at) - now().getTime()));
      } catch {
        wait = idleMs;
      }
    }
    timer = setTimeout(pump, wait);
    timer.unref();
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, ms).unref();
    });

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      halt = new AbortController();
      schedule(0);
    },
    kick() {
      if (stopped) return;
      schedule(0);
    },
    async stop(waitMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (inFlight.size === 0) return;
      const settled = Promise.allSettled([...inFlight.values()]);
      const finished = await Promise.race([settled.then(() => true), sleep(waitMs).then(() => false)]);
      if (!finished) {
        halt.abort();
        await Promise.race([settled, sleep(1000)]);
      }
    },
  };
}
