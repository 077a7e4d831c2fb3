import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullSite } from '../../src/data/pull.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { createPublicApi } from '../../src/ops/leads-api.ts';
import { SHOPPER_MESSAGES, shopperServices } from '../../src/ops/shopper-api.ts';
import { SiteCatalogue } from '../../src/ops/site-catalogue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { VehicleLookup } from '../../src/ops/vehicle-lookup.ts';
import { calculateRepayment, FINANCE_FREQUENCIES } from '../../src/rules/finance-calculator.ts';
import { EMPTY_POSTCODE_MESSAGE, NO_ESTIMATE_MESSAGE } from '../../src/rules/delivery.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { feedVehicle, TEST_SITE, testSiteRoot } from '../support/test-site.ts';

/**
 * The shopper routes of the runtime API, through the public API as the preview and ops servers serve it,
 * over a test dealer (a copy of northside-used: trade-in gated, delivery calculator on) with instant
 * quotes, stored valuations and a registration lookup switched on, a second dealer with no stock, and
 * a loopback stand-in for the registration provider.
 */
const OTHER = 'other-motors';
const ORIGIN = 'https://www.northsideused.example';
let root: string;
let site: SiteConfig;
let store: OpsStore;
let app: FastifyInstance;
let codes: string[];
let listed: NormalisedVehicle;
let sold: NormalisedVehicle;
let rego: Server;
let regoCalls: Array<{ url: string; auth: string | undefined }>;
let clock = new Date();

