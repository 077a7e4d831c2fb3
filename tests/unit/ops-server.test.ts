import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOpsConfig, loadPublicApiConfig, OpsConfigError } from '../../src/ops/config.ts';
import { sign } from '../../src/ops/signature.ts';
import { attr, findAll, parseHtml, text } from '../support/html.ts';
import { event, harness, journalCount, nowSeconds, sites, TOKEN, webhook, type Harness } from '../support/ops-harness.ts';


/** Reads Server-Sent Events from a streaming response until `until` says stop (or the time runs out). */
async function readEvents(response: Response, until: (events: Array<{ event: string; data: unknown }>) => boolean, timeoutMs = 10_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (!until(events) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (name && data) events.push({ event: name, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

describe('configuration from the environment', () => {
  it('applies the defaults and needs only the admin token', () => {
    const config = loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN });
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 8787,
      dataDir: 'data/ops',
      adminToken: TOKEN,
      coalesceMs: 0,
      contentCommit: 'none',
      sessionSecret: null,
      shopperRateLimit: 60,
      signatureToleranceSeconds: 300,
      smsWebhook: null,
      webhookRateLimit: 6000,
      webhookFailureLimit: 60,
      authFailureLimit: 20,
      previewRateLimit: 1200,
      leadRateLimit: 10,
      requestTimeoutMs: 10_000,
      idleTimeoutMs: 5000,
      maxConnections: 1000,
      metricsToken: null,
      trustProxy: false,
      leadRetryBaseMs: 2000,
      leadMaxAttempts: 12,
      mode: 'local',
      preloadSites: true,
      github: null,
    });
    expect(loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN, OPS_PRELOAD_SITES: 'false' }).preloadSites).toBe(false);
    expect(() => loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN, OPS_PRELOAD_SITES: 'yes' })).toThrow(/OPS_PRELOAD_SITES \(got "yes"\): expected "true" or "false"/);
    expect(loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN, OPS_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    // The preview server's API reads the same variables, without needing the admin token.
    expect(loadPublicApiConfig({ OPS_LEAD_RATE_LIMIT: '100000' })).toEqual({ dataDir: 'data/ops', leadRateLimit: 100000, trustProxy: false, sessionSecret: null, shopperRateLimit: 60, smsWebhook: null });
    expect(() => loadPublicApiConfig({ OPS_SESSION_SECRET: 'short' })).toThrow(/OPS_SESSION_SECRET: is too short/);
    expect(loadPublicApiConfig({ OPS_SMS_WEBHOOK_URL: 'https://sms.example/send', OPS_SMS_WEBHOOK_TOKEN: 't0ken' }).smsWebhook).toEqual({ url: 'https://sms.example/send', token: 't0ken' });
    expect(() => loadPublicApiConfig({ OPS_LEAD_RATE_LIMIT: 'lots' })).toThrow(/OPS_LEAD_RATE_LIMIT: expected leads per minute/);
  });

  it('names each variable that is wrong, without echoing secrets', () => {
    const attempt = () => loadOpsConfig({ OPS_PORT: 'eighty', OPS_MODE: 'dispatch', OPS_COALESCE_MS: '-5', GITHUB_TOKEN: '' });
    expect(attempt).toThrow(OpsConfigError);
    expect(() => attempt()).toThrowErrorMatchingInlineSnapshot(`
      [OpsConfigError: The ops server cannot start:
        - OPS_PORT (got "eighty"): expected a port number (a whole number from 0 to 65535).
        - OPS_ADMIN_TOKEN: is required: the admin page and the rebuild API need it. Set it to a long random value, e.g. OPS_ADMIN_TOKEN=$(openssl rand -hex 24).
        - OPS_COALESCE_MS (got "-5"): expected milliseconds (a whole number from 0 to 600000).
        - GITHUB_REPOSITORY: is required when OPS_MODE=dispatch.
        - GITHUB_TOKEN: is required when OPS_MODE=dispatch.]
    `);
    expect(() => loadOpsConfig({ OPS_ADMIN_TOKEN: 'short-secret' })).toThrow(/OPS_ADMIN_TOKEN: is too short/);
    expect(() => loadOpsConfig({ OPS_ADMIN_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('reads the GitHub settings in dispatch mode', () => {
    const config = loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN, OPS_MODE: 'dispatch', GITHUB_REPOSITORY: 'acme/dealer-sites', GITHUB_TOKEN: 'ghp_x', GITHUB_API_URL: 'https://ghe.example/api/v3/' });
    expect(config.github).toEqual({ repository: 'acme/dealer-sites', token: 'ghp_x', apiUrl: 'https://ghe.example/api/v3' });
  });
});

describe('webhooks', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('journals a valid signed event before answering 202, then asks the runner to apply it', async () => {
    const e = event();
    const response = await h.app.inject(webhook('bayside-mg', e));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'accepted', id: e.id });
    // In the journal as soon as the answer is out, before any build ran.
    expect(h.store.event('bayside-mg', e.id)).toMatchObject({ site: 'bayside-mg', type: 'vehicle.updated', status: 'pending', event: e });
    expect(h.calls).toEqual([]);
    await h.queue.whenIdle();
    expect(h.calls).toEqual([{ site: 'bayside-mg', plan: { events: true, content: false, full: false, triggers: ['webhook'] }, pending: 1 }]);
    expect(h.store.event('bayside-mg', e.id)?.status).toBe('applied');
  });

  it('answers a replayed event id with 200 duplicate and stores it once', async () => {
    const e = event();
    expect((await h.app.inject(webhook('bayside-mg', e))).statusCode).toBe(202);
    await h.queue.whenIdle();
    const again = await h.app.inject(webhook('bayside-mg', e));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', id: e.id });
    expect(journalCount(h.store, e.id)).toBe(1);
    await h.queue.whenIdle();
    expect(h.calls).toHaveLength(1);
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    const e = event();
    const response = await h.app.inject(webhook('bayside-mg', e, { secret: 'not-the-secret' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'signature does not match' });
    expect(h.store.event('bayside-mg', e.id)).toBeNull();

    const unsigned = await h.app.inject(webhook('bayside-mg', event(), { signature: null }));
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toBe('missing x-dealer-signature header');

    // A body changed after signing no longer matches.
    const signed = webhook('bayside-mg', e);
    const tampered = await h.app.inject({ ...signed, payload: signed.payload.replace('31990', '1') });
    expect(tampered.statusCode).toBe(401);
    expect(journalCount(h.store)).toBe(0);
    await h.queue.whenIdle();
    expect(h.calls).toEqual([]);
  });

  it('refuses timestamps outside the window, past or future, and stores nothing', async () => {
    const stale = event();
    const old = await h.app.inject(webhook('bayside-mg', stale, { t: nowSeconds() - 301 }));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'timestamp outside the 300 s window' });
    const early = event();
    const future = await h.app.inject(webhook('bayside-mg', early, { t: nowSeconds() + 301 }));
    expect(future.statusCode).toBe(401);
    expect(future.json().error).toMatch(/timestamp outside/);
    expect(journalCount(h.store)).toBe(0);
    // Inside the window either way is fine.
    expect((await h.app.inject(webhook('bayside-mg', event(), { t: nowSeconds() - 250 }))).statusCode).toBe(202);
  });

  it('answers 400 with the reason for a body that is not JSON or not an event', async () => {
    const malformed = await h.app.inject(webhook('bayside-mg', '{"id": "evt_1", "type": '));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^the body is not JSON: /);

    const unknownType = await h.app.inject(webhook('bayside-mg', { ...event(), type: 'vehicle.teleported' }));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error).toMatch(/^type: /);

    const noId = await h.app.inject(webhook('bayside-mg', { ...event(), data: {} }));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toMatch(/^data\.id: /);

    const extra = await h.app.inject(webhook('bayside-mg', { ...event(), surprise: true }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatch(/surprise/);
    expect(journalCount(h.store)).toBe(0);
  });

  it('answers 404 for an unknown site and 503 naming the variable when its secret is not set', async () => {
    const unknown = await h.app.inject(webhook('nowhere-motors', event(), { secret: 'x' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('unknown site');

    const unset = await h.app.inject(webhook('summit-motor-group', event(), { secret: 'x' }));
    expect(unset.statusCode).toBe(503);
    expect(unset.json().error).toContain('SUMMIT_MOTOR_GROUP_WEBHOOK_SECRET');
    expect(journalCount(h.store)).toBe(0);
  });

  it('refuses a body over 1 MB, or one not sent as JSON', async () => {
    const big = event({ data: { id: 100001, record: { id: 100001, notes: 'x'.repeat(1024 * 1024) } } });
    const response = await h.app.inject(webhook('bayside-mg', big));
    expect(response.statusCode).toBe(413);
    const plain = webhook('bayside-mg', event());
    const asText = await h.app.inject({ ...plain, headers: { ...plain.headers, 'content-type': 'text/plain' } });
    expect(asText.statusCode).toBe(415);
    // Parameters on the media type are fine.
    const withCharset = await h.app.inject({ ...plain, headers: { ...plain.headers, 'content-type': 'application/json; charset=utf-8' } });
    expect(withCharset.statusCode).toBe(202);
    expect(journalCount(h.store)).toBe(1);
  });
});

describe('rebuild API and site list', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a rebuild without the token or with a wrong one', async () => {
    const none = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    await h.queue.whenIdle();
    expect(h.calls).toEqual([]);
  });

  it('queues a content rebuild with the right token', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ queued: true, status: { state: 'waiting', next: { content: true, full: false, triggers: ['rebuild (api)'] } } });
    await h.queue.whenIdle();
    expect(h.calls.at(-1)).toMatchObject({ site: 'northside-used', plan: { content: true, full: false, events: false, triggers: ['rebuild (api)'] } });

    const full = await h.app.inject({ method: 'POST', url: '/api/sites/bayside-mg/rebuild', headers: { authorization: `Bearer ${TOKEN}` }, payload: { full: true } });
    expect(full.statusCode).toBe(202);
    await h.queue.whenIdle();
    expect(h.calls.at(-1)).toMatchObject({ site: 'bayside-mg', plan: { content: true, full: true } });

    const bad = await h.app.inject({ method: 'POST', url: '/api/sites/bayside-mg/rebuild', headers: { authorization: `Bearer ${TOKEN}` }, payload: { full: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^full: /);
    const unknown = await h.app.inject({ method: 'POST', url: '/api/sites/nowhere/rebuild', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the three demo sites with queue status, last build and journal counts', async () => {
    expect((await h.app.inject({ url: '/api/sites' })).statusCode).toBe(401);
    const response = await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { sites: Array<{ slug: string; name: string; queue: { state: string }; journal: Record<string, number> }> };
    expect(body.sites.map((s) => s.slug)).toEqual(['bayside-mg', 'northside-used', 'summit-motor-group']);
    expect(body.sites.map((s) => s.name)).toEqual(sites.map((s) => s.name));
    for (const site of body.sites) {
      expect(site.queue.state).toBe('idle');
      expect(site.journal).toEqual({ pending: 0, rendered: 0, applied: 0, failed: 0, superseded: 0 });
    }
  });

  it('lists a site\'s recorded builds with their reports', async () => {
    const id = h.store.startBuild('northside-used', 'content', 'rebuild (api)');
    h.store.finishBuild(id, { status: 'published', pages: 12, message: 'content: 12 pages', report: { pages: 12, timings: { render: 0.5 }, imageTransforms: { done: 0, reused: 3 } } });
    const response = await h.app.inject({ url: '/api/sites/northside-used/builds', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const [build] = response.json().builds;
    expect(build).toMatchObject({ id, status: 'published', pages: 12, report: { pages: 12 }, summary: { pages: 12, phases: [{ phase: 'render', seconds: 0.5 }], imageTransforms: { done: 0, reused: 3 } } });
    const sitesResponse = await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sitesResponse.json().sites[1].lastBuild).toMatchObject({ id, status: 'published', pages: 12, trigger: 'rebuild (api)' });

    // An incremental update's report counts rendered pages and times its phases in milliseconds.
    const next = h.store.startBuild('northside-used', 'incremental', 'webhook');
    h.store.finishBuild(next, { status: 'published', pages: 3, report: { rendered: 3, removed: 1, everything: null, timingsMs: { plan: 17, hostFiles: 11 }, imageTransforms: { done: 1, reused: 0 }, events: { applied: 2, failed: [] } } });
    const latest = (await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } })).json().sites[1].lastBuild;
    expect(latest.summary).toEqual({
      pages: 3,
      phases: [{ phase: 'plan', seconds: 0.017 }, { phase: 'host files', seconds: 0.011 }],
      imageTransforms: { done: 1, reused: 0 },
      failure: null,
      note: '1 removed, 2 events applied',
    });
    const failed = h.store.startBuild('northside-used', 'incremental', 'webhook');
    h.store.finishBuild(failed, { status: 'failed', message: 'render: the page /cars/x/ answered 500' });
    const failedView = (await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } })).json().sites[1].lastBuild;
    expect(failedView).toMatchObject({ status: 'failed', summary: { failure: 'render: the page /cars/x/ answered 500' } });
  });
});

