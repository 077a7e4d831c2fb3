/**
 * Shopper accounts against the real ops server (`scripts/start.ts`), started here so the sign-in code can
 * be read from its log: each demo site is served at `http://<slug>.localhost:<port>/` with the runtime API
 * on the same origin. Sign-in by code, the watchlist from save to removal, sign-out, the gated routes, the
 * refused open redirect, the phone reveal and the view reaching the store, and the delivery calculator.
 * Each site's config and snapshot decide what to expect; where a site lacks a feature, its absence is
 * checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { isAvailable } from '../../src/rules/availability.ts';
import { signInCopy } from '../../src/islands/sign-in/copy.ts';
import { GATE_UNAVAILABLE } from '../../src/islands/sign-in/gate.ts';
import { gateFor } from '../../src/rules/gating.ts';
import { showWatchlistButton } from '../../src/rules/saving.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { freePort, OpsProcess } from '../support/ops-process.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));
const ROOT = path.resolve(import.meta.dirname, '..', '..');

function vehiclesOf(site: SiteConfig): NormalisedVehicle[] {
  return (readSnapshotSync(site.slug, ROOT)! as { vehicles: NormalisedVehicle[] }).vehicles;
}
const available = (site: SiteConfig) => vehiclesOf(site).filter((v) => isAvailable(v) && v.status === 'in_stock' && v.price > 1000);
const carPath = (v: NormalisedVehicle) => `/cars/${v.slug}/`;
const built = (site: SiteConfig, page: string) => existsSync(path.join(ROOT, 'out', site.slug, page, 'index.html'));

/** The gated pages this site has: its vehicle trade-in and checkout pages, trade-in, sell-my-car, finance and my-garage, where the rules gate them. */
function gatedPages(site: SiteConfig): string[] {
  const car = available(site)[0]!;
  const candidates = [`/cars/${car.slug}/trade-in/`, `/cars/${car.slug}/${site.urls.checkoutSegment}/`, '/trade-in/', `${site.urls.sellMyCar}/`, '/finance/', '/my-garage/'];
  return candidates.filter((page) => built(site, page) && gateFor(page, site) !== null);
}

const ERRORS = {
  wrongCode: 'That code is not right. Check the message and try again.',
};

let ops: OpsProcess;
let dataDir = '';
let port = 0;
let phoneSeq = 0;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopper-accounts-e2e-'));
  port = await freePort();
  ops = new OpsProcess({
    root: ROOT,
    port,
    env: {
      OPS_ADMIN_TOKEN: `e2e-shopper-${Math.random().toString(36).slice(2)}-token`,
      OPS_DATA_DIR: dataDir,
      OPS_MODE: 'local',
      OPS_SESSION_SECRET: 'e2e-shopper-accounts-session-secret-0123456789',
      OPS_SHOPPER_RATE_LIMIT: '100000',
      OPS_PREVIEW_RATE_LIMIT: '1000000',
      OPS_LEAD_RATE_LIMIT: '100000',
    },
  });
  await ops.start();
});

test.afterAll(async () => {
  await ops?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  // Only loopback: anything else (an open redirect's target) is refused rather than fetched.
  await context.route(/^https?:\/\/(?!(127\.0\.0\.1|[a-z0-9-]+\.localhost)[:/])/, (route) => route.abort());
});

const originOf = (site: SiteConfig) => `http://${site.slug}.localhost:${port}`;

/** A mobile number no other test uses, so the per-phone code limit never bites. */
function newPhone(): string {
  phoneSeq += 1;
  return `04${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${String(phoneSeq).padStart(2, '0')}`.slice(0, 10);
}

/** The codes the server has logged for this phone and site, oldest first. */
function codesFor(site: SiteConfig, phone: string): string[] {
  const pattern = new RegExp(`sign-in code for ${phone} on ${site.slug}: (\\d{6})`, 'g');
  return [...ops.output.join('').matchAll(pattern)].map((match) => match[1]!);
}

/** Waits for the server to log a code after the `seen` codes it had logged, and returns it. */
async function nextCode(site: SiteConfig, phone: string, seen: number): Promise<string> {
  await expect.poll(() => codesFor(site, phone).length).toBeGreaterThan(seen);
  return codesFor(site, phone).at(-1)!;
}

/** Asks for a code on the sign-in page the browser is on; returns once the code step shows. */
async function askForCode(page: Page, phone: string): Promise<void> {
  await expect(page.locator('astro-island:has([data-sign-in-step])')).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Send me a code' })).toBeEnabled();
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.locator('[data-sign-in-step="code"]')).toBeVisible();
}

