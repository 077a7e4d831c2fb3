import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentDirOf, readYaml } from '../../src/data/content-files.ts';
import { DEFAULT_SEED, generateSiteFeed } from '../../src/data/demo/generate.ts';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { httpSource, SourceError, type CachedResponse, type HttpSourceOptions } from '../../src/data/sources/http.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import { startPlatformServer, type PlatformFeed, type PlatformServer } from '../fixtures/platform-server.ts';

const SLUG = 'bayside-mg';
const TOKEN = 'bayside-test-token';
/** 120 vehicles at 50 a page: three pages, the last one partial. */
const VEHICLES = 120;
const PAGE_SIZE = 50;

let demo: PlatformFeed;

/** A slice of the real demo feed for bayside-mg, or a freshly generated one when data/feed is absent. */
function loadDemoFeed(): PlatformFeed {
  const dir = path.resolve('data/feed', SLUG);
  const readList = (name: string): unknown[] => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as unknown[];
  const generated = existsSync(path.join(dir, 'vehicles.json'))
    ? { vehicles: readList('vehicles'), locations: readList('locations'), reviews: readList('reviews'), dealerships: readList('dealerships') }
    : generateSiteFeed(SLUG, VEHICLES, DEFAULT_SEED, '2026-11-22').feed;
  const content = contentDirOf(SLUG);
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  return {
    vehicles: generated.vehicles.slice(0, VEHICLES),
    locations: generated.locations,
    reviews: generated.reviews,
    dealerships: generated.dealerships,
    offers: list(readYaml(path.join(content, 'offers.yaml'), [])),
    models: list(readYaml(path.join(content, 'models.yaml'), [])),
  };
}

function siteFor(server: PlatformServer, overrides: { retries?: number; timeoutMs?: number } = {}): SiteConfig {
  return parseSiteConfig(
    [
      'name: Bayside MG',
      'template: brand',
      'url: https://bayside.example',
      'source:',
      '  kind: http',
      `  baseUrl: ${server.url}`,
      '  tokenEnv: BAYSIDE_MG_API_TOKEN',
      `  timeoutMs: ${overrides.timeoutMs ?? 300}`,
      `  retries: ${overrides.retries ?? 2}`,
      `  pageSize: ${PAGE_SIZE}`,
      '',
    ].join('\n'),
    `sites/${SLUG}.yaml`,
  );
}

let server: PlatformServer | undefined;
/** Backoff delays the source asked for; nothing actually waits. */
let sleeps: number[];

async function start(feed: Partial<PlatformFeed> = demo): Promise<PlatformServer> {
  server = await startPlatformServer({ feed: structuredClone(feed), token: TOKEN });
  return server;
}

