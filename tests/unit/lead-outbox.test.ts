import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { leadAdf, leadJson } from '../../src/ops/lead-formats.ts';
import { createLeadOutbox, type LeadOutbox } from '../../src/ops/lead-outbox.ts';
import type { NewLead, StoredLead } from '../../src/ops/lead-store.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';

const base = findSite(loadAllSiteConfigs('sites'), 'bayside-mg');
const site: SiteConfig = {
  ...base,
  integrations: {
    ...base.integrations,
    leadTargets: [
      { name: 'crm', format: 'json', urlEnv: 'TEST_JSON_URL', tokenEnv: 'TEST_JSON_TOKEN' },
      { name: 'dms', format: 'adf', urlEnv: 'TEST_ADF_URL' },
    ],
  },
};

/** The structure ADF 1.0 requires of a prospect (after parsing; single elements may be arrays). */
const text = z.union([z.string(), z.number()]);
const AdfSchema = z.object({
  adf: z.object({
    prospect: z.object({
      requestdate: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/),
      vehicle: z.array(z.looseObject({ '@_interest': z.enum(['buy', 'lease', 'sell', 'trade-in', 'test-drive']), year: text.optional(), make: text, model: text })).min(1),
      customer: z.object({ contact: z.looseObject({ name: z.array(z.object({ '#text': text, '@_part': z.string() })).min(1) }).refine((c) => 'email' in c || 'phone' in c, 'a contact needs an email or a phone') }),
      vendor: z.object({ vendorname: text, contact: z.object({ name: z.unknown() }) }),
    }),
  }),
});
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'vehicle' || name === 'name' });

interface StandIn {
  url: string;
  server: Server;
  /** Requests seen; accepted leads by idempotency key. */
  requests: number;
  accepted: Map<string, string>;
  /** How the next request is answered. */
  answer: (req: IncomingMessage, body: string) => { status: number; body?: string; headers?: Record<string, string> };
}

async function standIn(answer: StandIn['answer']): Promise<StandIn> {
  const state = { requests: 0, accepted: new Map<string, string>(), answer } as StandIn;
  state.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.requests++;
      const result = state.answer(req, body);
      if (result.status >= 200 && result.status < 300) {
        const key = String(req.headers['idempotency-key']);
        if (!state.accepted.has(key)) state.accepted.set(key, body);
      }
      res.writeHead(result.status, result.headers ?? {}).end(result.body ?? '');
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/leads`;
  return state;
}

/** A CRM that fails the first `failures` requests with 500, then accepts JSON leads with the right token. */
const flakyJson = (failures: number) => {
  let left = failures;
  return (req: IncomingMessage) => {
    if (left-- > 0) return { status: 500, body: 'try later' };
    return req.headers.authorization === 'Bearer crm-token' ? { status: 201 } : { status: 401, body: 'bad token' };
  };
};

/** A DMS that checks ADF against its structure and fails the first `failures` requests with 503. */
const checkingAdf = (failures: number) => {
  let left = failures;
  return (_req: IncomingMessage, body: string) => {
    if (left-- > 0) return { status: 503, headers: { 'retry-after': '0' } };
    const parsed = AdfSchema.safeParse(parser.parse(body));
    return parsed.success ? { status: 201 } : { status: 400, body: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  };
};

let dir: string;
let store: OpsStore;
let servers: StandIn[] = [];
let outboxes: LeadOutbox[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lead-outbox-'));
  store = new OpsStore(path.join(dir, 'ops.sqlite'));
});

afterEach(async () => {
  for (const o of outboxes) await o.stop(1000);
  for (const s of servers) await new Promise((resolve) => s.server.close(resolve));
  servers = [];
  outboxes = [];
  store.close();
  await rm(dir, { recursive: true, force: true });
});

function addLeads(count: number, fields: Record<string, unknown> = {}): number[] {
  return Array.from({ length: count }, (_, i) => {
    const lead: NewLead = {
      site: 'bayside-mg',
      form: 'enquiry',
      fields: { form: 'enquiry', name: `Jane ${i}`, last_name: 'Citizen', email: `jane${i}@example.com`, phone: '0412 345 678', message: `Lead ${i} <"&'>`, ...fields },
      context: { page: '/cars/x/', userAgent: null, vehicle: { id: 100001, slug: 'x', stocknum: 'BMG1', vin: 'LSJW74U97RZ000001', year: 2024, make: 'MG', model: 'ZS', badge: 'Excite', car_type: 'new', price: 27990, km: 10, colour: 'White', url: 'https://www.baysidemg.example/cars/x/' } },
      idempotencyKey: `key-${i}-${Math.random()}`,
      contentHash: `hash-${i}-${Math.random()}`,
      spam: false,
      targets: ['crm', 'dms'],
    };
    return store.leads.add(lead).id;
  });
}

