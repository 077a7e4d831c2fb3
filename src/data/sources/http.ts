/**
 * The `http` source: pulls a site's data from the dealer platform's REST API.
 *
 * ## The dealer platform API
 *
 * Every path is relative to the site's `source.baseUrl` (for example
 * `https://api.dealer-platform.example/v1/dealers/bayside-mg`). Every request
 * carries `Authorization: Bearer <token>`, the token coming from the environment
 * variable named by `source.tokenEnv`. Responses are JSON envelopes:
 *
 * | Request                                          | Response                                                        |
 * | ------------------------------------------------ | --------------------------------------------------------------- |
 * | `GET /vehicles?page={n}&per_page={pageSize}`     | `{ data: Vehicle[], meta: { page, per_page, total, total_pages } }` |
 * | `GET /vehicles/{id}`                             | `{ data: Vehicle }`, or 404 when the vehicle does not exist      |
 * | `GET /offers`, `/locations`, `/reviews`, `/models`, `/dealerships` | `{ data: [...] }`                              |
 *
 * Pages are numbered from 1; the listing is read page by page until
 * `meta.total_pages` (0 or 1 for an empty stock list). The platform may send an
 * `ETag` with a response and answer `304 Not Modified` to a request carrying
 * `If-None-Match`. Errors are plain HTTP statuses, with a short body.
 *
 * ## What this adapter does
 *
 * - Returns the records exactly as sent; validation happens later, the same for every adapter.
 * - Times each request out after `source.timeoutMs` (headers and body together).
 * - Retries 5xx answers, network errors and timeouts up to `source.retries` times, with
 *   exponential backoff and full jitter (250 ms base, 5 s cap). A 4xx answer is never retried:
 *   asking again with the same token and URL gets the same answer.
 * - Remembers each listing URL's ETag and body in a cache the caller may pass in and persist,
 *   sends `If-None-Match`, and reuses the remembered body on 304.
 * - Refuses a response body above a size limit (32 MB unless told otherwise), counting bytes as
 *   they arrive rather than buffering an unbounded body.
 * - Reports every failure as a {@link SourceError} naming the site, the endpoint (method and path;
 *   the token travels in a header and never appears) and what went wrong.
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { RawSiteData, Source } from './source.ts';

type HttpSourceConfig = Extract<SiteConfig['source'], { kind: 'http' }>;

/** What the conditional-request cache keeps for one URL. Plain JSON, so a caller can persist it. */
export interface CachedResponse {
  /** The ETag the platform sent, sent back as `If-None-Match`. */
  etag: string;
  /** The response body as sent (text, so every reuse parses fresh records nobody else has mutated). */
  body: string;
}

/** The part of a `Map<string, CachedResponse>` the adapter uses; keys are full request URLs. */
export interface ResponseCache {
  get(url: string): CachedResponse | undefined;
  set(url: string, entry: CachedResponse): unknown;
}

export interface HttpSourceOptions {
  /** Where the token variable is looked up. @default process.env */
  env?: Record<string, string | undefined>;
  /** Waits between retries; tests pass one that returns at once. The signal fires when the pull is abandoned. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Random number in [0, 1) for the backoff jitter. @default Math.random */
  random?: () => number;
  /** ETag cache for the listing endpoints. @default a new Map, kept for this source's lifetime */
  cache?: ResponseCache;
  /** Largest response body accepted, in bytes (after decompression). @default 32 MB */
  maxBodyBytes?: number;
}

/** A platform API source, plus the single-vehicle fetch the stock-change webhooks use. */
export type HttpSource = Source & {
  /** The vehicle as the platform sends it, or null when the platform does not know the id (404). */
  fetchVehicle(id: number): Promise<unknown | null>;
};