beforeAll(async () => {
  root = await testSiteRoot('shopper-api', 6);
  const yaml = path.join(root, 'sites', `${TEST_SITE}.yaml`);
  const config = await readFile(yaml, 'utf8');
  await writeFile(
    yaml,
    config
      .replace('features:\n', 'features:\n  financeQuote: true\n')
      .replace('forms:\n', 'forms:\n  storeValuations: true\n')
      .replace('integrations:\n', 'integrations:\n  regoLookup: { urlEnv: TEST_REGO_URL, tokenEnv: TEST_REGO_TOKEN }\n'),
  );
  await writeFile(path.join(root, 'sites', `${OTHER}.yaml`), config.replace('name: Test Motors', 'name: Other Motors').replace('url: https://www.northsideused.example', 'url: https://www.othermotors.example'));
  const feedFile = path.join(root, 'data', 'feed', TEST_SITE, 'vehicles.json');
  const feed = JSON.parse(await readFile(feedFile, 'utf8')) as Array<Record<string, unknown>>;
  feed.push(
    feedVehicle(990001, {
      make: 'Mazda',
      model: 'CX-5',
      price: 31_990,
      vin: 'JM0KF4WLA00000001',
      views: 40,
      photos_count: 12,
      finance_lenders: { quickfin: { interestRate: 7.25, comparisonRate: 7.91, paymentWeek: 120 } },
    }),
    feedVehicle(990002, { make: 'Kia', model: 'Rio', status: 'sold', sold_date_timestamp: Date.parse('2026-11-19T00:00:00Z') / 1000 }),
  );
  await writeFile(feedFile, JSON.stringify(feed));
  const sites = loadAllSiteConfigs('sites', root);
  site = findSite(sites, TEST_SITE);
  await pullSite(site, { root, now: new Date('2026-11-20T00:00:00Z') });
  const snapshot = (await readSnapshot(TEST_SITE, root))!;
  listed = snapshot.vehicles.find((v) => Number(v.id) === 990001)!;
  sold = snapshot.vehicles.find((v) => Number(v.id) === 990002)!;

  regoCalls = [];
  rego = createServer((request, response) => {
    regoCalls.push({ url: request.url!, auth: request.headers.authorization });
    const plate = new URL(request.url!, 'http://x').searchParams.get('rego');
    if (plate === 'ABC123') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ year: 2019, make: 'Toyota', model: 'RAV4', badge: 'GX', vin: 'JTMBFREV00D000001' }));
    if (plate === 'BROKEN') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"year":');
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => rego.listen(0, '127.0.0.1', resolve));

  store = new OpsStore(path.join(root, 'ops.sqlite'));
  codes = [];
  const catalogue = new SiteCatalogue(root);
  const now = () => clock;
  app = await createPublicApi({
    leads: store.leads,
    vehicles: new VehicleLookup(root),
    sites,
    now,
    log: () => {},
    leadRateLimit: 1000,
    shoppers: shopperServices(
      { sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions', smsWebhook: null, shopperRateLimit: 1000 },
      {
        shoppers: store.shoppers,
        catalogue,
        sites,
        now,
        log: (line) => codes.push(line),
        env: { TEST_REGO_URL: `http://127.0.0.1:${(rego.address() as AddressInfo).port}/lookup`, TEST_REGO_TOKEN: 'rego-token' },
      },
    ),
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  store?.close();
  await new Promise((resolve) => rego?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------- a shopper's browser

/** One browser: its cookie jar (the session cookie) and the CSRF token the API gave it. */
class Browser {
  cookie = '';
  csrf = '';
  origin: string | undefined = ORIGIN;

  async call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...(this.origin ? { origin: this.origin } : {}),
        ...extra,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const set = response.headers['set-cookie'];
    const line = Array.isArray(set) ? set[0] : set;
    if (line) {
      const value = line.split(';')[0]!;
      this.cookie = /Max-Age=0/.test(line) ? '' : value;
    }
    return response;
  }

  /** Signs in with the code the log sender wrote. */
  async signIn(phone: string, slug = TEST_SITE): Promise<{ id: number; phone: string }> {
    expect((await this.call('POST', `/api/sign-in/code?site=${slug}`, { phone })).statusCode).toBe(202);
    const verified = await this.call('POST', `/api/sign-in/verify?site=${slug}`, { phone, code: lastCode() });
    expect(verified.statusCode).toBe(200);
    const { user, csrfToken } = verified.json() as { user: { id: number; phone: string }; csrfToken: string };
    this.csrf = csrfToken;
    return user;
  }
}

const lastCode = () => /: (\d{6})$/.exec(codes.filter((l) => l.startsWith('sign-in code')).at(-1)!)![1]!;
const wrongCode = () => String((Number(lastCode()) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in and the session', () => {
  it('signs a shopper in with the code from the log: an HttpOnly, SameSite cookie on /api, and the session in /api/me', async () => {
    const browser = new Browser();
    expect((await browser.call('GET', `/api/me?site=${TEST_SITE}`)).json()).toEqual({ user: null });
    expect((await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '+61 412 000 001' })).statusCode).toBe(202);
    expect(codes.at(-1)).toMatch(new RegExp(`^sign-in code for 0412000001 on ${TEST_SITE}: \\d{6}$`));
    const verified = await app.inject({ method: 'POST', url: `/api/sign-in/verify?site=${TEST_SITE}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ phone: '0412 000 001', code: lastCode() }) });
    expect(verified.statusCode).toBe(200);
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(/^dealer_session=[^;]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const body = verified.json() as { user: { id: number; phone: string }; csrfToken: string };
    expect(body.user.phone).toBe('0412000001');
    browser.cookie = cookie.split(';')[0]!;
    const me = (await browser.call('GET', `/api/me?site=${TEST_SITE}`)).json();
    expect(me).toEqual({ user: body.user, csrfToken: body.csrfToken });
    expect(verified.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the request arrived over HTTPS', async () => {
    await new Browser().call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000012' });
    const verified = await app.inject({
      method: 'POST',
      url: `/api/sign-in/verify?site=${TEST_SITE}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify({ phone: '0412000012', code: lastCode() }),
    });
    // Without a trusted proxy the protocol is the socket's: plain HTTP here, so no Secure flag is claimed.
    expect(String(verified.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('refuses a number that is not a mobile, a wrong code, a used code and an expired one, with messages a shopper can act on', async () => {
    const browser = new Browser();
    const notMobile = await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '07 3000 1234' });
    expect(notMobile.statusCode).toBe(400);
    expect(notMobile.json()).toEqual({ error: SHOPPER_MESSAGES.notMobile });

    await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000002' });
    const wrong = await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000002', code: wrongCode() });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: SHOPPER_MESSAGES.wrongCode }]);
    expect(browser.cookie).toBe('');

    const code = lastCode();
    expect((await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000002', code })).statusCode).toBe(200);
    const reused = await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000002', code });
    expect([reused.statusCode, reused.json()]).toEqual([410, { error: SHOPPER_MESSAGES.expiredCode }]);

    await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000003' });
    const late = lastCode();
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      const expired = await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000003', code: late });
      expect([expired.statusCode, expired.json()]).toEqual([410, { error: SHOPPER_MESSAGES.expiredCode }]);
    } finally {
      clock = new Date();
    }
  });

  it('locks a code after five tries and limits the codes sent to one phone to five an hour', async () => {
    const browser = new Browser();
    await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000004' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000004', code: wrongCode() })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await browser.call('POST', `/api/sign-in/verify?site=${TEST_SITE}`, { phone: '0412000004', code: lastCode() });
    expect([right.statusCode, right.json()]).toEqual([429, { error: SHOPPER_MESSAGES.lockedCode }]);

    for (let i = 0; i < 4; i++) expect((await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000004' })).statusCode).toBe(202);
    const sixth = await browser.call('POST', `/api/sign-in/code?site=${TEST_SITE}`, { phone: '0412000004' });
    expect([sixth.statusCode, sixth.json()]).toEqual([429, { error: SHOPPER_MESSAGES.tooManyCodes }]);
    expect(sixth.headers['retry-after']).toBe('3600');
  });

  it('keeps a session to its own site: a cookie from one dealer is nobody on another', async () => {
    const browser = new Browser();
    await browser.signIn('0412000005');
    expect((await browser.call('GET', `/api/me?site=${OTHER}`)).json()).toEqual({ user: null });
    expect((await browser.call('GET', `/api/watchlist?site=${OTHER}`)).statusCode).toBe(401);
  });

  it('refuses a forged or tampered cookie', async () => {
    const browser = new Browser();
    await browser.signIn('0412000006');
    const [name, value] = browser.cookie.split('=') as [string, string];
    browser.cookie = `${name}=${value.slice(0, -2)}xx`;
    expect((await browser.call('GET', `/api/me?site=${TEST_SITE}`)).json()).toEqual({ user: null });
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const browser = new Browser();
    await browser.signIn('0412000007');
    const stolen = browser.cookie;
    const out = await browser.call('POST', `/api/sign-out?site=${TEST_SITE}`);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^dealer_session=; .*Max-Age=0$/);
    browser.cookie = stolen;
    expect((await browser.call('GET', `/api/me?site=${TEST_SITE}`)).json()).toEqual({ user: null });
  });
});

describe('the watchlist', () => {
  it('saves and removes a car for the signed-in shopper, listing it with its current state from the snapshot', async () => {
    const browser = new Browser();
    await browser.signIn('0412000010');
    const saved = await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412 000 010', car_id: Number(listed.id) });
    expect([saved.statusCode, saved.json()]).toEqual([200, { success: true }]);
    expect((await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000010', car_id: Number(sold.id) })).statusCode).toBe(200);

    const list = (await browser.call('GET', `/api/watchlist?site=${TEST_SITE}`)).json() as { cars: Array<Record<string, unknown>> };
    expect(list.cars.map((c) => [c.id, c.sold, c.href])).toEqual([
      [Number(sold.id), true, `/cars/${sold.slug}/`],
      [Number(listed.id), false, `/cars/${listed.slug}/`],
    ]);
    expect(list.cars[1]).toMatchObject({ name: listed.display_name, priceText: '$31,990', gone: false });
    expect((list.cars[1]!.card as { title: string }).title).toBe(listed.display_name);

    const removed = await browser.call('POST', `/api/watchlist/remove-car?site=${TEST_SITE}`, { phone_number: '0412000010', car_id: Number(listed.id) });
    expect([removed.statusCode, removed.json()]).toEqual([200, { success: true }]);
    const after = (await browser.call('GET', `/api/watchlist?site=${TEST_SITE}`)).json() as { cars: Array<{ id: number }> };
    expect(after.cars.map((c) => c.id)).toEqual([Number(sold.id)]);
  });

  it('refuses a visitor without a session, a write without the CSRF token or from another origin, and a car the site does not have', async () => {
    const visitor = new Browser();
    const anonymous = await visitor.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000011', car_id: Number(listed.id) });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: SHOPPER_MESSAGES.signInFirst }]);

    const browser = new Browser();
    await browser.signIn('0412000011');
    const token = browser.csrf;
    browser.csrf = '';
    const noToken = await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000011', car_id: Number(listed.id) });
    expect([noToken.statusCode, noToken.json()]).toEqual([403, { error: SHOPPER_MESSAGES.unverified }]);
    browser.csrf = token;
    browser.origin = 'https://evil.example';
    expect((await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000011', car_id: Number(listed.id) })).statusCode).toBe(403);
    browser.origin = ORIGIN;
    const unknown = await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000011', car_id: 123 });
    expect(unknown.statusCode).toBe(404);
    const badBody = await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000011', car_id: 'abc' });
    expect([badBody.statusCode, badBody.json()]).toEqual([400, { error: 'Say which car (car_id).' }]);
    expect(store.shoppers.watchlist((await browser.call('GET', `/api/me?site=${TEST_SITE}`)).json().user.id)).toEqual([]);
  });

  it("never reads or changes another shopper's watchlist", async () => {
    const alice = new Browser();
    const bob = new Browser();
    await alice.signIn('0412000020');
    await bob.signIn('0412000021');
    expect((await alice.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000020', car_id: Number(listed.id) })).statusCode).toBe(200);

    // Bob names Alice's phone: refused, whether saving or removing.
    for (const action of ['save', 'remove']) {
      const refused = await bob.call('POST', `/api/watchlist/${action}-car?site=${TEST_SITE}`, { phone_number: '0412000020', car_id: Number(listed.id) });
      expect([refused.statusCode, refused.json()]).toEqual([403, { success: false, error: SHOPPER_MESSAGES.notYourPhone }]);
    }
    // Bob's token does not work with Alice's cookie, nor the reverse.
    const crossed = new Browser();
    crossed.cookie = alice.cookie;
    crossed.csrf = bob.csrf;
    expect((await crossed.call('POST', `/api/watchlist/remove-car?site=${TEST_SITE}`, { phone_number: '0412000020', car_id: Number(listed.id) })).statusCode).toBe(403);

    expect(((await bob.call('GET', `/api/watchlist?site=${TEST_SITE}`)).json() as { cars: unknown[] }).cars).toEqual([]);
    expect(((await alice.call('GET', `/api/watchlist?site=${TEST_SITE}`)).json() as { cars: Array<{ id: number }> }).cars.map((c) => c.id)).toEqual([Number(listed.id)]);
    const bobsData = (await bob.call('GET', `/api/me/data?site=${TEST_SITE}`)).json() as { phone: string; watchlist: unknown[] };
    expect([bobsData.phone, bobsData.watchlist]).toEqual(['0412000021', []]);
  });
});

describe("the shopper's own data", () => {
  it('exports everything kept in one call, and deletes it all in one call', async () => {
    const browser = new Browser();
    const user = await browser.signIn('0412000030');
    await browser.call('POST', `/api/watchlist/save-car?site=${TEST_SITE}`, { phone_number: '0412000030', car_id: Number(listed.id) });
    await browser.call('POST', `/api/miscellaneous?site=${TEST_SITE}`, { column_name: 'valuation', low: 18_000, high: 21_000 });
    const data = await browser.call('GET', `/api/me/data?site=${TEST_SITE}`);
    expect(data.headers['content-disposition']).toBe(`attachment; filename="${TEST_SITE}-my-data.json"`);
    expect(data.json()).toMatchObject({
      phone: '0412000030',
      site: TEST_SITE,
      watchlist: [{ carId: Number(listed.id) }],
      valuations: [{ valuation: { column_name: 'valuation', low: 18_000, high: 21_000 } }],
    });

    const deleted = await browser.call('DELETE', `/api/me?site=${TEST_SITE}`);
    expect(deleted.statusCode).toBe(204);
    expect(store.shoppers.exportShopper(user.id)).toBeNull();
    expect(store.shoppers.watchlist(user.id)).toEqual([]);
    expect(store.shoppers.valuations(user.id)).toEqual([]);
    expect(browser.cookie).toBe('');
    // Signing in again starts from nothing.
    const again = new Browser();
    const fresh = await again.signIn('0412000030');
    expect(fresh.id).not.toBe(user.id);
    expect(((await again.call('GET', `/api/watchlist?site=${TEST_SITE}`)).json() as { cars: unknown[] }).cars).toEqual([]);
  });

  it('refuses the export to a visitor and the deletion without the CSRF token', async () => {
    expect((await new Browser().call('GET', `/api/me/data?site=${TEST_SITE}`)).statusCode).toBe(401);
    const browser = new Browser();
    const user = await browser.signIn('0412000031');
    browser.csrf = '';
    expect((await browser.call('DELETE', `/api/me?site=${TEST_SITE}`)).statusCode).toBe(403);
    expect(store.shoppers.exportShopper(user.id)).not.toBeNull();
  });
});

describe('views and phone reveals', () => {
  it("counts a view from the build's count, once per browser in a while, and answers the car's fields", async () => {
    const url = `/api/cars/${listed.slug}/view.json?website_id=${TEST_SITE}&photos_count=12&updated_at=2026-11-01T00:00:00Z`;
    const first = await app.inject({ method: 'GET', url, headers: { 'user-agent': 'shopper-a' } });
    expect(first.json()).toEqual({ views: 41, car_fields: { photos_count: 12, updated_at: listed.updated_at } });
    expect((await app.inject({ method: 'GET', url, headers: { 'user-agent': 'shopper-a' } })).json()).toMatchObject({ views: 41 });
    expect((await app.inject({ method: 'GET', url, headers: { 'user-agent': 'shopper-b' } })).json()).toMatchObject({ views: 42 });
    expect(store.shoppers.views(TEST_SITE, Number(listed.id))).toBe(42);
    const unknown = await app.inject({ method: 'GET', url: `/api/cars/no-such-car/view.json?website_id=${TEST_SITE}` });
    expect([unknown.statusCode, unknown.body]).toEqual([404, 'null']);
  });

  it('stores a phone reveal with its car, dealership and site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone-reveal',
      headers: { 'content-type': 'application/json', referer: `${ORIGIN}/cars/${listed.slug}/` },
      payload: JSON.stringify({ car_id: Number(listed.id), dealership_id: 7, website_id: TEST_SITE }),
    });
    expect(response.statusCode).toBe(204);
    expect(store.shoppers.phoneReveals(TEST_SITE)[0]).toMatchObject({ carId: Number(listed.id), dealershipId: 7, websiteId: TEST_SITE, page: `/cars/${listed.slug}/` });
    expect((await app.inject({ method: 'POST', url: '/api/phone-reveal', headers: { 'content-type': 'application/json' }, payload: '{"car_id":1}' })).statusCode).toBe(400);
  });
});

describe('quotes', () => {
  it("answers delivery from the site's table, with the spec's messages for an empty and an unknown postcode", async () => {
    const known = await app.inject({ method: 'GET', url: `/api/delivery?site=${TEST_SITE}&postcode=4000` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ price: expect.any(Number), region: expect.any(String) });
    const empty = await app.inject({ method: 'GET', url: `/api/delivery?site=${TEST_SITE}&postcode=%20` });
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: EMPTY_POSTCODE_MESSAGE }]);
    const unknown = await app.inject({ method: 'GET', url: `/api/delivery?site=${TEST_SITE}&postcode=0800` });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: NO_ESTIMATE_MESSAGE }]);
  });

  it("quotes finance from the site's settings, at the lender's rate for a car known by its VIN, and only where the feature is on", async () => {
    const body = { selfAssessedCreditScore: 'GREAT', purchasePrice: 31_990, loanTerm: 5, year: 2024, vin: listed.vin, nvic: null, whoIsHelping: 'Test Motors' };
    const quote = await app.inject({ method: 'POST', url: `/api/youx/quote?site=${TEST_SITE}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(quote.statusCode).toBe(200);
    // The whole price, no deposit, balloon or fee: the quote's own basis, which the page states beside it.
    const weekly = (rate: number) => calculateRepayment({ amount: 31_990, term: 5, interest: rate, frequency: FINANCE_FREQUENCIES.find((f) => f.value === 52)!, deposit: 0 }).payment;
    expect(quote.json()).toEqual({ weeklyRepaymentAmount: weekly(7.25), comparisonRate: 7.91, advertisedRate: 7.25 });
    expect(weekly(7.25)).toBeGreaterThan(100);
    // A car the site does not know by that VIN: the site's rate, and no comparison rate to quote.
    const unknown = await app.inject({ method: 'POST', url: `/api/youx/quote?site=${TEST_SITE}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...body, vin: 'NOSUCHVIN' }) });
    expect(unknown.json()).toEqual({ weeklyRepaymentAmount: weekly(site.finance.interestRate), comparisonRate: null, advertisedRate: site.finance.interestRate });

    const free = await app.inject({ method: 'POST', url: `/api/youx/quote?site=${TEST_SITE}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...body, purchasePrice: 0 }) });
    expect(free.statusCode).toBe(400);
    const off = await app.inject({ method: 'POST', url: `/api/youx/quote?site=${OTHER}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(off.statusCode).toBe(404);
  });

  it("offers test-drive times within the location's hours, in the site's zone, from an hour ahead", async () => {
    const location = (await readSnapshot(TEST_SITE, root))!.locations.find((l) => l.slug && l.contact_detail?.opening_hours?.length)!;
    const answer = (await app.inject({ method: 'GET', url: `/api/test-drive/availability?site=${TEST_SITE}&location=${location.slug}&days=7` })).json() as {
      timeZone: string;
      days: Array<{ date: string; slots: Array<{ time: string; at: string }> }>;
    };
    expect(answer.timeZone).toBe('Australia/Brisbane');
    expect(answer.days.length).toBeGreaterThan(0);
    expect(answer.days.length).toBeLessThanOrEqual(7);
    for (const day of answer.days) {
      for (const slot of day.slots) {
        expect(slot.time).toMatch(/^([01]\d|2[0-3]):(00|30)$/);
        expect(slot.at).toBe(`${day.date}T${slot.time}:00+10:00`);
        expect(Date.parse(slot.at)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
      }
    }
    expect((await app.inject({ method: 'GET', url: `/api/test-drive/availability?site=${TEST_SITE}&location=nowhere` })).statusCode).toBe(404);
  });
});

describe('trade-in support', () => {
  it('looks a registration up with the configured provider, passing its token, and says so when it cannot', async () => {
    const post = (slug: string, body: unknown) => app.inject({ method: 'POST', url: `/api/rego-lookup?site=${slug}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const found = await post(TEST_SITE, { rego: 'abc 123', regoState: 'QLD' });
    expect(found.json()).toEqual({ vehicle: { year: 2019, make: 'Toyota', model: 'RAV4', badge: 'GX', vin: 'JTMBFREV00D000001' } });
    expect(regoCalls.at(-1)).toEqual({ url: '/lookup?rego=ABC123&state=QLD', auth: 'Bearer rego-token' });
    const missing = await post(TEST_SITE, { rego: 'ZZZ999', regoState: 'QLD' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: SHOPPER_MESSAGES.regoNotFound }]);
    const broken = await post(TEST_SITE, { rego: 'BROKEN', regoState: 'QLD' });
    expect([broken.statusCode, broken.json()]).toEqual([502, { error: SHOPPER_MESSAGES.regoFailed }]);
    const badState = await post(TEST_SITE, { rego: 'ABC123', regoState: 'XX' });
    expect(badState.statusCode).toBe(400);
    const none = await post(OTHER, { rego: 'ABC123', regoState: 'QLD' });
    expect([none.statusCode, none.json()]).toEqual([501, { error: SHOPPER_MESSAGES.noRegoLookup }]);
  });

  it('stores a valuation only where the site keeps them', async () => {
    const post = (slug: string, body: unknown) => app.inject({ method: 'POST', url: `/api/miscellaneous?site=${slug}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await post(TEST_SITE, { column_name: 'valuation', low: 1 })).statusCode).toBe(204);
    expect((await post(TEST_SITE, { column_name: 'other' })).statusCode).toBe(400);
    expect((await post(OTHER, { column_name: 'valuation' })).statusCode).toBe(404);
  });
});

describe('gated leads', () => {
  const tradeIn = { site: TEST_SITE, form: 'trade-in', name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678', postcode: '4000', terms_conditions: true };

  it('refuses a trade-in lead without a session where trade-ins are gated, naming the sign-in page, and takes it once signed in', async () => {
    const visitor = new Browser();
    const refused = await visitor.call('POST', '/api/leads', tradeIn, { referer: `${ORIGIN}/cars/${listed.slug}/trade-in/` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Please sign in to send this form.', signIn: `/sign-in?type=trade-in&redirect=${encodeURIComponent(`/cars/${listed.slug}/trade-in/`)}&back=${encodeURIComponent(`/cars/${listed.slug}/trade-in/`)}` });
    expect(store.leads.list(TEST_SITE).filter((l) => l.form === 'trade-in')).toHaveLength(0);

    const browser = new Browser();
    await browser.signIn('0412000040');
    expect((await browser.call('POST', '/api/leads', tradeIn)).statusCode).toBe(201);
    // An enquiry is never gated.
    expect((await visitor.call('POST', '/api/leads', { ...tradeIn, form: 'enquiry', message: 'Hi' })).statusCode).toBe(201);
  });

  it('sends a plain form post without a session to sign-in', async () => {
    const form = new URLSearchParams(Object.entries(tradeIn).map(([k, v]) => [k, String(v)])).toString();
    const response = await app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${ORIGIN}/sell-your-car/` }, payload: form });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sign-in?type=trade-in&redirect=${encodeURIComponent('/sell-your-car/')}&back=${encodeURIComponent('/sell-your-car/')}`);
    // Posted from the site's own origin to an API elsewhere: back to that site's sign-in page.
    const fromSite = await app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, referer: `${ORIGIN}/sell-your-car/` }, payload: form });
    expect(fromSite.headers.location).toBe(`${ORIGIN}/sign-in?type=trade-in&redirect=${encodeURIComponent('/sell-your-car/')}&back=${encodeURIComponent('/sell-your-car/')}`);
  });
});

describe('CORS', () => {
  it("lets the site's own pages call with credentials and the CSRF header, and no one else", async () => {
    const preflight = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: `/api/watchlist/save-car?site=${TEST_SITE}`, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrf-token' } });
    const allowed = await preflight(ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/X-CSRF-Token/);
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