function sourceFor(platform: PlatformServer, options: HttpSourceOptions & { retries?: number; timeoutMs?: number } = {}) {
  const { retries, timeoutMs, ...rest } = options;
  const overrides = { ...(retries === undefined ? {} : { retries }), ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  return httpSource(siteFor(platform, overrides), {
    env: { BAYSIDE_MG_API_TOKEN: TOKEN },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...rest,
  });
}

/** The SourceError a promise rejects with; fails the test if it resolves or throws something else. */
async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

beforeAll(() => {
  demo = loadDemoFeed();
});

beforeEach(() => {
  sleeps = [];
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('http source: a healthy platform', () => {
  it('pulls every page of stock and every list, exactly as served', async () => {
    const platform = await start();
    const data = await sourceFor(platform).pull();
    expect(demo.vehicles).toHaveLength(VEHICLES);
    expect(data).toEqual({
      vehicles: demo.vehicles,
      offers: demo.offers,
      locations: demo.locations,
      reviews: demo.reviews,
      models: demo.models,
      dealerships: demo.dealerships,
    });
    expect(platform.requestsTo('/vehicles').map((r) => r.path)).toEqual([
      '/v1/vehicles?page=1&per_page=50',
      '/v1/vehicles?page=2&per_page=50',
      '/v1/vehicles?page=3&per_page=50',
    ]);
    expect(platform.requests).toHaveLength(3 + 5);
    expect(platform.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(sleeps).toEqual([]);
  });

  it('returns an empty stock list for a platform with no vehicles', async () => {
    const platform = await start({ ...demo, vehicles: [] });
    const data = await sourceFor(platform).pull();
    expect(data.vehicles).toEqual([]);
    expect(data.locations).toEqual(demo.locations);
    expect(platform.requestsTo('/vehicles')).toHaveLength(1);
  });

  it('describes itself by its base URL, never its token', async () => {
    const platform = await start();
    const source = sourceFor(platform);
    expect(source.describe).toBe(`http ${platform.url}`);
    expect(source.describe).not.toContain(TOKEN);
  });
});

describe('http source: retries', () => {
  it('retries a 500 and then succeeds', async () => {
    const platform = await start();
    platform.fault('/vehicles?page=2', { kind: 'status', status: 500, times: 2 });
    const data = await sourceFor(platform).pull();
    expect(data.vehicles).toEqual(demo.vehicles);
    expect(platform.requestsTo('/vehicles?page=2')).toHaveLength(3);
    expect(sleeps).toEqual([125, 250]);
  });

  it('gives up after retries + 1 attempts, naming the site, the endpoint and the status', async () => {
    const platform = await start();
    platform.fault('/offers', { kind: 'status', status: 503, body: '{"error":"database down"}' });
    const error = await failure(sourceFor(platform).pull());
    expect(error.site).toBe(SLUG);
    expect(error.endpoint).toBe('GET /v1/offers');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/^bayside-mg: GET \/v1\/offers: 503 Service Unavailable \(the platform said: "\{"error":"database down"\}"\)/);
    expect(error.message).toContain('gave up after 3 attempts');
    expect(platform.requestsTo('/offers')).toHaveLength(3);
  });

  it('backs off exponentially with full jitter, capped at 5 s', async () => {
    const platform = await start();
    platform.fault('/models', { kind: 'status', status: 502 });
    await failure(sourceFor(platform, { retries: 7 }).pull());
    // random() = 0.5 gives half of each window: 250, 500, ... 5000 (cap), 5000.
    expect(sleeps).toEqual([125, 250, 500, 1000, 2000, 2500, 2500]);
    expect(platform.requestsTo('/models')).toHaveLength(8);
  });

  it.each([
    [404, '/reviews', 'Check source.baseUrl in sites/bayside-mg.yaml'],
    [400, '/vehicles?page=1', '400 Bad Request'],
    [403, '/locations', 'may not read this'],
  ])('does not retry a %i', async (status, path, hint) => {
    const platform = await start();
    platform.fault(path, { kind: 'status', status });
    const error = await failure(sourceFor(platform).pull());
    expect(error.status).toBe(status);
    expect(error.message).toContain(hint);
    expect(platform.requestsTo(path)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries when the platform cannot be reached at all', async () => {
    const platform = await start();
    const source = sourceFor(platform);
    await platform.close();
    server = undefined;
    const error = await failure(source.pull());
    expect(error.message).toContain('network error (ECONNREFUSED)');
    expect(error.message).toContain('gave up after 3 attempts');
    expect(error.status).toBeUndefined();
  });

  it('stops the rest of the pull once one part has failed', async () => {
    const platform = await start();
    platform.fault('/vehicles?page=1', { kind: 'delay', ms: 2_000 });
    platform.fault('/offers', { kind: 'status', status: 404 });
    const error = await failure(sourceFor(platform).pull());
    expect(error.endpoint).toBe('GET /v1/offers');
    // Long enough for the 300 ms timeout to have fired a retry had the stock listing carried on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(platform.requestsTo('/vehicles')).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('masks the token if the platform echoes it in an error body', async () => {
    const platform = await start();
    platform.fault('/dealerships', { kind: 'status', status: 500, body: `rejected Authorization: Bearer ${TOKEN}` });
    const error = await failure(sourceFor(platform).pull());
    expect(error.message).toContain('Bearer ***');
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('http source: timeouts', () => {
  it('times out a slow answer, retries it, then reports "timed out"', async () => {
    const platform = await start();
    platform.fault('/locations', { kind: 'delay', ms: 2_000 });
    const started = Date.now();
    const error = await failure(sourceFor(platform).pull());
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.endpoint).toBe('GET /v1/locations');
    expect(error.message).toContain('timed out after 300 ms (gave up after 3 attempts)');
    expect(error.message).toContain('source.timeoutMs');
    expect(platform.requestsTo('/locations')).toHaveLength(3);
  });

  it('recovers when only the first attempt is slow', async () => {
    const platform = await start();
    platform.fault('/vehicles?page=1', { kind: 'delay', ms: 2_000, times: 1 });
    const data = await sourceFor(platform).pull();
    expect(data.vehicles).toEqual(demo.vehicles);
    expect(platform.requestsTo('/vehicles?page=1')).toHaveLength(2);
  });
});

describe('http source: bad answers', () => {
  it('names the page that is not valid JSON, without retrying it', async () => {
    const platform = await start();
    platform.fault('/vehicles?page=2', { kind: 'malformed' });
    const error = await failure(sourceFor(platform).pull());
    expect(error.endpoint).toBe('GET /v1/vehicles?page=2&per_page=50');
    expect(error.message).toContain('invalid JSON at page 2');
    expect(error.message).toContain('the body starts "{"data":[{"id":1,"make":"MG","');
    expect(platform.requestsTo('/vehicles?page=2')).toHaveLength(1);
  });

  it.each([true, false])('refuses a body over the size limit (Content-Length declared: %s)', async (declareLength) => {
    const platform = await start();
    platform.fault('/models', { kind: 'huge', bytes: 2 * 1024 * 1024, declareLength });
    const error = await failure(sourceFor(platform, { maxBodyBytes: 1024 * 1024 }).pull());
    expect(error.endpoint).toBe('GET /v1/models');
    expect(error.message).toMatch(/the response is (more than )?[\d.]+ MB, over the 1 MB limit/);
    expect(platform.requestsTo('/models')).toHaveLength(1);
  });

  it('accepts a body under the size limit', async () => {
    const platform = await start();
    platform.fault('/models', { kind: 'huge', bytes: 512 * 1024 });
    const data = await sourceFor(platform, { maxBodyBytes: 1024 * 1024 }).pull();
    expect(data.models.length).toBeGreaterThan(400);
  });
});

describe('http source: the token', () => {
  it('reports a rejected token with the variable to check', async () => {
    const platform = await start();
    const error = await failure(sourceFor(platform, { env: { BAYSIDE_MG_API_TOKEN: 'expired' } }).pull());
    expect(error.status).toBe(401);
    expect(error.message).toContain('401 Unauthorized: check the token in BAYSIDE_MG_API_TOKEN');
    expect(error.message).not.toContain('expired');
    expect(platform.requests.filter((r) => r.path.startsWith('/v1/vehicles'))).toHaveLength(1);
  });

  it.each([{}, { BAYSIDE_MG_API_TOKEN: '' }, { BAYSIDE_MG_API_TOKEN: '  ' }])(
    'refuses to start without the token variable (%o), before any request',
    async (env) => {
      const platform = await start();
      const source = sourceFor(platform, { env });
      const pulled = await failure(source.pull());
      expect(pulled.message).toMatch(/^bayside-mg: GET \/v1\/vehicles: the environment variable BAYSIDE_MG_API_TOKEN is not set/);
      expect(pulled.message).toContain('source.tokenEnv in sites/bayside-mg.yaml');
      const fetched = await failure(source.fetchVehicle(1));
      expect(fetched.message).toContain('BAYSIDE_MG_API_TOKEN');
      expect(platform.requests).toEqual([]);
    },
  );
});

describe('http source: conditional requests', () => {
  it('sends If-None-Match on the next pull and reuses the bodies the platform says are unchanged', async () => {
    const platform = await start();
    const source = sourceFor(platform);
    const first = await source.pull();
    expect(platform.requests.every((r) => r.status === 200 && r.headers['if-none-match'] === undefined)).toBe(true);
    const firstCount = platform.requests.length;

    const second = await source.pull();
    const again = platform.requests.slice(firstCount);
    expect(again).toHaveLength(firstCount);
    expect(again.every((r) => typeof r.headers['if-none-match'] === 'string')).toBe(true);
    expect(again.filter((r) => r.status === 304)).toHaveLength(firstCount);
    expect(second).toEqual(first);
    // Each pull gets records of its own, so a caller that edits one cannot change the next pull.
    expect(second.vehicles[0]).not.toBe(first.vehicles[0]);
  });

  it('works from a cache the caller persisted as JSON, and fetches changed lists in full', async () => {
    const platform = await start();
    const cache = new Map<string, CachedResponse>();
    await sourceFor(platform, { cache }).pull();
    expect(cache.size).toBe(3 + 5);

    const restored = new Map<string, CachedResponse>(JSON.parse(JSON.stringify([...cache])) as Array<[string, CachedResponse]>);
    platform.feed.offers = [{ id: 'new-offer', title: 'Changed since last pull' }];
    const start304 = platform.requests.length;
    const data = await sourceFor(platform, { cache: restored }).pull();
    const statuses = platform.requests.slice(start304).map((r) => [r.path, r.status]);
    expect(statuses).toContainEqual(['/v1/offers', 200]);
    expect(statuses.filter(([, status]) => status === 304)).toHaveLength(3 + 4);
    expect(data.offers).toEqual([{ id: 'new-offer', title: 'Changed since last pull' }]);
    expect(data.vehicles).toEqual(demo.vehicles);
  });
});

describe('http source: one vehicle (webhooks)', () => {
  it('fetches a vehicle by id', async () => {
    const platform = await start();
    const wanted = demo.vehicles[7] as { id: number };
    expect(await sourceFor(platform).fetchVehicle(wanted.id)).toEqual(wanted);
    expect(platform.requests.map((r) => r.path)).toEqual([`/v1/vehicles/${wanted.id}`]);
  });

  it('returns null for a vehicle the platform does not know', async () => {
    const platform = await start();
    expect(await sourceFor(platform).fetchVehicle(999_999_999)).toBeNull();
    expect(platform.requests).toHaveLength(1);
  });

  it('retries a 500 for one vehicle like any other request', async () => {
    const platform = await start();
    const wanted = demo.vehicles[0] as { id: number };
    platform.fault(`/vehicles/${wanted.id}`, { kind: 'status', status: 500, times: 1 });
    expect(await sourceFor(platform).fetchVehicle(wanted.id)).toEqual(wanted);
    expect(platform.requests).toHaveLength(2);
  });
});