/** A platform request that failed, after any retries. */
export class SourceError extends Error {
  /** Slug of the site being pulled. */
  readonly site: string;
  /** Method and path, e.g. `GET /v1/dealers/bayside-mg/vehicles?page=3&per_page=250`. */
  readonly endpoint: string;
  /** HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  constructor(site: string, endpoint: string, problem: string, options: { status?: number; cause?: unknown } = {}) {
    super(`${site}: ${endpoint}: ${problem}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SourceError';
    this.site = site;
    this.endpoint = endpoint;
    this.status = options.status;
  }
}

// A page of 250 vehicles is about 1 MB; an answer beyond 32 MB means the platform is broken,
// and reading it would only risk the build's memory.
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 5_000;
/** Bytes of an error body read for the message excerpt; the rest is discarded unread. */
const EXCERPT_READ_BYTES = 4_096;
const EXCERPT_CHARS = 200;

const LISTS = ['offers', 'locations', 'reviews', 'models', 'dealerships'] as const;

/** Delay before retry number `retry` (0 for the first): full jitter over an exponential, capped window. */
function backoffMs(retry: number, random: () => number): number {
  return Math.round(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry) * random());
}

export function httpSource(site: SiteConfig, options: HttpSourceOptions = {}): HttpSource {
  if (site.source.kind !== 'http') throw new Error(`${site.slug}: httpSource needs source.kind "http", got "${site.source.kind}".`);
  const config: HttpSourceConfig = site.source;
  const env = options.env ?? process.env;
  const sleep = options.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const cache: ResponseCache = options.cache ?? new Map<string, CachedResponse>();
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const base = new URL(config.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');

  function urlOf(path: string, query: Record<string, number> = {}): URL {
    const url = new URL(base);
    url.pathname = `${basePath}${path}`;
    url.username = '';
    url.password = '';
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  function endpointOf(url: URL): string {
    return `GET ${url.pathname}${url.search}`;
  }

  /** The token, or a SourceError naming the variable before anything is sent. */
  function tokenFor(firstUrl: URL): string {
    const token = env[config.tokenEnv]?.trim();
    if (!token) {
      throw new SourceError(
        site.slug,
        endpointOf(firstUrl),
        `the environment variable ${config.tokenEnv} is not set. It must hold this site's platform API token ` +
          `(named by source.tokenEnv in sites/${site.slug}.yaml); set it and run again.`,
      );
    }
    return token;
  }

  interface Request {
    url: URL;
    token: string;
    /** Page number, for messages about the stock listing. */
    page?: number;
    /** Use the ETag cache (listings only). */
    conditional: boolean;
    /** A 404 answer means "no such record" rather than an error. */
    notFoundIsNull?: boolean;
    /** Fires when the rest of the pull has already failed: stop asking. */
    stop: AbortSignal;
  }

  /** Sends a GET with retries; returns the parsed body, or null for a tolerated 404. */
  async function getJson(request: Request): Promise<unknown> {
    const attempts = config.retries + 1;
    const endpoint = endpointOf(request.url);
    for (let attempt = 1; ; attempt++) {
      try {
        request.stop.throwIfAborted();
        return await attemptOnce(request, endpoint);
      } catch (error) {
        if (!(error instanceof Retryable) || request.stop.aborted) throw error;
        if (attempt >= attempts) {
          const tries = attempts === 1 ? '(no retries configured)' : `(gave up after ${attempts} attempts)`;
          throw new SourceError(site.slug, endpoint, `${error.problem} ${tries}. ${error.advice}`, {
            status: error.status,
            cause: error.cause,
          });
        }
        await sleep(backoffMs(attempt - 1, random), request.stop).catch(() => {});
      }
    }
  }

  async function attemptOnce(request: Request, endpoint: string): Promise<unknown> {
    const fail = (problem: string, status?: number, cause?: unknown) =>
      new SourceError(site.slug, endpoint, problem, { status, cause });
    const key = request.url.href;
    const cached = request.conditional ? cache.get(key) : undefined;
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${request.token}` };
    if (cached) headers['if-none-match'] = cached.etag;
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = AbortSignal.any([timeout, request.stop]);

    let response: Response;
    try {
      response = await fetch(request.url, { headers, signal });
    } catch (error) {
      throw transportFailure(error, timeout, request.stop);
    }

    if (response.status === 304) {
      await discard(response);
      if (!cached) throw fail('the platform answered 304 Not Modified to a request that had no If-None-Match. Report this to the platform.', 304);
      return parseBody(cached.body, request, fail);
    }
    if (response.status === 404 && request.notFoundIsNull) {
      await discard(response);
      return null;
    }
    if (!response.ok) {
      const excerpt = await readExcerpt(response, request.token);
      const { problem, advice } = describeStatus(response.status, excerpt);
      if (response.status >= 500) throw new Retryable(problem, advice, response.status);
      throw fail(advice ? `${problem}. ${advice}` : problem, response.status);
    }

    let text: string;
    try {
      text = await readLimited(response, maxBodyBytes);
    } catch (error) {
      if (error instanceof TooLarge) {
        throw fail(
          `the response is ${error.partial ? 'more than ' : ''}${formatBytes(error.bytes)}, over the ${formatBytes(maxBodyBytes)} limit. Lower source.pageSize for the stock listing, or raise the limit (maxBodyBytes).`,
          response.status,
        );
      }
      throw transportFailure(error, timeout, request.stop);
    }
    const value = parseBody(text, request, fail);
    const etag = response.headers.get('etag');
    if (request.conditional && etag) cache.set(key, { etag, body: text });
    return value;
  }

  function transportFailure(error: unknown, timeout: AbortSignal, stop: AbortSignal): unknown {
    if (stop.aborted) return stop.reason;
    if (timeout.aborted || (error instanceof Error && error.name === 'TimeoutError')) {
      return new Retryable(`timed out after ${config.timeoutMs} ms`, 'The platform is slow or unreachable; try again, or raise source.timeoutMs.', undefined, error);
    }
    const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
    const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new Retryable(`network error (${detail})`, `Check that ${base.host} is reachable from here and that source.baseUrl is right.`, undefined, error);
  }

  function describeStatus(status: number, excerpt: string): { problem: string; advice: string } {
    const said = excerpt ? ` (the platform said: "${excerpt}")` : '';
    const line = `${status} ${STATUS_CODES[status] ?? 'Unknown status'}`;
    switch (status) {
      case 401:
        return { problem: `${line}: check the token in ${config.tokenEnv}${said}`, advice: '' };
      case 403:
        return { problem: `${line}: the token in ${config.tokenEnv} may not read this${said}`, advice: "Check that the token belongs to this dealer and has read access." };
      case 404:
        return { problem: `${line}${said}`, advice: `Check source.baseUrl in sites/${site.slug}.yaml.` };
      case 429:
        return { problem: `${line}: the platform is rate-limiting this token${said}`, advice: 'Try again later.' };
      default:
        return {
          problem: `${line}${said}`,
          advice: status >= 500 ? 'The platform is failing; try again later.' : '',
        };
    }
  }

  function parseBody(text: string, request: Request, fail: (problem: string) => SourceError): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      const where = request.page === undefined ? '' : ` at page ${request.page}`;
      const start = excerptOf(text, request.token);
      throw fail(
        `invalid JSON${where} (${(error as Error).message}; the body starts "${start}"). ` +
          'The platform sent something that is not JSON; try again, and report it to the platform if it persists.',
      );
    }
  }

  function envelopeData(body: unknown, endpoint: string, expect: 'list' | 'record'): unknown {
    const data = body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
    const ok = expect === 'list' ? Array.isArray(data) : data !== null && typeof data === 'object';
    if (!ok) {
      throw new SourceError(
        site.slug,
        endpoint,
        `expected ${expect === 'list' ? '{ "data": [...] }' : '{ "data": { ... } }'} but got ${shapeOf(body)}. Check source.baseUrl in sites/${site.slug}.yaml.`,
      );
    }
    return data;
  }

  async function pullVehicles(token: string, stop: AbortSignal): Promise<unknown[]> {
    const vehicles: unknown[] = [];
    let totalPages = 1;
    for (let page = 1; page <= totalPages; page++) {
      const url = urlOf('/vehicles', { page, per_page: config.pageSize });
      const endpoint = endpointOf(url);
      const body = await getJson({ url, token, page, conditional: true, stop });
      const data = envelopeData(body, endpoint, 'list') as unknown[];
      const meta = (body as { meta?: { page?: unknown; total_pages?: unknown } }).meta;
      if (!meta || typeof meta.total_pages !== 'number' || !Number.isInteger(meta.total_pages) || meta.total_pages < 0) {
        throw new SourceError(site.slug, endpoint, `page ${page} has no meta.total_pages (a whole number), so the listing cannot be paged. Report this to the platform.`);
      }
      if (meta.page !== undefined && meta.page !== page) {
        throw new SourceError(site.slug, endpoint, `asked for page ${page} but got page ${String(meta.page)}; the platform ignored the page parameter. Report this to the platform.`);
      }
      for (const vehicle of data) vehicles.push(vehicle);
      totalPages = meta.total_pages;
      // Stock that shrinks while we page leaves trailing pages empty: nothing more to read.
      if (data.length === 0) break;
    }
    return vehicles;
  }

  async function pullList(name: (typeof LISTS)[number], token: string, stop: AbortSignal): Promise<unknown[]> {
    const url = urlOf(`/${name}`);
    return envelopeData(await getJson({ url, token, conditional: true, stop }), endpointOf(url), 'list') as unknown[];
  }

  return {
    describe: `http ${base.origin}${basePath}`,
    async pull(): Promise<RawSiteData> {
      const token = tokenFor(urlOf('/vehicles'));
      // The first failure fails the pull, so it also cancels the requests still running beside it.
      const stop = new AbortController();
      const settle = <T>(work: Promise<T>): Promise<T> =>
        work.catch((error: unknown) => {
          stop.abort(error);
          throw error;
        });
      const [vehicles, offers, locations, reviews, models, dealerships] = await Promise.all([
        settle(pullVehicles(token, stop.signal)),
        ...LISTS.map((name) => settle(pullList(name, token, stop.signal))),
      ]);
      return { vehicles: vehicles!, offers: offers!, locations: locations!, reviews: reviews!, models: models!, dealerships: dealerships! };
    },
    async fetchVehicle(id: number): Promise<unknown | null> {
      const url = urlOf(`/vehicles/${encodeURIComponent(String(id))}`);
      if (!Number.isSafeInteger(id) || id < 0) {
        throw new SourceError(site.slug, endpointOf(url), `${String(id)} is not a vehicle id (a whole number).`);
      }
      const token = tokenFor(url);
      // Not cached: a webhook asks about a vehicle because it just changed.
      const body = await getJson({ url, token, conditional: false, notFoundIsNull: true, stop: new AbortController().signal });
      return body === null ? null : envelopeData(body, endpointOf(url), 'record');
    },
  };
}

// ---------------------------------------------------------------- helpers

/** A failure worth asking again about (5xx, network error, timeout). */
class Retryable extends Error {
  readonly problem: string;
  readonly advice: string;
  readonly status: number | undefined;
  constructor(problem: string, advice: string, status?: number, cause?: unknown) {
    super(problem, cause === undefined ? undefined : { cause });
    this.problem = problem;
    this.advice = advice;
    this.status = status;
  }
}

class TooLarge extends Error {
  readonly bytes: number;
  /** Only the bytes read so far are known (no Content-Length). */
  readonly partial: boolean;
  constructor(bytes: number, partial: boolean) {
    super(`body too large: ${bytes} bytes`);
    this.bytes = bytes;
    this.partial = partial;
  }
}

/** Reads a body as text, refusing it as soon as it passes `limit` bytes. */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  // Content-Length counts compressed bytes, so it only allows an early refusal; the stream count below is the real limit.
  if (Number.isFinite(declared) && declared > limit) {
    await discard(response);
    throw new TooLarge(declared, false);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge(size, true);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The start of an error body, for a message; never more than a few KB is read. */
async function readExcerpt(response: Response, token: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that fails mid-read still leaves the status to report.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return excerptOf(Buffer.concat(chunks).toString('utf8'), token);
}

/** One line, at most EXCERPT_CHARS long, with the token blanked in case the platform echoes it. */
function excerptOf(text: string, token: string): string {
  // A token too short to be a real secret would blank ordinary words instead.
  const masked = token.length >= 8 ? text.split(token).join('***') : text;
  const line = masked.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 3)}...` : line;
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a bare list';
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 5).join(', ')}`;
  }
  return typeof value;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
