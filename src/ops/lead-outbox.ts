/**
 * The lead outbox: delivers each stored lead to each of its site's CRM targets. All state lives in
 * the store (`lead_deliveries`), so a restart resumes where the last process stopped; an attempt
 * that was in flight when it died is simply made again, with the same idempotency key.
 *
 * - 2xx: delivered.
 * - 4xx other than 408, 425 and 429: the target refuses this lead; it is flagged at once (kept,
 *   shown on the admin page with the answer, retried by hand).
 * - 408, 425, 429, 5xx, a network error or a timeout: retried with exponential backoff and full
 *   jitter (a Retry-After is honoured, capped), then flagged after `maxAttempts`.
 * - A target whose URL variable is unset, or a site or target no longer configured: the lead waits
 *   (looked at again a minute later), no attempt is counted, and the log says once what to set.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { leadAdf, leadJson } from './lead-formats.ts';
import type { LeadStore } from './lead-store.ts';

export interface LeadOutboxOptions {
  store: LeadStore;
  sites: readonly SiteConfig[];
  /** Where target URLs and tokens are read from, on every attempt. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  now?: () => Date;
  fetch?: typeof fetch;
  /** First retry delay; each later one doubles (with full jitter) up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Longest sleep between passes, so a newly set variable is noticed. */
  idleMs?: number;
}

export interface LeadOutbox {
  start(): void;
  /** Runs a pass soon (a lead was just stored, or retried). */
  kick(): void;
  /** Stops the timer and waits (up to `timeoutMs`) for attempts in flight. */
  stop(timeoutMs?: number): Promise<void>;
}

const TRANSIENT = new Set([408, 425, 429]);
/** Leads waiting on one missing variable are checked again this often. */
const WAITING_RETRY_MS = 60_000;

export function createLeadOutbox(options: LeadOutboxOptions): LeadOutbox {
  const { store } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const retryMaxMs = options.retryMaxMs ?? 10 * 60_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 4;
  const idleMs = options.idleMs ?? 30_000;
  const sites = new Map(options.sites.map((s) => [s.slug, s]));

  const inFlight = new Map<string, Promise<void>>();
  const warned = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  /** The pass under way, which `stop` waits for. */
  let current: Promise<void> = Promise.resolve();
  let stopped = true;
  let again = false;

  const warnOnce = (key: string, line: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log(line);
  };

  const delay = (attempts: number, retryAfter: string | null): number => {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : null;
    if (seconds !== null) return Math.min(seconds, retryMaxMs);
    return Math.random() * Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
  };

  async function attempt(leadId: number, targetName: string, attempts: number): Promise<void> {
    const lead = store.get(leadId);
    const site = lead ? sites.get(lead.site) : undefined;
    const target = site?.integrations.leadTargets.find((t) => t.name === targetName);
    const later = () => store.postpone(leadId, targetName, new Date(now().getTime() + WAITING_RETRY_MS));
    if (!lead || !site || !target) {
      warnOnce(`gone:${lead?.site}:${targetName}`, `Leads of ${lead?.site ?? 'an unknown site'} for target "${targetName}" are waiting: the site or target is no longer in sites/.`);
      return later();
    }
    const url = env[target.urlEnv];
    if (!url) {
      warnOnce(`url:${site.slug}:${target.name}`, `${site.slug}: leads for "${target.name}" are waiting because ${target.urlEnv} is not set; set it to the target's URL and they will be delivered.`);
      return later();
    }
    const token = target.tokenEnv ? env[target.tokenEnv] : undefined;
    const body = target.format === 'adf' ? leadAdf(lead, site) : JSON.stringify(leadJson(lead, site));
    const started = performance.now();
    const at = now().toISOString();
    let statusCode: number | null = null;
    let error: string | null = null;
    let retryAfter: string | null = null;
    try {
      const response = await send(url, {
        method: 'POST',
        headers: {
          'Content-Type': target.format === 'adf' ? 'application/xml; charset=utf-8' : 'application/json',
          'Idempotency-Key': `lead-${site.slug}-${leadId}-${target.name}`,
          'User-Agent': 'dealer-sites-lead-outbox/1',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = response.status;
      retryAfter = response.headers.get('retry-after');
      if (!response.ok) error = `HTTP ${response.status}${await response.text().then((t) => (t.trim() ? `: ${t.trim().slice(0, 200)}` : ''), () => '')}`;
    } catch (failure) {
      error = (failure as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `could not reach the target: ${(failure as Error).message}`;
    }
    const record = { leadId, target: target.name, at, statusCode, error, durationMs: performance.now() - started };
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      store.recordAttempt(record, { kind: 'delivered' });
      return;
    }
    const refused = statusCode !== null && statusCode >= 400 && statusCode < 500 && !TRANSIENT.has(statusCode);
    if (refused || attempts + 1 >= maxAttempts) {
      store.recordAttempt(record, { kind: 'flagged' });
      log(`${site.slug}: lead ${leadId} flagged for "${target.name}" after ${attempts + 1} attempt(s): ${error}`);
      return;
    }
    store.recordAttempt(record, { kind: 'retry', at: new Date(now().getTime() + delay(attempts + 1, retryAfter)) });
  }

  async function pass(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const due = store.due(now(), concurrency * 10).filter((d) => !inFlight.has(`${d.leadId}:${d.target}`));
        for (const d of due) {
          while (inFlight.size >= concurrency) await Promise.race(inFlight.values());
          if (stopped) break;
          const key = `${d.leadId}:${d.target}`;
          const job = attempt(d.leadId, d.target, d.attempts)
            .catch((failure: unknown) => log(`lead ${d.leadId} to "${d.target}": ${(failure as Error).message}`))
            .finally(() => inFlight.delete(key));
          inFlight.set(key, job);
        }
        await Promise.all(inFlight.values());
        // Anything that fell due (or was kicked) meanwhile goes in this pass.
        if (!stopped && due.length > 0) again = true;
      } while (again && !stopped);
    } finally {
      running = false;
    }
    schedule();
  }

  function run(): void {
    if (running) {
      again = true;
      return;
    }
    current = pass();
  }

  function schedule(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const next = store.nextDue();
    const wait = next ? Math.max(0, next.getTime() - now().getTime()) : idleMs;
    timer = setTimeout(run, Math.min(wait, idleMs));
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      run();
    },
    kick() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, 0);
      timer.unref();
    },
    async stop(waitMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.race([current, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    },
  };
}