/** Signs in on the sign-in page the browser is on, with the code from the server's log. */
async function signInHere(page: Page, site: SiteConfig, phone: string): Promise<void> {
  const seen = codesFor(site, phone).length;
  await askForCode(page, phone);
  await page.getByLabel('Code').fill(await nextCode(site, phone, seen));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function store(): Database.Database {
  return new Database(path.join(dataDir, 'ops.sqlite'), { readonly: true, fileMustExist: true });
}
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = store();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Asks the runtime API from the page (same origin, with the page's cookies): Node cannot resolve *.localhost. */
async function api(page: Page, url: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (address) => {
    const response = await fetch(address, { credentials: 'include' });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }, url);
}

async function shoot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

test('sign in with the code from the log, save a car, see it on the watchlist after a reload, remove it and sign out', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  const car = available(site).find((v) => showWatchlistButton(v, false, site)) ?? available(site)[0]!;
  if (!site.features.watchlist) {
    await page.goto(`${origin}${carPath(car)}`);
    await expect(page.locator('[data-watchlist-toggle]')).toHaveCount(0);
    if (built(site, '/watchlist/')) {
      await page.goto(`${origin}/watchlist/`);
      await expect(page.locator('[data-saved-list="favourites"]')).toBeVisible();
      await expect(page.locator('[data-saved-list="watchlist"]')).toHaveCount(0);
    }
    return;
  }
  const phone = newPhone();

  // Signed out, the watchlist page asks the shopper to sign in.
  await page.goto(`${origin}/watchlist/`);
  const section = page.locator('[data-saved-list="watchlist"]');
  await expect(section).toHaveAttribute('data-state', 'signed-out');
  const prompt = section.getByRole('link', { name: 'Sign in to see your watchlist' });
  await expect(prompt).toHaveAttribute('href', '/sign-in?type=watchlist&redirect=%2Fwatchlist%2F&back=%2Fwatchlist%2F');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'watchlist-signed-out', testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The save button sends a visitor to sign-in, which brings them back to the car.
  await page.goto(`${origin}${carPath(car)}`);
  const button = page.locator('[data-watchlist-toggle]');
  await button.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-saving-bar])')).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await button.click();
  await page.waitForURL(/\/sign-in\/?\?type=watchlist/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to save cars to your watchlist');
  await signInHere(page, site, phone);
  await page.waitForURL(`${origin}${carPath(car)}`);

  // Signed in: the save reaches the server.
  await button.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-saving-bar])')).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(page.locator('[data-toast="info"]')).toContainText('Car Saved In Watchlist');
  const listed = await api(page, `/api/watchlist?site=${site.slug}`);
  expect((listed.body as { cars: Array<{ id: number }> }).cars.map((c) => c.id)).toEqual([car.id]);

  // This browser follows the server: with its own copy of the list gone (another device), the car still shows saved.
  await page.evaluate(() => localStorage.removeItem('dealer-sites:watchlist'));
  await page.reload();
  await button.scrollIntoViewIfNeeded();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  // A car sold since it was saved: saved here through the API with the session's token, as the
  // vehicle page did before the car sold.
  const sold = vehiclesOf(site).find((v) => !isAvailable(v))!;
  const savedSold = await page.evaluate(
    async ({ site: slug, carId, phone: number }) => {
      const me = (await (await fetch(`/api/me?site=${slug}`)).json()) as { csrfToken: string };
      const response = await fetch(`/api/watchlist/save-car?site=${slug}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrfToken },
        body: JSON.stringify({ phone_number: number, car_id: carId }),
      });
      return response.status;
    },
    { site: site.slug, carId: sold.id, phone },
  );
  expect(savedSold).toBe(200);

  // The watchlist page lists both, newest first, after a reload too; the sold one is marked.
  await page.goto(`${origin}/watchlist/`);
  await page.reload();
  await expect(section).toHaveAttribute('data-state', 'ready');
  await expect(section.locator('[data-watched-car]')).toHaveCount(2);
  expect(await section.locator('[data-watched-car]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-watched-car'))))).toEqual([sold.id, car.id]);
  const soldItem = section.locator(`[data-watched-car="${sold.id}"]`);
  await expect(soldItem).toHaveAttribute('data-sold', 'true');
  await expect(soldItem.getByText('Sold', { exact: true })).toBeVisible();
  const item = section.locator(`[data-watched-car="${car.id}"]`);
  await expect(item).toContainText(car.display_name);
  await expect(item).not.toHaveAttribute('data-sold');
  await expect(section).toContainText(`Signed in as ${phone}`);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'watchlist-signed-in', testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });

  // Remove both.
  for (const listed of [item, soldItem]) {
    await listed.getByRole('button', { name: /^Remove / }).click();
    await expect(listed).toHaveCount(0);
  }
  await expect(page.locator('[data-toast="info"]')).toContainText('Car Removed');
  await expect(section).toContainText('Your watchlist is empty.');
  expect((await api(page, `/api/watchlist?site=${site.slug}`)).body).toEqual({ cars: [] });

  // Sign out: the page asks to sign in again, and the server agrees the session is over.
  await section.getByRole('button', { name: 'Sign out' }).click();
  await expect(section).toHaveAttribute('data-state', 'signed-out');
  expect((await api(page, `/api/me?site=${site.slug}`)).body).toEqual({ user: null });
  await page.reload();
  await expect(section).toHaveAttribute('data-state', 'signed-out');
});

test('the code step shows the server’s error for a wrong code, and the signed-in page offers the shopper’s data', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  const phone = newPhone();
  const target = carPath(available(site)[0]!);
  await page.goto(`${origin}/sign-in/?type=trade-in&redirect=${encodeURIComponent(target)}&back=%2Fcars%2F`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(signInCopy('trade-in').heading);
  await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/cars/');
  await shoot(page, 'sign-in-phone', testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });

  await askForCode(page, phone);
  const code = await nextCode(site, phone, 0);
  await expect(page.getByLabel('Code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByLabel('Code')).toBeFocused();
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(ERRORS.wrongCode);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'sign-in-code-error', testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });

  // Change number goes back a step; the right code then signs in and goes on to `redirect`.
  await page.getByRole('button', { name: 'Change number' }).click();
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.locator('[data-sign-in-step="code"]')).toBeVisible();
  await page.getByLabel('Code').fill(await nextCode(site, phone, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}${target}`);

  // Back on the sign-in page, the shopper is told they are signed in, can download and delete their data.
  await page.goto(`${origin}/sign-in/?redirect=${encodeURIComponent(target)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
  await expect(page.getByText(`You are signed in with ${phone}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', target);
  await shoot(page, 'sign-in-signed-in', testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { phone: string; site: string };
  expect(exported).toMatchObject({ phone, site: site.slug });

  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByText('It cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Keep my data' }).click();
  await expect(page.getByText('It cannot be undone.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete my data' }).click();
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(page.getByRole('status')).toHaveText('Your data has been deleted and you have signed out.');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  expect((await api(page, `/api/me?site=${site.slug}`)).body).toEqual({ user: null });
  expect(query('select * from shoppers where phone = ?', phone)).toEqual([]);
});

test('a visitor on each gated route is sent to sign-in and comes back after signing in', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  const gated = gatedPages(site);
  const car = available(site)[0]!;
  if (gated.length === 0) {
    // Nothing is gated here: the trade-in and checkout pages, where the site has them, show their forms.
    for (const open of [`/cars/${car.slug}/trade-in/`, `/cars/${car.slug}/${site.urls.checkoutSegment}/`, `${site.urls.sellMyCar}/`].filter((p) => built(site, p))) {
      await page.goto(`${origin}${open}`);
      await expect(page.locator('[data-sign-in-gate]')).toHaveCount(0);
      await expect(page.locator('main form, form').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(page.url()).toBe(`${origin}${open}`);
    }
    return;
  }

  const back = carPath(car);
  for (const [index, gatedPath] of gated.entries()) {
    const gate = gateFor(gatedPath, site)!;
    await page.goto(`${origin}${gatedPath}`, { referer: `${origin}${back}` });
    await page.waitForURL(/\/sign-in\/?\?/);
    const url = new URL(page.url());
    expect(url.origin).toBe(origin);
    expect([...url.searchParams]).toEqual([
      ['type', gate.type],
      ['redirect', gatedPath],
      ['back', back],
    ]);
    if (index === 0) {
      await shoot(page, 'gated-redirect', testInfo);
      await page.setViewportSize({ width: 1366, height: 900 });
      await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', back);
      await signInHere(page, site, newPhone());
      await page.waitForURL(`${origin}${gatedPath}`);
      await expect(page.locator('[data-sign-in-gate]')).toHaveAttribute('data-gate-state', 'open');
      await expect(page.locator('[data-gate-content]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Signed out again, for the next route.
      await page.context().clearCookies();
    }
  }

  // Signed in, every gated route shows its content and stays.
  await page.goto(`${origin}/sign-in/`);
  await signInHere(page, site, newPhone());
  await page.waitForURL(`${origin}/`);
  for (const gatedPath of gated) {
    await page.goto(`${origin}${gatedPath}`);
    await expect(page.locator('[data-gate-content]')).toBeVisible();
    expect(page.url()).toBe(`${origin}${gatedPath}`);
  }
});

test('without JavaScript a gated page offers a sign-in link instead of its form', async ({ browser }, testInfo) => {
  const site = siteOf(testInfo.project);
  const gated = gatedPages(site);
  test.skip(gated.length === 0, `${site.slug} gates no page (checked in the test above)`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${originOf(site)}${gated[0]}`);
  await expect(page.locator('[data-gate-status]').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', new RegExp(`^/sign-in\\?type=${gateFor(gated[0]!, site)!.type}&redirect=`));
  await expect(page.locator('[data-gate-content]')).toBeHidden();
  await context.close();
});

test('the sign-in page takes each type\'s wording as it hydrates without moving the form', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const type of ['trade-in', 'checkout', 'finance', 'my-garage', 'watchlist']) {
    await page.goto(`${originOf(site)}/sign-in/?type=${type}&redirect=%2F&back=%2F`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(signInCopy(type).heading);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts), type).toEqual([]);
  }
});

test('when the API cannot be reached a gated page says so and stays, offering sign-in', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const gated = gatedPages(site);
  test.skip(gated.length === 0, `${site.slug} gates no page (checked above)`);
  await page.route('**/api/me?**', (route) => route.abort('connectionrefused'));
  await page.goto(`${originOf(site)}${gated[0]}`);
  await expect(page.getByRole('alert')).toHaveText(GATE_UNAVAILABLE);
  await expect(page.locator('[data-gate-status]').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('[data-gate-content]')).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(gated[0]);
});

test('a redirect to another origin after sign-in lands on the home page of the same site', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  for (const evil of ['https://evil.example/', '//evil.example/']) {
    await page.context().clearCookies();
    await page.goto(`${origin}/sign-in/?type=checkout&redirect=${encodeURIComponent(evil)}&back=${encodeURIComponent(evil)}`);
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    await signInHere(page, site, newPhone());
    await page.waitForURL(`${origin}/`);
    expect(new URL(page.url()).origin).toBe(origin);
  }
});

test('a phone reveal and a page view reach the store', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  const car = available(site).find((v) => (v.views ?? 0) > 0) ?? available(site)[0]!;
  const viewed = page.waitForResponse((r) => r.url().includes(`/api/cars/${car.slug}/view.json?`));
  await page.goto(`${origin}${carPath(car)}`);
  const answer = (await (await viewed).json()) as { views: number };
  const rows = () => query<{ views: number }>('select views from vehicle_views where site = ? and car_id = ?', site.slug, car.id);
  await expect.poll(() => rows()[0]?.views ?? null).toBe(answer.views);
  if ((car.views ?? 0) > 0) await expect(page.locator('[data-views-number]')).toHaveText(answer.views.toLocaleString('en-AU'));

  const reveal = page.locator('details[data-phone-reveal]').first();
  if (!built(site, carPath(car)) || (await reveal.count()) === 0) {
    // This site shows its numbers in full: nothing to reveal, nothing recorded.
    await expect(page.locator('details[data-phone-reveal]')).toHaveCount(0);
    return;
  }
  await reveal.scrollIntoViewIfNeeded();
  await reveal.locator('summary').click();
  await expect
    .poll(() => query<{ website_id: string; car_id: number }>('select website_id, car_id from phone_reveals where site = ? and car_id = ?', site.slug, car.id))
    .toEqual([{ website_id: site.slug, car_id: car.id }]);
});

test('the delivery calculator answers for a known and an unknown postcode', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const origin = originOf(site);
  const car = available(site)[0]!;
  await page.goto(`${origin}${carPath(car)}`);
  const calculator = page.locator('[data-delivery-calculator]');
  if (!site.features.deliveryCalculator) {
    await expect(calculator).toHaveCount(0);
    expect((await api(page, `/api/delivery?site=${site.slug}&postcode=4120`)).status).toBe(404);
    return;
  }
  const known = await api(page, `/api/delivery?site=${site.slug}&postcode=4120`);
  expect(known.status).toBe(200);
  const estimate = known.body as { price: number; region: string };
  const unknown = await api(page, `/api/delivery?site=${site.slug}&postcode=9999`);
  expect(unknown.status).toBe(404);
  const refusal = (unknown.body as { error: string }).error;

  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator).toHaveAttribute('data-delivery-calculator', 'ready');
  const postcode = calculator.getByLabel('Your postcode');
  await postcode.fill('4120');
  await calculator.getByRole('button', { name: 'Get estimate' }).click();
  await expect(calculator.locator('[data-delivery-answer]')).toContainText(estimate.region);
  await postcode.fill('9999');
  await calculator.getByRole('button', { name: 'Get estimate' }).click();
  await expect(calculator.locator('[data-delivery-answer]')).toHaveText(refusal);
});
