import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { createLeadOutbox, parseRetryAfter, retryDelay, type LeadOutbox, type LeadOutboxOptions } from '../../src/ops/lead-outbox.ts';
import type { LeadDelivery, LeadVehicle, NewLead } from '../../src/ops/lead-store.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';

// The outbox against CRM stand-ins: real HTTP servers on 127.0.0.1 that answer as a CRM would
// (failing for a while, refusing, checking the body, de-duplicating by Idempotency-Key), with a
// real OpsStore on a temporary SQLite file. Retry delays are a few milliseconds.

const base = findSite(loadAllSiteConfigs('sites'), 'bayside-mg');
const site: SiteConfig = {
  ...base,
  integrations: {
    ...base.integrations,
    leadTargets: [
      { name: 'crm', format: 'json', urlEnv: 'TEST_CRM_URL', tokenEnv: 'TEST_CRM_TOKEN' },
      { name: 'dms', format: 'adf', urlEnv: 'TEST_DMS_URL' },
    ],
  },
};
const TOKEN = 'crm-token-0123';

// ---------------------------------------------------------------- CRM stand-ins

/** What ADF 1.0 requires of a prospect, as fast-xml-parser reads it (every value a string). */
const Name = z.object({ '#text': z.string().min(1), '@_part': z.enum(['first', 'middle', 'last', 'full', 'surname']) });
const AdfSchema = z.object({
  adf: z.object({
    prospect: z.object({
      '@_status': z.enum(['new', 'resend']),
      id: z.object({ '#text': z.string().min(1), '@_sequence': z.string(), '@_source': z.string().min(1) }),
      requestdate: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/, 'ISO 8601 with an offset'),
      vehicle: z
        .array(z.looseObject({ '@_interest': z.enum(['buy', 'lease', 'sell', 'trade-in', 'test-drive']), '@_status': z.enum(['new', 'used']), year: z.string(), make: z.string(), model: z.string() }))
        .min(1),
      customer: z.looseObject({
        contact: z
          .looseObject({
            name: z.array(Name).min(1),
            email: z.union([z.string().min(1), z.looseObject({ '#text': z.string().min(1) })]).optional(),
            phone: z.array(z.looseObject({ '#text': z.string().min(1) })).optional(),
          })
          .refine((c) => c.email !== undefined || c.phone !== undefined, 'a contact needs an email or a phone'),
      }),
      vendor: z.looseObject({ vendorname: z.string().min(1), contact: z.looseObject({ name: z.array(Name).min(1) }) }),
      provider: z.looseObject({ name: z.array(Name).min(1), service: z.string().min(1) }).optional(),
    }),
  }),
});
const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['vehicle', 'name', 'phone'].includes(name) });

interface Seen {
  key: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** The answer is sent when this settles (an accepted lead is committed on arrival, as a CRM would). */
  hold?: Promise<unknown>;
}
interface StandIn {
  url: string;
  /** Every request, in order of arrival. */
  seen: Seen[];
  /** Leads accepted, by Idempotency-Key, with the body first accepted. */
  accepted: Map<string, string>;
  /** Keys that arrived while a request with the same key was still open. */
  overlapping: string[];
  close(): Promise<void>;
}

/** Requests open at once over all stand-ins of a test. */
let load = { now: 0, max: 0 };

/**
 * A CRM on 127.0.0.1. `answer` decides a request's fate; a request whose key was accepted before
 * is answered 200 without asking it, as a CRM that de-duplicates by Idempotency-Key does.
 */