function outbox(env: Record<string, string | undefined>, options: { maxAttempts?: number } = {}): LeadOutbox {
  const o = createLeadOutbox({ store: store.leads, sites: [site], env, retryBaseMs: 10, retryMaxMs: 50, maxAttempts: options.maxAttempts ?? 50, concurrency: 4, idleMs: 50 });
  outboxes.push(o);
  o.start();
  return o;
}

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const delivered = () => store.leads.counts('bayside-mg').delivered;

describe('lead outbox', () => {
  it('delivers every lead to each target exactly once through failures, as JSON and as ADF', async () => {
    const json = await standIn(flakyJson(25));
    const adf = await standIn(checkingAdf(10));
    servers.push(json, adf);
    const ids = addLeads(50);
    outbox({ TEST_JSON_URL: json.url, TEST_JSON_TOKEN: 'crm-token', TEST_ADF_URL: adf.url });
    await until(() => delivered() === 50);
    expect(json.accepted.size).toBe(50);
    expect(adf.accepted.size).toBe(50);
    expect(json.requests).toBe(75); // 25 failures, then each lead once
    expect(adf.requests).toBe(60);
    const received = [...json.accepted.values()].map((b) => (JSON.parse(b) as { lead: { id: number } }).lead.id).sort((a, b) => a - b);
    expect(received).toEqual(ids);
    const attempts = ids.flatMap((id) => store.leads.attempts(id));
    expect(attempts.filter((a) => a.statusCode === 500)).toHaveLength(25);
    expect(attempts.filter((a) => a.statusCode === 503)).toHaveLength(10);
    expect(store.leads.get(ids[0]!)!.deliveries.every((d) => d.status === 'delivered')).toBe(true);
  });

  it('flags a lead the target refuses (4xx), keeps it, and delivers it after a retry once fixed', async () => {
    let refusing = true;
    const json = await standIn(() => (refusing ? { status: 422, body: 'email domain rejected' } : { status: 200 }));
    servers.push(json);
    const [id] = addLeads(1);
    const o = outbox({ TEST_JSON_URL: json.url, TEST_JSON_TOKEN: 'crm-token' });
    await until(() => store.leads.get(id!)!.deliveries.find((d) => d.target === 'crm')!.status === 'flagged');
    const crm = store.leads.get(id!)!.deliveries.find((d) => d.target === 'crm')!;
    expect(crm).toMatchObject({ status: 'flagged', attempts: 1, lastError: 'HTTP 422: email domain rejected' });
    refusing = false;
    expect(store.leads.retry(id!)).toBe(1);
    o.kick();
    await until(() => store.leads.get(id!)!.deliveries.find((d) => d.target === 'crm')!.status === 'delivered');
    expect(json.accepted.size).toBe(1);
  });

  it('flags a lead when retries run out', async () => {
    const json = await standIn(() => ({ status: 502 }));
    servers.push(json);
    const [id] = addLeads(1);
    outbox({ TEST_JSON_URL: json.url }, { maxAttempts: 3 });
    await until(() => store.leads.get(id!)!.deliveries.find((d) => d.target === 'crm')!.status === 'flagged');
    expect(store.leads.attempts(id!).filter((a) => a.target === 'crm').map((a) => a.statusCode)).toEqual([502, 502, 502]);
  });

  it('keeps leads waiting, without counting attempts, while a target has no URL', async () => {
    const [id] = addLeads(1);
    const lines: string[] = [];
    const o = createLeadOutbox({ store: store.leads, sites: [site], env: {}, log: (l) => lines.push(l), retryBaseMs: 10, idleMs: 50 });
    outboxes.push(o);
    o.start();
    await until(() => lines.length >= 2);
    const lead = store.leads.get(id!)!;
    expect(lead.deliveries.map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(lines).toContain('bayside-mg: leads for "crm" are waiting because TEST_JSON_URL is not set; set it to the target\'s URL and they will be delivered.');
    expect(store.leads.attempts(id!)).toEqual([]);
  });

  it('resumes after a restart: nothing delivered twice', async () => {
    const json = await standIn(() => ({ status: 201 }));
    const adf = await standIn(checkingAdf(0));
    servers.push(json, adf);
    addLeads(30);
    // The first outbox stops part-way.
    const first = outbox({ TEST_JSON_URL: json.url, TEST_ADF_URL: adf.url });
    await until(() => delivered() >= 5);
    await first.stop();
    const afterFirst = json.accepted.size + adf.accepted.size;
    expect(afterFirst).toBeLessThan(60);
    outbox({ TEST_JSON_URL: json.url, TEST_ADF_URL: adf.url });
    await until(() => delivered() === 30);
    expect(json.accepted.size).toBe(30);
    expect(adf.accepted.size).toBe(30);
    expect(json.requests + adf.requests).toBe(60);
  });
});

describe('lead bodies', () => {
  const stored = (fields: Record<string, unknown>, vehicle = true): StoredLead => ({
    id: 42,
    site: 'bayside-mg',
    form: String(fields.form),
    fields,
    context: {
      page: '/cars/x/',
      userAgent: null,
      vehicle: vehicle ? { id: 100001, slug: 'x', stocknum: 'U123', vin: 'JM0KF4W7A00000001', year: 2019, make: 'Mazda', model: 'CX-5', badge: 'Maxx', car_type: 'used', price: 25990, km: 45000, colour: 'Red', url: 'https://x/' } : null,
    },
    receivedAt: '2026-11-22T09:30:00.000Z',
    spam: false,
    deliveries: [],
  });

  it('writes an enquiry on a used vehicle as ADF with the vehicle, contact, vendor and escaped comments', () => {
    const xml = leadAdf(stored({ form: 'enquiry', name: 'Jane', last_name: "O'Brien & Co", email: 'jane@example.com', phone: '0412 345 678', postcode: '4000', message: 'Is it <still> available?' }), site);
    expect(xml).toContain('<?adf version="1.0"?>');
    expect(xml).toContain('Is it &lt;still&gt; available?');
    const adf = AdfSchema.parse(parser.parse(xml)).adf.prospect;
    expect(adf.vehicle).toHaveLength(1);
    expect(adf.vehicle[0]).toMatchObject({ '@_interest': 'buy', '@_status': 'used', year: 2019, make: 'Mazda', model: 'CX-5', vin: 'JM0KF4W7A00000001', stock: 'U123', trim: 'Maxx' });
    expect(parser.parse(xml).adf.prospect.customer.contact.name).toEqual([
      { '#text': 'Jane', '@_part': 'first' },
      { '#text': "O'Brien & Co", '@_part': 'last' },
    ]);
    expect(adf.vendor.vendorname).toBe('Bayside MG');
  });

  it('writes a test drive with interest test-drive, and a trade-in with the shopper\'s car as a trade-in vehicle', () => {
    const drive = AdfSchema.parse(parser.parse(leadAdf(stored({ form: 'test-drive', name: 'Sam', phone: '0412 345 678' }), site))).adf.prospect;
    expect(drive.vehicle.map((v) => v['@_interest'])).toEqual(['test-drive']);
    const trade = AdfSchema.parse(parser.parse(leadAdf(stored({ form: 'trade-in', name: 'Sam', email: 's@example.com', make: 'Toyota', model: 'Corolla', year: 2015, kms: 120000, rego: '123ABC', regoState: 'QLD', adjustmentAnswers: { 'Do you have two keys?': 'Yes' } }), site))).adf.prospect;
    expect(trade.vehicle.map((v) => [v['@_interest'], v.make, v.model])).toEqual([
      ['buy', 'Mazda', 'CX-5'],
      ['trade-in', 'Toyota', 'Corolla'],
    ]);
    const general = AdfSchema.parse(parser.parse(leadAdf(stored({ form: 'enquiry', name: 'Sam', email: 's@example.com', message: 'Hours?' }, false), site))).adf.prospect;
    expect(general.vehicle).toHaveLength(1);
  });

  it('writes the JSON shape, version 1', () => {
    expect(leadJson(stored({ form: 'enquiry', name: 'Jane', dealership_slug: 'nope' }), site)).toEqual({
      version: 1,
      lead: { id: 42, form: 'enquiry', received_at: '2026-11-22T09:30:00.000Z', page: '/cars/x/' },
      site: { slug: 'bayside-mg', name: 'Bayside MG', url: 'https://www.baysidemg.example' },
      dealership: null,
      fields: { form: 'enquiry', name: 'Jane', dealership_slug: 'nope' },
      vehicle: expect.objectContaining({ vin: 'JM0KF4W7A00000001' }),
    });
  });
});
