import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadOpsConfig } from '../../src/ops/config.ts';
import { createOpsServer } from '../../src/ops/server.ts';
import { SiteQueue } from '../../src/ops/site-queue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { TERMS_MESSAGE } from '../../src/schemas/leads.ts';

const sites = loadAllSiteConfigs('sites');
const bayside = sites.find((s) => s.slug === 'bayside-mg')!;
const contact = { name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678' };

interface Harness {
  dir: string;
  store: OpsStore;
  app: FastifyInstance;
  stored: number[];
}

let h: Harness;

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leads-api-test-'));
  // A snapshot with one vehicle, so a lead about it records the vehicle.
  await mkdir(path.join(dir, 'data/snapshots'), { recursive: true });
  await writeFile(
    path.join(dir, 'data/snapshots/bayside-mg.json'),
    JSON.stringify({ vehicles: [{ id: 100001, slug: '2024-mg-zs-excite-100001', stocknum: 'BMG1', vin: 'LSJW74U97RZ000001', year: 2024, make: 'MG', model: 'ZS', badge: 'Excite', car_type: 'new', price: 27990, km: 10, colour: 'White' }] }),
  );
  const store = new OpsStore(path.join(dir, 'ops.sqlite'));
  const config = loadOpsConfig({ OPS_ADMIN_TOKEN: 'test-admin-token-0123456789', OPS_LEAD_RATE_LIMIT: '5', ...env });
  const queue = new SiteQueue(async () => ({ status: 'published', kind: 'incremental', pages: 0, durationMs: 0 }), { coalesceMs: 10 });
  const stored: number[] = [];
  const app = createOpsServer({ config, store, queue, sites, root: dir, env: {}, onLead: (id) => stored.push(id) });
  await app.ready();
  return { dir, store, app, stored };
}

beforeEach(async () => {
  h = await harness();
});

