import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatchRunner, dispatchSiteChanges, MAX_DISPATCH_IDS, MAX_PAYLOAD_BYTES } from '../../src/ops/dispatch.ts';
import { SiteQueue, type RunProgress } from '../../src/ops/site-queue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';

/** Stands in for GitHub's REST API on loopback: records each request and answers as told. */
interface FakeGitHub {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }>;
  answer: { status: number; body?: string };
}

let github: FakeGitHub;
let server: Server;

beforeAll(async () => {
  github = { url: '', requests: [], answer: { status: 204 } };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      github.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(github.answer.status, github.answer.body ? { 'Content-Type': 'application/json' } : {});
      res.end(github.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  github.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  github.requests = [];
  github.answer = { status: 204 };
});

const body = (i = 0) => JSON.parse(github.requests[i]!.body) as { event_type: string; client_payload: Record<string, unknown> };

describe('dispatchSiteChanges', () => {
  it('sends exactly the repository_dispatch request GitHub documents', async () => {
    const sent = await dispatchSiteChanges({
      apiUrl: github.url,
      repository: 'acme/dealer-sites',
      token: 'ghp_test_token',
      site: 'bayside-mg',
      vehicleIds: [100001, 100002, 100001],
      eventIds: ['evt_1', 'evt_2', 'evt_3'],
    });
    expect(github.requests).toHaveLength(1);
    const request = github.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/repos/acme/dealer-sites/dispatches');
    expect(request.headers).toMatchObject({
      accept: 'application/vnd.github+json',
      authorization: 'Bearer ghp_test_token',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'dealer-sites-ops',
      'content-type': 'application/json',
    });
    expect(body()).toEqual({
      event_type: 'dealer-site-changes',
      client_payload: { site: 'bayside-mg', vehicle_ids: [100001, 100002], event_ids: ['evt_1', 'evt_2', 'evt_3'], full: false },
    });
    expect(sent.full).toBe(false);
  });

  it('caps the id lists and the payload size, and then asks for a full build', async () => {
    const vehicleIds = Array.from({ length: 1200 }, (_, i) => 100001 + i);
    const eventIds = Array.from({ length: 800 }, (_, i) => `evt_${String(i).padStart(196, '0')}`);
    await dispatchSiteChanges({ apiUrl: github.url, repository: 'acme/dealer-sites', token: 't', site: 'summit-motor-group', vehicleIds, eventIds });
    const { client_payload: payload } = body();
    expect(Object.keys(payload).length).toBeLessThanOrEqual(10);
    expect(payload.full).toBe(true);
    expect((payload.vehicle_ids as number[]).length).toBe(MAX_DISPATCH_IDS);
    expect((payload.event_ids as string[]).length).toBeLessThan(MAX_DISPATCH_IDS);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
  });

  it('says what GitHub answered when it refuses', async () => {
    github.answer = { status: 422, body: JSON.stringify({ message: 'Invalid request.\n\nFor \'properties/client_payload\', too many properties.', documentation_url: 'https://docs.github.com/rest' }) };
    const attempt = dispatchSiteChanges({ apiUrl: github.url, repository: 'acme/dealer-sites', token: 't', site: 'bayside-mg', vehicleIds: [1], eventIds: ['e'] });
    await expect(attempt).rejects.toThrow(/^GitHub answered 422 Unprocessable Entity to POST http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/dealer-sites\/dispatches: Invalid request\.[\s\S]*too many properties/);

    github.answer = { status: 404, body: JSON.stringify({ message: 'Not Found' }) };
    await expect(dispatchSiteChanges({ apiUrl: github.url, repository: 'acme/dealer-sites', token: 't', site: 'bayside-mg', vehicleIds: [], eventIds: [] })).rejects.toThrow(
      /404 Not Found.*Not Found\. Check GITHUB_REPOSITORY/,
    );
  });
});

describe('the dispatch runner', () => {
  let dir: string;
  let store: OpsStore;
  const config = () => ({ github: { apiUrl: github.url, repository: 'acme/dealer-sites', token: 'ghp_runner' } });
  const journal = (id: string, type: WebhookEvent['type'], recordId: number | string) =>
    store.journal('bayside-mg', { id, type, occurred_at: '2026-11-22T09:30:00Z', data: { id: recordId } });
  const plan = { events: true, content: false, full: false, triggers: ['webhook'] };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-dispatch-test-'));
    store = new OpsStore(path.join(dir, 'ops.sqlite'));
    journal('evt_a', 'vehicle.updated', 100001);
    journal('evt_b', 'vehicle.sold', '100002');
    journal('evt_c', 'offer.changed', 'spring-sale');
    journal('evt_d', 'vehicle.updated', 100001);
    store.journal('northside-used', { id: 'evt_other_site', type: 'vehicle.updated', occurred_at: '2026-11-22T09:30:00Z', data: { id: 300001 } });
  });
  afterEach(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hands the pending events to GitHub in one dispatch and settles them after the 204', async () => {
    const runner = createDispatchRunner({ store, config: config() });
    const progress: RunProgress[] = [];
    const outcome = await runner('bayside-mg', plan, (p) => progress.push(p));
    expect(github.requests).toHaveLength(1);
    expect(github.requests[0]!.headers.authorization).toBe('Bearer ghp_runner');
    expect(body()).toEqual({
      event_type: 'dealer-site-changes',
      client_payload: { site: 'bayside-mg', vehicle_ids: [100001, 100002], event_ids: ['evt_a', 'evt_b', 'evt_c', 'evt_d'], full: false },
    });
    expect(outcome).toMatchObject({ status: 'published', kind: 'incremental', pages: 0 });
    expect(outcome.message).toMatch(/handed off to GitHub Actions \(acme\/dealer-sites\): 4 events, 2 vehicles/);
    expect(store.counts('bayside-mg')).toEqual({ pending: 0, rendered: 0, applied: 4, failed: 0, superseded: 0 });
    // Another site's events are not touched.
    expect(store.counts('northside-used')).toEqual({ pending: 1, rendered: 0, applied: 0, failed: 0, superseded: 0 });
    expect(store.lastBuild('bayside-mg')).toMatchObject({ status: 'published', trigger: 'webhook', message: outcome.message });
    expect(progress.at(-1)).toEqual({ phase: 'dispatch', done: 1, total: 1 });
  });

  it.each([
    [422, JSON.stringify({ message: 'Invalid request.' }), /GitHub answered 422 .*Invalid request\./],
    [500, 'upstream exploded', /GitHub answered 500 Internal Server Error .*upstream exploded/],
  ])('leaves the events pending and reports failure when GitHub answers %i', async (status, answer, message) => {
    github.answer = { status, body: answer };
    const runner = createDispatchRunner({ store, config: config() });
    const outcome = await runner('bayside-mg', plan, () => {});
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(message);
    expect(store.counts('bayside-mg')).toEqual({ pending: 4, rendered: 0, applied: 0, failed: 0, superseded: 0 });
    expect(store.lastBuild('bayside-mg')).toMatchObject({ status: 'failed', message: outcome.message });

    // GitHub recovers: the next run sends the same events and settles them.
    github.answer = { status: 204 };
    expect((await runner('bayside-mg', plan, () => {})).status).toBe('published');
    expect(body(1).client_payload.event_ids).toEqual(['evt_a', 'evt_b', 'evt_c', 'evt_d']);
    expect(store.counts('bayside-mg')).toEqual({ pending: 0, rendered: 0, applied: 4, failed: 0, superseded: 0 });
  });

  it('reports an unreachable API as a failure and keeps the events', async () => {
    const runner = createDispatchRunner({ store, config: { github: { ...config().github, apiUrl: 'http://127.0.0.1:1' } } });
    const outcome = await runner('bayside-mg', plan, () => {});
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/^Could not reach GitHub at http:\/\/127\.0\.0\.1:1\/repos\/acme\/dealer-sites\/dispatches/);
    expect(store.counts('bayside-mg').pending).toBe(4);
  });

  it('sends a marketing rebuild with no pending events as a full build, and skips a run with nothing to do', async () => {
    const runner = createDispatchRunner({ store, config: config() });
    store.settle('bayside-mg', ['evt_a', 'evt_b', 'evt_c', 'evt_d'], []);
    const nothing = await runner('bayside-mg', plan, () => {});
    expect(nothing).toMatchObject({ status: 'published', message: 'nothing pending to hand off' });
    expect(github.requests).toHaveLength(0);

    await runner('bayside-mg', { events: false, content: true, full: false, triggers: ['rebuild (api)'] }, () => {});
    expect(body().client_payload).toEqual({ site: 'bayside-mg', vehicle_ids: [], event_ids: [], full: true });
  });

  it('serves as the queue\'s runner: a burst of journalled events becomes one dispatch', async () => {
    const queue = new SiteQueue(createDispatchRunner({ store, config: config() }), { coalesceMs: 50 });
    for (let i = 0; i < 20; i++) {
      store.journal('bayside-mg', { id: `evt_burst_${i}`, type: 'vehicle.updated', occurred_at: '2026-11-22T09:30:00Z', data: { id: 100100 + i } });
      queue.request('bayside-mg', { events: true, trigger: 'webhook' });
    }
    await queue.whenIdle();
    queue.close();
    expect(github.requests).toHaveLength(1);
    expect((body().client_payload.event_ids as string[]).length).toBe(24);
    expect(store.counts('bayside-mg')).toEqual({ pending: 0, rendered: 0, applied: 24, failed: 0, superseded: 0 });
  });
});