describe('admin page: staff accounts', () => {
  let h: Harness;
  const OPERATOR = { username: 'sam', name: 'Sam Operator', role: 'operator' as const, sites: [], password: 'operator-password-1' };
  const MARKETING = { username: 'alex', name: 'Alex Chen', role: 'marketing' as const, sites: ['bayside-mg'], password: 'marketing-password-1' };
  beforeAll(async () => {
    h = await harness();
    await h.store.staff.add(OPERATOR, new Date());
    await h.store.staff.add(MARKETING, new Date());
  });
  afterAll(async () => {
    await h.close();
  });

  const signIn = async (who: { username: string; password: string } = OPERATOR) => {
    const response = await h.app.inject({ method: 'POST', url: '/admin/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=${encodeURIComponent(who.username)}&password=${encodeURIComponent(who.password)}` });
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    return { response, cookie };
  };

  it('refuses without a session: 401 with a sign-in form for a username and password', async () => {
    const response = await h.app.inject({ url: '/admin' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const { document, errors } = parseHtml(response.body);
    expect(errors).toEqual([]);
    const [form] = findAll(document, (el) => el.tagName === 'form');
    expect(attr(form!, 'action')).toBe('/admin/login');
    expect(attr(form!, 'method')).toBe('post');
    const inputs = findAll(form!, (el) => el.tagName === 'input');
    expect(inputs.map((i) => [attr(i, 'name'), attr(i, 'type'), attr(i, 'autocomplete')])).toEqual([
      ['username', 'text', 'username'],
      ['password', 'password', 'current-password'],
    ]);
    expect(findAll(document, (el) => el.tagName === 'table')).toEqual([]);
  });

  it('refuses a wrong password, an unknown user and the machine token as a password, with 401 and a message, and sets no cookie', async () => {
    for (const payload of ['username=sam&password=guess-guess-guess', 'username=nobody&password=operator-password-1', `username=sam&password=${encodeURIComponent(TOKEN)}`]) {
      const response = await h.app.inject({ method: 'POST', url: '/admin/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect(response.statusCode).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
      const { document } = parseHtml(response.body);
      expect(text(findAll(document, (el) => attr(el, 'role') === 'alert')[0]!)).toMatch(/do not match/);
    }
  });

  it('signs in an operator: an HttpOnly SameSite=Strict session cookie, every site with its leads and content, and the API', async () => {
    const { response, cookie } = await signIn();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^ops_staff=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain(OPERATOR.password);

    const page = await h.app.inject({ url: '/admin', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    const { document, errors } = parseHtml(page.body);
    expect(errors).toEqual([]);
    const rows = findAll(document, (el) => el.tagName === 'tr' && attr(el, 'data-site') !== undefined);
    expect(rows.map((r) => attr(r, 'data-site'))).toEqual(['bayside-mg', 'northside-used', 'summit-motor-group']);
    const headers = findAll(document, (el) => el.tagName === 'th' && attr(el, 'scope') === 'col').map((th) => text(th).trim());
    expect(headers).toEqual(['Site', 'Status', 'Last build', 'Result', 'Duration', 'Pages', 'Report', 'Leads', 'Content', 'Action']);
    const buttons = findAll(document, (el) => el.tagName === 'button' && text(el).startsWith('Rebuild'));
    expect(buttons.map((b) => text(b))).toEqual(sites.map((s) => `Rebuild ${s.name}`));
    expect(text(document)).toContain('Sam Operator (operator)');
    expect(findAll(document, (el) => attr(el, 'aria-live') === 'polite')).toHaveLength(1);
    expect(findAll(document, (el) => el.tagName === 'script').map((s) => attr(s, 'src'))).toEqual(['/admin/app.js']);

    // The session also opens the API; the bearer token is not needed in the browser.
    expect((await h.app.inject({ url: '/api/sites', headers: { cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/sites/bayside-mg/leads', headers: { cookie } })).statusCode).toBe(200);
    const js = await h.app.inject({ url: '/admin/app.js' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain("new EventSource('/api/stream')");
  });

  it("shows a marketing user only their sites, no leads, and refuses another dealer's content and the operators' screens", async () => {
    const { cookie } = await signIn(MARKETING);
    const page = await h.app.inject({ url: '/admin', headers: { cookie } });
    const { document } = parseHtml(page.body);
    expect(findAll(document, (el) => el.tagName === 'tr' && attr(el, 'data-site') !== undefined).map((r) => attr(r, 'data-site'))).toEqual(['bayside-mg']);
    expect(findAll(document, (el) => el.tagName === 'th' && attr(el, 'scope') === 'col').map((th) => text(th).trim())).not.toContain('Leads');
    expect(((await h.app.inject({ url: '/api/sites', headers: { cookie } })).json() as { sites: Array<{ slug: string }> }).sites.map((s) => s.slug)).toEqual(['bayside-mg']);
    expect((await h.app.inject({ url: '/admin/sites/bayside-mg/content', headers: { cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/admin/sites/northside-used/content', headers: { cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/admin/sites/northside-used/content/offers', headers: { cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/admin/sites/bayside-mg/leads', headers: { cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/sites/bayside-mg/leads', headers: { cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/sites/northside-used/builds', headers: { cookie } })).statusCode).toBe(404);
    const rebuildOther = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild', headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(rebuildOther.statusCode).toBe(404);
    const auditOther = await h.app.inject({ url: '/admin/audit?site=northside-used', headers: { cookie } });
    expect(auditOther.statusCode).toBe(403);
  });

  it('queues a rebuild from the page, names who asked, records it in the audit log, and refuses one carried by the cookie from another origin', async () => {
    const { cookie } = await signIn();
    const fromPage = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild', headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(fromPage.statusCode).toBe(202);
    await h.queue.whenIdle();
    expect(h.calls.at(-1)?.plan.triggers).toEqual(['rebuild by sam']);
    expect(h.store.staff.auditLog({ sites: ['northside-used'] })[0]).toMatchObject({ who: 'Sam Operator (sam)', action: 'rebuild', site: 'northside-used' });
    const forged = await h.app.inject({ method: 'POST', url: '/api/sites/northside-used/rebuild', headers: { cookie, origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
    const tampered = await h.app.inject({ url: '/api/sites', headers: { cookie: cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } });
    expect(tampered.statusCode).toBe(401);
  });

  it("queues a rebuild from the button's form without the script, and signing out ends the session", async () => {
    const { cookie } = await signIn();
    const form = { method: 'POST' as const, url: '/admin/sites/bayside-mg/rebuild', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' };
    const refused = await h.app.inject(form);
    expect(refused.statusCode).toBe(401);
    const before = h.calls.length;
    const queued = await h.app.inject({ ...form, headers: { ...form.headers, cookie } });
    expect(queued.statusCode).toBe(303);
    expect(queued.headers.location).toBe('/admin');
    await h.queue.whenIdle();
    expect(h.calls.slice(before)).toMatchObject([{ site: 'bayside-mg', plan: { content: true, triggers: ['rebuild by sam'] } }]);

    const out = await h.app.inject({ method: 'POST', url: '/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toMatch(/^ops_staff=;.*Max-Age=0/);
    // The session is over on the server too: the old cookie no longer opens anything.
    expect((await h.app.inject({ url: '/admin', headers: { cookie } })).statusCode).toBe(401);
    expect(h.store.staff.auditLog().slice(0, 2).map((e) => e.action)).toEqual(['sign out', 'rebuild']);
  });

  it('a disabled account cannot sign in, and its sessions end', async () => {
    const { cookie } = await signIn(MARKETING);
    h.store.staff.disable(MARKETING.username, new Date());
    expect((await h.app.inject({ url: '/admin', headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(MARKETING)).response.statusCode).toBe(401);
  });
});

describe('site previews by host name, and health', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
    const out = path.join(h.dir, 'out', 'northside-used');
    await mkdir(path.join(out, 'cars', 'a-car'), { recursive: true });
    await writeFile(path.join(out, 'index.html'), '<!doctype html><title>Northside home</title>');
    await writeFile(path.join(out, 'cars', 'a-car', 'index.html'), '<!doctype html><title>A car</title>');
    await writeFile(path.join(out, '404.html'), '<!doctype html><title>Not here</title>');
    await writeFile(path.join(out, '_redirects'), '/old-car /cars/a-car/ 301\n');
    await writeFile(path.join(out, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  });
  afterAll(async () => {
    await h.close();
  });

  it('serves out/<slug> for <slug>.localhost with its _redirects, _headers and 404 page', async () => {
    const home = await h.app.inject({ url: '/', headers: { host: 'northside-used.localhost:8787' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Northside home');
    expect(home.headers['x-frame-options']).toBe('DENY');
    const admin = await h.app.inject({ url: '/admin', headers: { host: 'northside-used.localhost:8787' } });
    expect(admin.statusCode).toBe(404);
    expect(admin.body).toContain('Not here');
    const moved = await h.app.inject({ url: '/old-car', headers: { host: 'northside-used.localhost' } });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/cars/a-car/');
    const unknown = await h.app.inject({ url: '/', headers: { host: 'nowhere.localhost:8787' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers /healthz with the database writable and every site\'s journal lag', async () => {
    const response = await h.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'writable' });
    expect(Object.keys(response.json().sites).sort()).toEqual(sites.map((s) => s.slug).sort());
  });
});

describe('live stream and bursts (over a real socket)', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    // The default coalescing window, and runs that take a little time, as real ones do.
    h = await harness({ OPS_COALESCE_MS: '250' }, { delayMs: 40 });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h.close();
  });

  it('streams start, progress and finish for a run, and removes its listeners when the client leaves', async () => {
    const listeners = () => h.queue.listenerCount('start') + h.queue.listenerCount('progress') + h.queue.listenerCount('finish');
    const before = listeners();
    expect((await fetch(`${base}/api/stream`)).status).toBe(401);

    const controller = new AbortController();
    const response = await fetch(`${base}/api/stream`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(listeners()).toBe(before + 3);
    const rebuild = await fetch(`${base}/api/sites/northside-used/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(rebuild.status).toBe(202);

    const events = await readEvents(response, (list) => list.some((e) => e.event === 'finish'));
    controller.abort();
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('hello');
    expect(names).toContain('start');
    expect(names.indexOf('start')).toBeLessThan(names.indexOf('finish'));
    // Five progress reports in 40 ms are throttled to fewer, and the last one reaches the client.
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data as { done: number });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(5);
    const finish = events.find((e) => e.event === 'finish')!.data as { site: string; outcome: { status: string }; build: { status: string; trigger: string } };
    expect(finish).toMatchObject({ site: 'northside-used', outcome: { status: 'published' }, build: { status: 'published', trigger: 'rebuild (api)' } });

    for (let i = 0; i < 50 && listeners() !== before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listeners()).toBe(before);
  });

  it('journals a burst of 2,000 signed events sent 50 at a time, losing none, in far fewer runs', async () => {
    const runsBefore = h.calls.length;
    const ids: string[] = [];
    const started = performance.now();
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 40; batch++) {
      const requests = Array.from({ length: 50 }, (_, i) => {
        const e = event({ data: { id: 100001 + ((batch * 50 + i) % 300) } });
        ids.push(e.id);
        const r = webhook('bayside-mg', e);
        return fetch(`${base}${r.url}`, { method: 'POST', headers: r.headers, body: r.payload }).then((res) => {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          return res.arrayBuffer();
        });
      });
      await Promise.all(requests);
    }
    const seconds = (performance.now() - started) / 1000;
    await h.queue.whenIdle();
    const runs = h.calls.slice(runsBefore);
    expect(Object.fromEntries(statuses)).toEqual({ 202: 2000 });
    expect(journalCount(h.store)).toBe(2000);
    expect(new Set(ids).size).toBe(2000);
    // Every event was handed to a run exactly once and applied.
    expect(runs.reduce((n, r) => n + r.pending, 0)).toBe(2000);
    expect(h.store.counts('bayside-mg')).toEqual({ pending: 0, rendered: 0, applied: 2000, failed: 0, superseded: 0 });
    expect(runs.length).toBeLessThan(100);
    console.log(`burst: 2000 events in ${seconds.toFixed(2)} s (${Math.round(2000 / seconds)}/s), ${runs.length} runner calls, largest run ${Math.max(...runs.map((r) => r.pending))} events`);
  }, 120_000);
});

describe('rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ OPS_WEBHOOK_RATE_LIMIT: '20' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a flood beyond the limit with 429 and stores none of the refused events', async () => {
    // One after another: @fastify/rate-limit's memory store hands every request of one event-loop tick
    // the same counter object, so requests injected in a single tick would all read the final count.
    const responses = [];
    for (let i = 0; i < 30; i++) responses.push(await h.app.inject(webhook('bayside-mg', event())));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(responses.find((r) => r.statusCode === 429)!.headers['retry-after']).toBeDefined();
    expect(journalCount(h.store)).toBe(20);
    // The limit is for webhooks only: the admin API still answers.
    expect((await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });
});