afterEach(async () => {
  await h.app.close();
  h.store.close();
  await rm(h.dir, { recursive: true, force: true });
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

describe('POST /api/leads', () => {
  it('stores a valid enquiry before answering with its lead_id, with the vehicle as listed', async () => {
    const response = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'Is it still available?', car_id: '100001', _page: '/cars/2024-mg-zs-excite-100001/' });
    expect(response.statusCode).toBe(201);
    const { lead_id } = response.json() as { lead_id: number };
    const lead = h.store.leads.get(lead_id)!;
    expect(lead).toMatchObject({ site: 'bayside-mg', form: 'enquiry', spam: false, fields: { ...contact, message: 'Is it still available?', car_id: 100001, form: 'enquiry' } });
    expect(lead.context.vehicle).toMatchObject({ vin: 'LSJW74U97RZ000001', stocknum: 'BMG1', make: 'MG', model: 'ZS', price: 27990, url: 'https://www.baysidemg.example/cars/2024-mg-zs-excite-100001/' });
    expect(lead.context.page).toBe('/cars/2024-mg-zs-excite-100001/');
    expect(h.stored).toEqual([lead_id]);
  });

  it('answers a retry with the same idempotency key with the first lead, not a second one', async () => {
    const body = { site: 'bayside-mg', form: 'enquiry', ...contact, message: 'Hello' };
    const first = await post(body, { 'idempotency-key': 'k-123' });
    const second = await post(body, { 'idempotency-key': 'k-123' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ lead_id: (first.json() as { lead_id: number }).lead_id, duplicate: true });
    expect(h.store.leads.list('bayside-mg')).toHaveLength(1);
  });

  it('refuses invalid input with the spec messages, field by field, and stores nothing', async () => {
    const response = await post({ site: 'northside-used', form: 'trade-in', ...contact, email: 'jane@', postcode: '40000' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Please fix the following errors:',
      errors: [
        { field: 'terms_conditions', message: TERMS_MESSAGE },
        { field: 'email', message: 'Please enter a valid email address.' },
        { field: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' },
      ],
    });
    expect(h.store.leads.list('northside-used')).toHaveLength(0);
  });

  it("holds an enquiry to the site's rule for the message", async () => {
    const response = await post({ site: 'bayside-mg', form: 'enquiry', ...contact });
    expect(response.json()).toEqual({ error: 'Please fix the following errors:', errors: [{ field: 'message', message: 'Please enter your comments.' }] });
  });

  it('sends a Careers Enquiry as General Enquiry with subcategory Career Enquiry', async () => {
    const response = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'I would like to apply.', category: 'Careers Enquiry' });
    const lead = h.store.leads.get((response.json() as { lead_id: number }).lead_id)!;
    expect(lead.fields).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
  });

  it('takes a plain form post: a redirect to /success on success, an error page with the typed values otherwise', async () => {
    const form = (fields: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.baysidemg.example' }, payload: new URLSearchParams(fields).toString() });
    const ok = await form({ site: 'bayside-mg', form: 'test-drive', ...contact, opt_in: 'true' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('https://www.baysidemg.example/success/');
    expect(h.store.leads.list('bayside-mg')[0]!.fields).toMatchObject({ form: 'test-drive', opt_in: true });

    const bad = await form({ site: 'bayside-mg', form: 'test-drive', ...contact, phone: '12', message: 'Saturday <b>please</b>' });
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.body).toContain('<div role="alert"><p><strong>Please fix the following errors:</strong></p><ul><li><a href="#f-phone">');
    expect(bad.body).toContain('value="Jane"');
    expect(bad.body).toContain('Saturday &lt;b&gt;please&lt;/b&gt;');
    expect(bad.body).toContain('aria-invalid="true"');
    expect(h.store.leads.list('bayside-mg')).toHaveLength(1);
  });

  it('takes the vehicle a form page was opened about from its address when the form posts without JavaScript', async () => {
    const form = (fields: Record<string, string>, referer: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.baysidemg.example', referer },
        payload: new URLSearchParams(fields).toString(),
      });
    const ok = await form({ site: 'bayside-mg', form: 'test-drive', ...contact }, 'https://www.baysidemg.example/book-test-drive/?car_id=100001');
    expect(ok.statusCode).toBe(303);
    const [lead] = h.store.leads.list('bayside-mg');
    expect(lead!.fields).toMatchObject({ form: 'test-drive', car_id: 100001 });
    expect(lead!.context.vehicle).toMatchObject({ id: 100001, stocknum: 'BMG1' });
    expect(lead!.context.page).toBe('/book-test-drive/?car_id=100001');

    // The finance page: an empty budget is filled from the link, a typed one is kept.
    const finance = '/finance-enquiry/?car_id=100001&car_type=new&vehiclePriceBudget=27990&vin=LSJW74U97RZ000001';
    await form({ site: 'bayside-mg', form: 'finance-enquiry', ...contact, email: 'budget@example.com', vehiclePriceBudget: '', preferredDealership: bayside.dealerships[0]!.slug }, `https://www.baysidemg.example${finance}`);
    await form({ site: 'bayside-mg', form: 'finance-enquiry', ...contact, email: 'typed@example.com', vehiclePriceBudget: '$20,000', preferredDealership: bayside.dealerships[0]!.slug }, `https://www.baysidemg.example${finance}`);
    const byEmail = new Map(h.store.leads.list('bayside-mg').map((l) => [l.fields.email, l.fields]));
    expect(byEmail.get('budget@example.com')).toMatchObject({ car_id: 100001, car_type: 'new', vin: 'LSJW74U97RZ000001', vehiclePriceBudget: 27990 });
    expect(byEmail.get('typed@example.com')).toMatchObject({ car_id: 100001, vehiclePriceBudget: 20000 });

    // Another site's page names no vehicle here, and a failed post keeps the vehicle for the retry.
    await form({ site: 'bayside-mg', form: 'test-drive', ...contact, email: 'elsewhere@example.com' }, 'https://evil.example/book-test-drive/?car_id=100001');
    expect(h.store.leads.list('bayside-mg').find((l) => l.fields.email === 'elsewhere@example.com')!.fields.car_id).toBeUndefined();
    const bad = await form({ site: 'bayside-mg', form: 'test-drive', ...contact, phone: '12' }, 'https://www.baysidemg.example/book-test-drive/?car_id=100001');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('<input type="hidden" name="car_id" value="100001">');
  });

  it('keeps a honeypot lead out of delivery but answers as usual', async () => {
    const response = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'Buy now', website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    const lead = h.store.leads.get((response.json() as { lead_id: number }).lead_id)!;
    expect(lead.spam).toBe(true);
    expect(h.stored).toEqual([]);
  });

  it('allows the configured site origins only, and says so in CORS headers', async () => {
    const preflight = await h.app.inject({ method: 'OPTIONS', url: '/api/leads', headers: { origin: 'https://www.baysidemg.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' } });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://www.baysidemg.example');
    const foreign = await h.app.inject({ method: 'OPTIONS', url: '/api/leads', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'Hi' }, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    const wrongSite = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'Hi' }, { origin: 'https://www.northsideused.example' });
    expect(wrongSite.statusCode).toBe(403);
  });

  it('answers bad requests with JSON reasons, never a stack', async () => {
    expect((await post({ site: 'nowhere', form: 'enquiry' })).json()).toEqual({ error: 'No site "nowhere" takes leads here.' });
    expect((await post({ site: 'bayside-mg', form: 'careers' })).json()).toMatchObject({ error: expect.stringContaining('Unknown form "careers"') });
    const big = await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: 'x'.repeat(40_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request is too large (at most 32 KB).' });
    const broken = await h.app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, payload: '{"site":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .*\.ts:\d+/);
    const xml = await h.app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'text/xml' }, payload: '<lead/>' });
    expect(xml.statusCode).toBe(415);
  });

  it('limits one client without touching the admin routes', async () => {
    const body = (i: number) => ({ site: 'bayside-mg', form: 'enquiry', ...contact, message: `Lead ${i}` });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post(body(i))).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429]);
    // Admin routes keep their own authentication and limits.
    expect((await h.app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(401);
  });
});

