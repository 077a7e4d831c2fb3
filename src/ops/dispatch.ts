import type { OpsConfig } from './config.ts';
import type { RunOutcome, SiteRunner } from './site-queue.ts';
import type { JournalEntry, OpsStore } from './store.ts';

/**
 * Scale-out mode: instead of building on this machine, the ops server hands a
 * site's journalled changes to GitHub Actions as a `repository_dispatch`
 * event, which `.github/workflows/site-changes.yml` turns into a build of that
 * one site. The journal stays the source of truth: events are settled only
 * after GitHub has accepted the dispatch.
 */

export const DISPATCH_EVENT_TYPE = 'dealer-site-changes';
/** Most ids of each kind sent in one dispatch; beyond it the payload says `full: true`. */
export const MAX_DISPATCH_IDS = 500;
/** GitHub refuses large client payloads; stay well inside its limit. */
export const MAX_PAYLOAD_BYTES = 48 * 1024;

export interface DispatchOptions {
  /** GitHub's REST API base URL, e.g. https://api.github.com. */
  apiUrl: string;
  /** owner/name */
  repository: string;
  token: string;
  site: string;
  vehicleIds: number[];
  eventIds: string[];
  /** Ask the workflow for a full build of the site whatever the lists say. */
  full?: boolean;
  fetch?: typeof fetch;
  /** Milliseconds before giving up on GitHub. */
  timeoutMs?: number;
}

/** What the workflow receives as `github.event.client_payload` (four top-level properties; GitHub allows ten). */
export interface DispatchPayload {
  site: string;
  vehicle_ids: number[];
  event_ids: string[];
  /** The lists were capped (or a full build was asked for): rebuild the whole site. */
  full: boolean;
}

/** GitHub did not accept a dispatch; the message says what it answered and what to check. */
export class DispatchError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'DispatchError';
    this.status = status;
  }
}

/** The payload for a site's changes, capped in count and size. */
export function dispatchPayload(site: string, vehicleIds: number[], eventIds: string[], full = false): DispatchPayload {
  const vehicles = [...new Set(vehicleIds)];
  const events = [...new Set(eventIds)];
  const payload: DispatchPayload = {
    site,
    vehicle_ids: vehicles.slice(0, MAX_DISPATCH_IDS),
    event_ids: events.slice(0, MAX_DISPATCH_IDS),
    full: full || vehicles.length > MAX_DISPATCH_IDS || events.length > MAX_DISPATCH_IDS,
  };
  // Event ids may be up to 200 characters: halve the list until the body fits.
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES && (payload.event_ids.length > 0 || payload.vehicle_ids.length > 0)) {
    if (payload.event_ids.length > 0) payload.event_ids = payload.event_ids.slice(0, Math.floor(payload.event_ids.length / 2));
    else payload.vehicle_ids = payload.vehicle_ids.slice(0, Math.floor(payload.vehicle_ids.length / 2));
    payload.full = true;
  }
  return payload;
}

const HINTS: Record<number, string> = {
  401: 'Check GITHUB_TOKEN: it is missing, expired or revoked.',
  403: 'Check that GITHUB_TOKEN may write to the repository (fine-grained: Contents read and write; classic: repo scope).',
  404: 'Check GITHUB_REPOSITORY and that GITHUB_TOKEN can see that repository.',
  422: 'GitHub rejected the payload.',
};

/** Sends one `repository_dispatch` for a site's changes; resolves with what was sent once GitHub answers 204. */
export async function dispatchSiteChanges(options: DispatchOptions): Promise<DispatchPayload> {
  const [owner, repo] = options.repository.split('/');
  if (!owner || !repo) throw new DispatchError(`GITHUB_REPOSITORY must be owner/name, not "${options.repository}".`, null);
  const url = `${options.apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/dispatches`;
  const payload = dispatchPayload(options.site, options.vehicleIds, options.eventIds, options.full);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${options.token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'dealer-sites-ops',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ event_type: DISPATCH_EVENT_TYPE, client_payload: payload }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new DispatchError(`Could not reach GitHub at ${url}: ${cause}. The events stay pending and are sent again on the next run.`, null);
  }
  if (response.status === 204) return payload;
  const text = await response.text().catch(() => '');
  let detail = text.slice(0, 500);
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') detail = body.message + (body.errors ? ` ${JSON.stringify(body.errors).slice(0, 300)}` : '');
  } catch {
    // Not JSON: the raw text is the best there is.
  }
  const hint = HINTS[response.status] ?? '';
  throw new DispatchError(
    `GitHub answered ${response.status} ${response.statusText} to POST ${url}${detail ? `: ${detail}` : ''}. ${hint}`.trim(),
    response.status,
  );
}

/** Vehicle ids named by a site's vehicle events (numeric ids only; the platform's ids are numbers). */
export function vehicleIdsOf(events: JournalEntry[]): number[] {
  const ids = new Set<number>();
  for (const entry of events) {
    if (!entry.type.startsWith('vehicle.')) continue;
    const id = typeof entry.event.data.id === 'number' ? entry.event.data.id : Number(entry.event.data.id);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/**
 * A SiteRunner that hands work to GitHub Actions: it reads the site's pending
 * events, sends one dispatch naming the changed vehicles and events, and
 * settles those events as applied (handed off) once GitHub answers 204. When
 * GitHub refuses, the events stay pending and the run is reported failed.
 */
export function createDispatchRunner(options: {
  store: OpsStore;
  config: Pick<OpsConfig, 'github'>;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}): SiteRunner {
  const { store } = options;
  const github = options.config.github;
  if (!github) throw new Error('Dispatch mode needs GITHUB_REPOSITORY and GITHUB_TOKEN in the environment.');
  const log = options.log ?? (() => {});

  return async (site, plan, progress) => {
    const started = performance.now();
    const kind: RunOutcome['kind'] = plan.full ? 'full' : plan.events ? 'incremental' : 'content';
    const pending = store.pending(site, Number.MAX_SAFE_INTEGER);
    const elapsed = () => Math.round(performance.now() - started);
    if (pending.length === 0 && !plan.content && !plan.full) {
      return { status: 'published', kind, pages: 0, durationMs: elapsed(), message: 'nothing pending to hand off' };
    }
    const buildId = store.startBuild(site, kind, plan.triggers.join(', '));
    progress({ phase: 'dispatch', done: 0, total: 1 });
    const eventIds = pending.map((e) => e.eventId);
    try {
      const sent = await dispatchSiteChanges({
        apiUrl: github.apiUrl,
        repository: github.repository,
        token: github.token,
        site,
        vehicleIds: vehicleIdsOf(pending),
        eventIds,
        full: plan.full || plan.content,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      // Handed off: from here the workflow run owns them (and GitHub keeps its record of the dispatch).
      store.settle(site, eventIds, []);
      const note = `handed off to GitHub Actions (${github.repository}): ${eventIds.length} events, ${sent.vehicle_ids.length} vehicles${sent.full ? ', full build' : ''}`;
      const report = { dispatch: sent, events: eventIds.length, note };
      store.finishBuild(buildId, { status: 'published', pages: 0, message: note, report });
      progress({ phase: 'dispatch', done: 1, total: 1 });
      log(`${site}: ${note}`);
      return { status: 'published', kind, pages: 0, durationMs: elapsed(), message: note, report };
    } catch (error) {
      const message = (error as Error).message;
      store.finishBuild(buildId, { status: 'failed', message });
      log(`${site}: dispatch failed: ${message}`);
      return { status: 'failed', kind, pages: 0, durationMs: elapsed(), message };
    }
  };
}