async function standIn(answer: (seen: Seen, index: number) => Answer, options: { delayMs?: number } = {}): Promise<StandIn> {
  const open = new Set<string>();
  const state: StandIn = { url: '', seen: [], accepted: new Map(), overlapping: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const seen: Seen = { key: String(req.headers['idempotency-key']), headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = state.seen.push(seen) - 1;
      if (open.has(seen.key)) state.overlapping.push(seen.key);
      open.add(seen.key);
      load.max = Math.max(load.max, ++load.now);
      let result: Answer;
      if (state.accepted.has(seen.key)) result = { status: 200, body: '{"duplicate":true}' };
      else {
        result = answer(seen, index);
        if (result.status >= 200 && result.status < 300) state.accepted.set(seen.key, seen.body);
      }
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (result.hold) await result.hold.catch(() => {});
      open.delete(seen.key);
      load.now--;
      if (!res.destroyed) res.writeHead(result.status, result.headers ?? {}).end(result.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(state);
  return state;
}

/** A JSON CRM: 500 for its first `failures` requests, then 201 for a version-1 lead sent with the right token. */
function jsonCrm(failures: number) {
  return (seen: Seen, index: number): Answer => {
    if (index < failures) return { status: 500, body: 'try later' };
    if (seen.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: 'bad token' };
    if (seen.headers['content-type'] !== 'application/json') return { status: 415 };
    const body = JSON.parse(seen.body) as { version?: number; lead?: { id?: number } };
    return body.version === 1 && typeof body.lead?.id === 'number' ? { status: 201, body: '{"id":"crm-1"}' } : { status: 400, body: 'not a version 1 lead' };
  };
}

/** An ADF CRM: 503 (Retry-After: 0) for its first `failures` requests, then 201 for XML that passes the ADF schema, else 400 with the reason. */
function adfCrm(failures: number) {
  return (seen: Seen, index: number): Answer => {
    if (index < failures) return { status: 503, headers: { 'retry-after': '0' } };
    if (seen.headers['content-type'] !== 'application/xml; charset=utf-8') return { status: 415 };
    const parsed = AdfSchema.safeParse(xml.parse(seen.body));
    return parsed.success ? { status: 201 } : { status: 400, body: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  };
}

// ---------------------------------------------------------------- harness

let dir: string;
let store: OpsStore;
let servers: StandIn[] = [];
let outboxes: LeadOutbox[] = [];
let logged: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lead-outbox-'));
  store = new OpsStore(path.join(dir, 'ops.sqlite'));
  load = { now: 0, max: 0 };
  logged = [];
  leadsAdded = 0;
});

afterEach(async () => {
  for (const o of outboxes) await o.stop(200);
  for (const s of servers) await s.close();
  servers = [];
  outboxes = [];
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const cx5: LeadVehicle = {
  id: 100001,
  slug: '2019-mazda-cx-5-maxx-100001',
  stocknum: 'U123',
  vin: 'JM0KF4W7A00000001',
  year: 2019,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  car_type: 'used',
  price: 25990,
  km: 45000,
  colour: 'Red',
  url: 'https://www.baysidemg.example/cars/2019-mazda-cx-5-maxx-100001/',
};

let leadsAdded = 0;

/** Leads of several forms, with text that needs escaping; each has one pending delivery per target. */
function addLeads(count: number, options: { site?: string; targets?: string[] } = {}): number[] {
  return Array.from({ length: count }, () => {
    const i = leadsAdded++;
    const contact = { name: `Jane ${i}`, last_name: `O'Brien & <Co>`, email: `jane${i}@example.com`, phone: '0412 345 678' };
    const kinds: Array<[string, Record<string, unknown>, LeadVehicle | null]> = [
      ['enquiry', { ...contact, postcode: '4000', message: `Lead ${i}: is it <still> "available"? A & B`, car_id: 100001 }, cx5],
      ['test-drive', { ...contact, dealership: 'bayside-mg-capalaba', message: 'Saturday?' }, cx5],
      ['trade-in', { ...contact, postcode: '4000', kms: 120000, rego: '123ABC', regoState: 'QLD' }, cx5],
      ['sell-my-car', { ...contact, postcode: '4000', make: 'Toyota', model: 'Corolla', year: 2015 }, null],
    ];
    const [form, fields, vehicle] = kinds[i % kinds.length]!;
    const lead: NewLead = {
      site: options.site ?? 'bayside-mg',
      form,
      fields: { form, ...fields },
      context: { page: '/cars/2019-mazda-cx-5-maxx-100001/', userAgent: null, vehicle },
      idempotencyKey: `island-${i}`,
      contentHash: `hash-${i}`,
      spam: false,
      targets: options.targets ?? ['crm', 'dms'],
    };
    return store.leads.add(lead).id;
  });
}

function outbox(env: Record<string, string | undefined>, options: Partial<LeadOutboxOptions> = {}): LeadOutbox {
  const o = createLeadOutbox({
    store: store.leads,
    sites: [site],
    env,
    log: (line) => logged.push(line),
    retryBaseMs: 20,
    retryMaxMs: 100,
    maxAttempts: 50,
    timeoutMs: 2000,
    concurrency: 4,
    idleMs: 200,
    ...options,
  });
  outboxes.push(o);
  o.start();
  return o;
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Deliveries in a state, counted in one query (cheap enough to poll). */
const count = (status: LeadDelivery['status']) => (store.db.prepare('select count(*) as n from lead_deliveries where status = ?').get(status) as { n: number }).n;
const delivery = (leadId: number, target: string): LeadDelivery => store.leads.get(leadId)!.deliveries.find((d) => d.target === target)!;
const all = (ids: number[]) => ids.flatMap((id) => store.leads.get(id)!.deliveries);
const key = (leadId: number, target: string) => `lead-bayside-mg-${leadId}-${target}`;

// ---------------------------------------------------------------- tests

describe('lead outbox', () => {
  it('delivers 50 leads to a JSON and an ADF target exactly once each, through failures, recording every attempt', async () => {
    const crm = await standIn(jsonCrm(20), { delayMs: 3 });
    const dms = await standIn(adfCrm(10), { delayMs: 3 });
    const ids = addLeads(50);
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN, TEST_DMS_URL: dms.url });
    await until(() => count('pending') === 0);

    expect(all(ids).every((d) => d.status === 'delivered')).toBe(true);
    // Each lead arrived once at each target (by key), and no request was made beyond the failures.
    expect([...crm.accepted.keys()].sort()).toEqual(ids.map((id) => key(id, 'crm')).sort());
    expect([...dms.accepted.keys()].sort()).toEqual(ids.map((id) => key(id, 'dms')).sort());
    expect(crm.seen).toHaveLength(50 + 20);
    expect(dms.seen).toHaveLength(50 + 10);
    expect(crm.overlapping).toEqual([]);
    expect(dms.overlapping).toEqual([]);
    expect(load.max).toBeLessThanOrEqual(4);

    // Every attempt is recorded: the failures with their answers, then one success per delivery.
    const attempts = ids.flatMap((id) => store.leads.attempts(id));
    expect(attempts).toHaveLength(70 + 60);
    expect(attempts.filter((a) => a.statusCode === 500).map((a) => [a.target, a.error])).toEqual(Array(20).fill(['crm', 'HTTP 500: try later']));
    expect(attempts.filter((a) => a.statusCode === 503).map((a) => [a.target, a.error])).toEqual(Array(10).fill(['dms', 'HTTP 503']));
    expect(attempts.every((a) => a.durationMs >= 0 && !Number.isNaN(Date.parse(a.at)))).toBe(true);
    // A retried delivery keeps its key: every request for a lead and target carried the same one.
    for (const s of [crm, dms]) expect(new Set(s.seen.map((r) => r.key)).size).toBe(50);
    expect(logged).toContain('bayside-mg: "crm" failed (HTTP 500: try later); its leads are retried with backoff.');
    expect(logged).toContain('bayside-mg: "crm" accepts leads again.');

    // The headers: JSON with the bearer token, ADF without one (its target names no token variable).
    const first = crm.seen.at(-1)!.headers;
    expect(first).toMatchObject({ 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'user-agent': 'dealer-sites-lead-outbox/1' });
    expect(dms.seen.at(-1)!.headers).toMatchObject({ 'content-type': 'application/xml; charset=utf-8', 'user-agent': 'dealer-sites-lead-outbox/1' });
    expect(dms.seen.at(-1)!.headers.authorization).toBeUndefined();
    const body = JSON.parse(crm.accepted.get(key(ids[0]!, 'crm'))!) as { version: number; lead: { id: number }; fields: { message: string } };
    expect(body).toMatchObject({ version: 1, lead: { id: ids[0] }, fields: { message: 'Lead 0: is it <still> "available"? A & B' } });
  });

  it('flags a lead the target refuses (422) after one attempt, keeps it, and delivers it after a retry once fixed', async () => {
    let refusing = true;
    const crm = await standIn(() => (refusing ? { status: 422, body: '{"error":"email domain rejected"}' } : { status: 201 }));
    const [id] = addLeads(1, { targets: ['crm'] });
    const o = outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN });
    await until(() => delivery(id!, 'crm').status !== 'pending');

    expect(delivery(id!, 'crm')).toMatchObject({ status: 'flagged', attempts: 1, lastError: 'HTTP 422: {"error":"email domain rejected"}' });
    expect(store.leads.attempts(id!)).toMatchObject([{ statusCode: 422, error: 'HTTP 422: {"error":"email domain rejected"}' }]);
    expect(store.leads.get(id!)).not.toBeNull();
    expect(logged).toContain(`bayside-mg: lead ${id} flagged for "crm" after 1 attempt(s): HTTP 422: {"error":"email domain rejected"}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(crm.seen).toHaveLength(1); // flagged means no retry by itself

    refusing = false;
    expect(store.leads.retry(id!)).toBe(1);
    o.kick();
    await until(() => delivery(id!, 'crm').status === 'delivered');
    expect(crm.accepted.size).toBe(1);
    expect(store.leads.attempts(id!).map((a) => a.statusCode)).toEqual([422, 201]);
  });

  it('flags a delivery once maxAttempts transient failures are used up', async () => {
    const crm = await standIn(() => ({ status: 502, body: 'bad gateway' }));
    const [id] = addLeads(1, { targets: ['crm'] });
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { maxAttempts: 3 });
    await until(() => delivery(id!, 'crm').status !== 'pending');
    expect(delivery(id!, 'crm')).toMatchObject({ status: 'flagged', attempts: 3, lastError: 'HTTP 502: bad gateway' });
    expect(store.leads.attempts(id!).map((a) => a.statusCode)).toEqual([502, 502, 502]);
    await new Promise((r) => setTimeout(r, 100));
    expect(crm.seen).toHaveLength(3);
  });

  it('keeps leads waiting, with no attempt, while a URL variable is unset; delivers them on kick once it is set', async () => {
    const crm = await standIn(jsonCrm(0));
    const dms = await standIn(adfCrm(0));
    const ids = addLeads(3);
    const env: Record<string, string | undefined> = { TEST_CRM_TOKEN: TOKEN };
    // A long idle time: only kick() can bring the leads out.
    const o = outbox(env, { idleMs: 60_000 });
    await until(() => logged.length >= 2);
    await new Promise((r) => setTimeout(r, 100));
    o.kick();
    await new Promise((r) => setTimeout(r, 100));

    expect(all(ids).map((d) => [d.status, d.attempts])).toEqual(Array(6).fill(['pending', 0]));
    expect(ids.flatMap((id) => store.leads.attempts(id))).toEqual([]);
    expect(crm.seen.length + dms.seen.length).toBe(0);
    // Once per target, naming the variable.
    expect(logged).toEqual([
      `bayside-mg: leads for "crm" are waiting because TEST_CRM_URL is not set; set it to the target's URL and they will be delivered.`,
      `bayside-mg: leads for "dms" are waiting because TEST_DMS_URL is not set; set it to the target's URL and they will be delivered.`,
    ]);

    env.TEST_CRM_URL = crm.url;
    o.kick();
    await until(() => ids.every((id) => delivery(id, 'crm').status === 'delivered'), 3000);
    expect(ids.every((id) => delivery(id, 'dms').status === 'pending' && delivery(id, 'dms').attempts === 0)).toBe(true);
    env.TEST_DMS_URL = dms.url;
    o.kick();
    await until(() => all(ids).every((d) => d.status === 'delivered'), 3000);
    expect(crm.seen.length + dms.seen.length).toBe(6);
    expect(logged).toContain('bayside-mg: "crm" is configured; delivering 3 waiting lead(s).');
  });

  it('keeps leads waiting while a token variable the target names is unset, or its URL is not a URL', async () => {
    const crm = await standIn(jsonCrm(0));
    const ids = addLeads(2, { targets: ['crm'] });
    const env: Record<string, string | undefined> = { TEST_CRM_URL: 'crm.example/leads' };
    const o = outbox(env, { idleMs: 60_000 });
    await until(() => logged.length === 1);
    env.TEST_CRM_URL = crm.url;
    o.kick();
    await until(() => logged.length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(crm.seen).toHaveLength(0);
    expect(all(ids).map((d) => [d.status, d.attempts])).toEqual(Array(2).fill(['pending', 0]));
    expect(logged).toEqual([
      `bayside-mg: leads for "crm" are waiting because TEST_CRM_URL is not an http(s) URL; set it to the target's URL and they will be delivered.`,
      `bayside-mg: leads for "crm" are waiting because TEST_CRM_TOKEN is not set; set it to the target's token and they will be delivered.`,
    ]);
    env.TEST_CRM_TOKEN = TOKEN;
    o.kick();
    await until(() => count('delivered') === 2, 3000);
    expect(crm.seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('keeps leads of a site or target no longer configured waiting, logged once', async () => {
    const crm = await standIn(jsonCrm(0));
    const gone = addLeads(2, { site: 'closed-dealer', targets: ['crm'] });
    const [kept] = addLeads(1, { targets: ['crm', 'legacy'] });
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN });
    await until(() => delivery(kept!, 'crm').status === 'delivered');
    await new Promise((r) => setTimeout(r, 300));
    expect(all(gone).map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(delivery(kept!, 'legacy')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(crm.seen).toHaveLength(1);
    expect(logged.filter((l) => l.includes('waiting'))).toEqual([
      'closed-dealer: leads for target "crm" are waiting: the site is no longer in sites/. They are kept, and delivered if it comes back.',
      'bayside-mg: leads for target "legacy" are waiting: sites/bayside-mg.yaml no longer lists that target. They are kept, and delivered if it comes back.',
    ]);
  });

  it('resumes after a restart: a second outbox on the same file delivers the rest, none twice', async () => {
    const crm = await standIn(jsonCrm(0), { delayMs: 15 });
    const dms = await standIn(adfCrm(0), { delayMs: 15 });
    const ids = addLeads(30);
    const env = { TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN, TEST_DMS_URL: dms.url };
    const first = outbox(env, { concurrency: 2 });
    await until(() => count('delivered') >= 8);
    await first.stop();
    const before = all(ids);
    expect(before.some((d) => d.status === 'pending')).toBe(true);
    // stop() let the attempts in flight finish: everything the stand-ins accepted is recorded as delivered.
    expect(before.filter((d) => d.status === 'delivered')).toHaveLength(crm.accepted.size + dms.accepted.size);
    const sent = crm.seen.length + dms.seen.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(crm.seen.length + dms.seen.length).toBe(sent); // stopped means stopped

    // The second process: a new store on the same file, a new outbox.
    store.close();
    store = new OpsStore(path.join(dir, 'ops.sqlite'));
    outbox(env, { concurrency: 4 });
    await until(() => count('delivered') === 60);
    expect(crm.accepted.size).toBe(30);
    expect(dms.accepted.size).toBe(30);
    expect(crm.seen.length + dms.seen.length).toBe(60);
  });

  it('after a stop that cuts attempts short, the next outbox sends them again with the same key, and the CRM keeps one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The CRM commits the first two leads on arrival but answers only when released.
    const crm = await standIn((_, index) => (index < 2 ? { status: 201, hold: held } : { status: 201 }));
    const ids = addLeads(4, { targets: ['crm'] });
    const first = outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { concurrency: 2 });
    await until(() => crm.seen.length === 2);
    await first.stop(50);
    release();
    // The abandoned attempts were not recorded: both deliveries are still pending, with no attempt.
    expect(all(ids).map((d) => [d.status, d.attempts])).toEqual(Array(4).fill(['pending', 0]));

    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN });
    await until(() => all(ids).every((d) => d.status === 'delivered'));
    expect(crm.accepted.size).toBe(4);
    expect(crm.seen).toHaveLength(6);
    const twice = crm.seen.slice(0, 2).map((s) => s.key);
    expect(crm.seen.filter((s) => twice.includes(s.key))).toHaveLength(4);
  });

  it('never has two attempts in flight for one delivery, nor more than `concurrency` in all', async () => {
    // Slow answers and retries due at once: a pass must not start a delivery that is still in flight.
    const crm = await standIn((_, index) => (index < 12 ? { status: 503, headers: { 'retry-after': '0' } } : { status: 201 }), { delayMs: 40 });
    const ids = addLeads(12, { targets: ['crm'] });
    const o = outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { concurrency: 3, retryBaseMs: 0 });
    const kicking = setInterval(() => o.kick(), 5);
    try {
      await until(() => all(ids).every((d) => d.status === 'delivered'));
    } finally {
      clearInterval(kicking);
    }
    expect(crm.overlapping).toEqual([]);
    expect(load.max).toBe(3);
    expect(crm.seen).toHaveLength(24);
  });

  it('retries after a timeout and after a refused connection, recording why', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const crm = await standIn((_, index) => (index === 0 ? { status: 201, hold: held } : { status: 201 }));
    const [slow] = addLeads(1, { targets: ['crm'] });
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { timeoutMs: 100 });
    await until(() => delivery(slow!, 'crm').status === 'delivered');
    release();
    expect(store.leads.attempts(slow!).map((a) => [a.statusCode, a.error])).toEqual([
      [null, 'no answer within 100 ms'],
      [200, null], // the CRM had committed it on arrival: the retry is its duplicate
    ]);
    expect(store.leads.attempts(slow!)[0]!.durationMs).toBeGreaterThanOrEqual(90);

    // A port nothing listens on.
    const closed = await standIn(() => ({ status: 201 }));
    const url = closed.url;
    await closed.close();
    servers.splice(servers.indexOf(closed), 1);
    const [refused] = addLeads(1, { targets: ['dms'] });
    outbox({ TEST_DMS_URL: url }, { maxAttempts: 2 });
    await until(() => delivery(refused!, 'dms').status === 'flagged');
    expect(store.leads.attempts(refused!).map((a) => [a.statusCode, a.error])).toEqual(Array(2).fill([null, 'could not reach the target: ECONNREFUSED']));
  });

  it("waits as long as a 429's Retry-After says, capped at retryMaxMs", async () => {
    const crm = await standIn((_, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '5' } } : { status: 201 }));
    const [id] = addLeads(1, { targets: ['crm'] });
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { retryBaseMs: 1, retryMaxMs: 400, idleMs: 50 });
    await until(() => delivery(id!, 'crm').status === 'delivered');
    const gap = crm.seen[1]!.at - crm.seen[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(350); // not the 1 ms backoff: the Retry-After, capped at 400 ms
    expect(gap).toBeLessThan(4000); // not the 5 s asked for
  });

  it('does not follow a redirect (a POST must not become a GET): the lead is flagged with where it moved', async () => {
    const moved = await standIn(() => ({ status: 201 }));
    const crm = await standIn(() => ({ status: 302, headers: { location: moved.url } }));
    const [id] = addLeads(1, { targets: ['crm'] });
    outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN });
    await until(() => delivery(id!, 'crm').status !== 'pending');
    expect(delivery(id!, 'crm')).toMatchObject({
      status: 'flagged',
      lastError: `HTTP 302: redirected to ${moved.url}; set the target's URL variable to the address it moved to`,
    });
    expect(moved.seen).toHaveLength(0);
  });

  it('kick() runs a pass at once, and stop() waits for the attempt in flight', async () => {
    const crm = await standIn(jsonCrm(0), { delayMs: 150 });
    const o = outbox({ TEST_CRM_URL: crm.url, TEST_CRM_TOKEN: TOKEN }, { idleMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    const [id] = addLeads(1, { targets: ['crm'] });
    o.kick();
    await until(() => crm.seen.length === 1, 3000);
    await o.stop();
    expect(delivery(id!, 'crm')).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('retry timing', () => {
  it('backs off exponentially with full jitter, up to the maximum', () => {
    const options = { baseMs: 2000, maxMs: 600_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, { ...options, random: () => 0.999999 }))).toEqual([1999, 3999, 7999, 15999]);
    expect(retryDelay(12, { ...options, random: () => 0.999999 })).toBe(599_999);
    expect(retryDelay(1000, { ...options, random: () => 0.5 })).toBe(300_000);
    expect(retryDelay(3, { ...options, random: () => 0 })).toBe(0);
  });

  it("takes a target's Retry-After, in seconds or as a date, capped at the maximum", () => {
    const now = new Date('2026-11-22T09:30:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:31:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:29:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(retryDelay(1, { baseMs: 2000, maxMs: 600_000, retryAfterMs: 120_000 })).toBe(120_000);
    expect(retryDelay(1, { baseMs: 2000, maxMs: 600_000, retryAfterMs: 3_600_000 })).toBe(600_000);
  });
});