describe('leads on the admin side', () => {
  const admin = { authorization: 'Bearer test-admin-token-0123456789' };

  it('lists, exports and retries leads behind the admin token', async () => {
    await post({ site: 'bayside-mg', form: 'enquiry', ...contact, message: '=HYPERLINK("http://x")', car_id: 100001 });
    await post({ site: 'bayside-mg', form: 'test-drive', ...contact, name: 'Sam, "Jr"' });
    expect((await h.app.inject({ method: 'GET', url: '/api/sites/bayside-mg/leads' })).statusCode).toBe(401);
    const list = (await h.app.inject({ method: 'GET', url: '/api/sites/bayside-mg/leads', headers: admin })).json() as { leads: Array<{ id: number; form: string }>; counts: Record<string, number> };
    expect(list.leads.map((l) => l.form)).toEqual(['test-drive', 'enquiry']);
    expect((list.counts.stored ?? 0) + (list.counts.pending ?? 0)).toBe(2);

    const csv = await h.app.inject({ method: 'GET', url: '/admin/sites/bayside-mg/leads.csv', headers: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('lead_id,received_at,form,state,First Name,Last Name,Email,Mobile,Postcode,Comments,Enquiry Type,subcategory,vehicle,stock,vin,page,other_fields,deliveries');
    expect(lines[1]).toContain(`'=HYPERLINK(""http://x"")`);
    expect(lines[1]).toContain('2024 MG ZS Excite (stock BMG1),BMG1,LSJW74U97RZ000001');
    expect(lines[2]).toContain('"Sam, ""Jr"""');

    const page = await h.app.inject({ method: 'GET', url: '/admin/sites/bayside-mg/leads', headers: admin });
    expect(page.body).toContain('2 leads');
    // Nothing is flagged, so a retry changes nothing.
    expect((await h.app.inject({ method: 'POST', url: `/api/sites/bayside-mg/leads/${list.leads[0]!.id}/retry`, headers: admin })).json()).toEqual({ lead_id: list.leads[0]!.id, retried: 0 });
    expect((await h.app.inject({ method: 'POST', url: `/api/sites/northside-used/leads/${list.leads[0]!.id}/retry`, headers: admin })).statusCode).toBe(404);
  });
});
