/**
 * Saving and sharing a vehicle, on every demo site: the watchlist against a loopback stand-in for the
 * runtime API, favourites and the compare page, the recently viewed strip, share, and the vehicle page's
 * sticky header and mobile bar. Each site's config and snapshot decide what to expect; where a site lacks a
 * feature, the test checks that it is absent.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { isAvailable } from '../../src/rules/availability.ts';
import { formatKmInput } from '../../src/rules/formatting.ts';
import { showFavouriteButton } from '../../src/rules/saving.ts';
import { shareTargets, vehicleShareLink } from '../../src/rules/share.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { SLOW_MS, STANDIN_ERROR, STANDIN_PHONES, startWatchlistStandin, type WatchlistStandin } from '../support/watchlist-standin.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

function vehiclesOf(site: SiteConfig): NormalisedVehicle[] {
  return (readSnapshotSync(site.slug)! as { vehicles: NormalisedVehicle[] }).vehicles;
}

/** Available vehicles the favourite toggle shows on (the spec's rule), with a price a shopper can read. */
function favouriteable(site: SiteConfig): NormalisedVehicle[] {
  return vehiclesOf(site).filter((v) => showFavouriteButton(v, site) && v.price > 1000 && v.status === 'in_stock');
}

function soldVehicle(site: SiteConfig): NormalisedVehicle {
  const sold = vehiclesOf(site).find((v) => !isAvailable(v));
  if (!sold) throw new Error(`${site.slug}'s snapshot has no sold vehicle`);
  return sold;
}

const carPath = (v: NormalisedVehicle) => `/cars/${v.slug}/`;
const KEYS = { shopper: 'dealer-sites:shopper', watchlist: 'dealer-sites:watchlist', favourites: 'dealer-sites:favourites', viewed: 'dealer-sites:viewed' };

/** The stand-in answers the page's watchlist calls: the browser's requests are routed to it. */
let standin: WatchlistStandin;
test.beforeAll(async () => {
  standin = await startWatchlistStandin();
});
test.afterAll(async () => {
  await standin.close();
});

/**
 * The stand-in answers the page's watchlist calls, and the session the page asks for (`GET /api/me`): the
 * shopper signed in with `phone`, or nobody. The watchlist page's list is what the stand-in has saved for
 * that phone.
 */
async function routeWatchlist(page: Page, phone: string | null): Promise<void> {
  await page.route(/\/api\/watchlist\/(save|remove)-car(\?|$)/, async (route) => {
    const response = await route.fetch({ url: `${standin.url}${new URL(route.request().url()).pathname}` });
    await route.fulfill({ response });
  });
  await page.route(/\/api\/me\?/, (route) => route.fulfill({ json: phone ? { user: { id: 'usr_e2e', phone }, csrfToken: 'e2e-csrf' } : { user: null } }));
  await page.route(/\/api\/watchlist(\?|$)/, (route) => {
    const saved = new Set<number>();
    for (const request of standin.requests) {
      if (request.body?.phone_number !== phone || typeof request.body.car_id !== 'number') continue;
      if (request.path === '/api/watchlist/save-car') saved.add(request.body.car_id);
      else saved.delete(request.body.car_id);
    }
    const cars = [...saved].reverse().map((id) => ({ id, slug: null, name: 'A car you saved', href: `/cars/${id}/`, status: 'in_stock', sold: false, priceText: null, picture: null }));
    return route.fulfill({ json: { cars } });
  });
}

/** A shopper signed in with `phone`, as the session answers, and an analytics layer to record events. */
async function asShopper(page: Page, phone: string | null): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
      if (value) localStorage.setItem(key!, value);
    },
    [KEYS.shopper, phone ? JSON.stringify({ id: 'usr_e2e', phone }) : ''],
  );
  await routeWatchlist(page, phone);
}

/** Waits until the vehicle page's saving island has taken over (Astro drops `ssr` when it hydrates). */
async function savingReady(page: Page): Promise<void> {
  const island = page.locator('astro-island:has([data-saving-bar])');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
}

const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);
const events = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer);

/** The saving island: its buttons, the share panel and the toast. */
const SAVING = 'astro-island:has([data-saving-bar])';

/** Scrolls the window to exactly `y` and lets the page's scroll handler run. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('watchlist', () => {
  test.describe.configure({ timeout: 60_000 });

  test('saves and removes with toasts, a spinner while the call runs, and keeps the list across a reload', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    await asShopper(page, STANDIN_PHONES.slow);
    await page.goto(carPath(car));
    await savingReady(page);
    const button = page.locator('[data-watchlist-toggle]');
    if (!site.features.watchlist) {
      await expect(button).toHaveCount(0);
      await expect(page.locator('[data-saving-bar]')).toBeVisible();
      return;
    }

    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    // Added at once, disabled with a spinner until the slow stand-in answers.
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toBeDisabled();
    await expect(button.locator('[data-spinner]')).toBeVisible();
    expect(await stored(page, KEYS.watchlist)).toEqual([car.id]);
    const toast = page.locator('[data-toast="info"]');
    await expect(toast).toContainText('Car Saved In Watchlist', { timeout: SLOW_MS + 5_000 });
    await expect(toast).toContainText(`${car.display_name} is now available in your watchlist`);
    await expect(toast.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/watchlist/');
    await expect(button).toBeEnabled();
    await expect(button.locator('[data-spinner]')).toHaveCount(0);
    expect(standin.requests.filter((r) => r.body?.car_id === car.id && r.body?.phone_number === STANDIN_PHONES.slow)).toEqual([
      { path: '/api/watchlist/save-car', contentType: 'application/json', body: { phone_number: STANDIN_PHONES.slow, car_id: car.id } },
    ]);
    expect((await events(page)).filter((e) => e.eventId === 39)).toMatchObject([{ car_id: car.id, action: 'save' }]);

    // axe with the toast showing.
    expect(await seriousViolations(page, SAVING)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`watchlist-toast-390.png`) });
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.reload();
    await savingReady(page);
    await expect(button).toHaveAttribute('aria-pressed', 'true');

    // The View List page lists the saved car from the shopper's watchlist, with its current card.
    await page.goto('/watchlist/');
    const watchlist = page.locator('[data-saved-list="watchlist"]');
    await expect(watchlist.locator(`[data-watched-car="${car.id}"]`)).toContainText(car.display_name);
    await expect(page.getByText('loading', { exact: false })).toHaveCount(0);

    await page.goto(carPath(car));
    await savingReady(page);
    await button.click();
    await expect(toast).toContainText('Car Removed', { timeout: SLOW_MS + 5_000 });
    await expect(toast).toContainText(`${car.display_name} is no longer in your watchlist`);
    await expect(toast.getByRole('link', { name: 'View List' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await stored(page, KEYS.watchlist)).toEqual([]);
    expect(standin.requests.filter((r) => r.body?.car_id === car.id && r.body?.phone_number === STANDIN_PHONES.slow).map((r) => r.path)).toEqual(['/api/watchlist/save-car', '/api/watchlist/remove-car']);
  });

  test('a failed call puts the list back and shows the error', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.features.watchlist, `${site.slug} has no watchlist (its absence is checked above)`);
    const car = favouriteable(site)[1]!;
    await asShopper(page, STANDIN_PHONES.failing);
    await page.goto(carPath(car));
    await savingReady(page);
    const button = page.locator('[data-watchlist-toggle]');
    await button.click();
    const alert = page.locator('[data-toast="error"]');
    await expect(alert).toContainText('Your watchlist was not changed');
    await expect(alert).toContainText(STANDIN_ERROR);
    await expect(page.getByRole('alert').filter({ hasText: STANDIN_ERROR })).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await stored(page, KEYS.watchlist)).toEqual([]);
    expect((await events(page)).filter((e) => e.eventId === 39)).toEqual([]);
    expect(await seriousViolations(page, SAVING)).toEqual([]);
  });

  test('a shopper with no phone on record goes to sign-in and comes back to the car', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.features.watchlist, `${site.slug} has no watchlist`);
    const car = favouriteable(site)[2]!;
    await asShopper(page, null);
    await page.goto(carPath(car));
    await savingReady(page);
    await page.locator('[data-watchlist-toggle]').click();
    await page.waitForURL(/\/sign-in\/?\?/);
    const url = new URL(page.url());
    expect([...url.searchParams]).toEqual([
      ['type', 'watchlist'],
      ['redirect', carPath(car)],
      ['back', carPath(car)],
    ]);
    expect(standin.requests.filter((r) => r.body?.car_id === car.id)).toEqual([]);
    expect(await stored(page, KEYS.watchlist)).toBeNull();
  });

  test('a sold car shows the watchlist button only when it is already saved', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const sold = soldVehicle(site);
    await asShopper(page, STANDIN_PHONES.ok);
    await page.goto(carPath(sold));
    // A sold car shows no favourite or share.
    await expect(page.locator('[data-favourite-toggle], [data-share-open]')).toHaveCount(0);
    if (!site.features.watchlist) {
      await expect(page.locator('[data-saving-bar]')).toHaveCount(0);
      return;
    }
    await savingReady(page);
    await expect(page.locator('[data-watchlist-toggle]')).toBeHidden();
    // Saved before it sold (on the server, which the page follows for a signed-in shopper).
    const saved = await fetch(`${standin.url}/api/watchlist/save-car`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone_number: STANDIN_PHONES.ok, car_id: sold.id }) });
    expect(saved.status).toBe(200);
    await page.reload();
    await savingReady(page);
    const button = page.locator('[data-watchlist-toggle]');
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await button.click();
    await expect(page.locator('[data-toast="info"]')).toContainText('Car Removed');
    await expect(button).toBeHidden();
  });
});

test.describe('favourites and compare', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the favourite toggle keeps its state across a reload and records the favourite event', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0];
    test.skip(!site.features.favourites || !car, `${site.slug} has no favourites`);
    await asShopper(page, null);
    await page.goto(carPath(car!));
    await savingReady(page);
    const toggle = page.locator('[data-favourite-toggle]');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await events(page)).filter((e) => e.eventId === 39)).toMatchObject([{ car_id: car!.id }]);
    expect(await stored(page, KEYS.favourites)).toMatchObject([{ id: car!.id, slug: car!.slug, name: car!.display_name }]);
    await page.reload();
    await savingReady(page);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await stored(page, KEYS.favourites)).toEqual([]);
  });

  test('compare shows two chosen cars side by side and removes one', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.features.favourites, `${site.slug} has no favourites`);
    const [a, b] = favouriteable(site).slice(3, 5) as [NormalisedVehicle, NormalisedVehicle];
    await asShopper(page, null);
    const prices: string[] = [];
    for (const car of [a, b]) {
      await page.goto(carPath(car));
      prices.push((await page.locator('aside p.text-3xl').first().innerText()).trim());
      await savingReady(page);
      await page.locator('[data-favourite-toggle]').click();
      await expect(page.locator('[data-favourite-toggle]')).toHaveAttribute('aria-pressed', 'true');
    }

    await page.goto('/compare/');
    const table = page.locator('[data-compare-table]');
    await expect(table).toBeVisible({ timeout: 15_000 });
    await expect(table.locator('thead th')).toHaveCount(2);
    for (const [i, car] of [a, b].entries()) {
      const column = table.locator(`[data-compare-column="${car.id}"]`);
      await expect(column.getByRole('link', { name: car.display_name })).toHaveAttribute('href', carPath(car));
      const cell = (row: string) => table.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${row}$`) }) }).locator('td').nth(i);
      await expect(cell('Price')).toContainText(prices[i]!);
      await expect(cell('Year')).toHaveText(String(car.year));
      if (car.km !== null && car.km !== undefined) await expect(cell('Odometer')).toHaveText(formatKmInput(car.km));
      await expect(cell('Transmission')).toHaveText(car.trans ?? car.simple_transmission);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('compare-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('compare-390.png'), fullPage: true });

    await page.getByRole('button', { name: `Remove ${a.display_name}` }).click();
    await expect(table.locator('thead th')).toHaveCount(1);
    await expect(table.locator(`[data-compare-column="${b.id}"]`)).toBeVisible();
    expect(await stored(page, KEYS.favourites)).toMatchObject([{ id: b.id }]);
    await page.reload();
    await expect(table.locator('thead th')).toHaveCount(1);

    await page.getByRole('button', { name: `Remove ${b.display_name}` }).click();
    const empty = page.locator('[data-compare-empty]');
    await expect(empty).toContainText('No cars to compare yet');
    await expect(empty.getByRole('link', { name: 'Browse our stock' })).toHaveAttribute('href', '/search/new-used-and-demo-cars/');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the watchlist page lists the favourites and links to compare', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.features.favourites, `${site.slug} has no favourites`);
    const [a, b] = favouriteable(site).slice(5, 7) as [NormalisedVehicle, NormalisedVehicle];
    await asShopper(page, null);
    await page.goto('/watchlist/');
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [KEYS.favourites, JSON.stringify([a, b].map((v) => ({ id: v.id, name: v.display_name, slug: v.slug, make: v.make, model: v.model, primary_image_url: null })))],
    );
    await page.reload();
    await expect(page.locator('h1')).toHaveText(site.features.watchlist ? 'Your Watchlist' : 'Your Favourites');
    const favourites = page.locator('[data-saved-list="favourites"]');
    await expect(favourites.locator(`[data-saved-car="${a.id}"]`)).toContainText(a.display_name);
    await expect(favourites.locator(`[data-saved-car="${b.id}"]`)).toContainText(b.display_name);
    await expect(favourites.getByRole('link', { name: 'Compare favourites' })).toHaveAttribute('href', '/compare/');
    await expect(page.locator('[data-saved-list="watchlist"]')).toHaveCount(site.features.watchlist ? 1 : 0);
    await favourites.getByRole('button', { name: `Remove ${a.display_name}` }).click();
    await expect(favourites.locator('[data-saved-car]')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('recently viewed', () => {
  test('the strip shows the cars viewed before, newest first, without the one on the page', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const [a, b, c] = vehiclesOf(site).filter((v) => v.status === 'in_stock').slice(7, 10) as [NormalisedVehicle, NormalisedVehicle, NormalisedVehicle];
    await asShopper(page, null);
    for (const car of [a, b]) {
      await page.goto(carPath(car));
      await expect.poll(async () => ((await stored(page, KEYS.viewed)) as Array<{ id: number }> | null)?.[0]?.id).toBe(car.id);
    }
    expect(await stored(page, KEYS.viewed)).toMatchObject([
      { id: b.id, make: b.make, model: b.model, stocknum: b.stocknum ?? null, simple_body: b.simple_body, path: carPath(b) },
      { id: a.id, make: a.make, model: a.model },
    ]);
    await page.goto(carPath(c));
    const strip = page.locator('[data-recently-viewed]');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(strip).toBeVisible({ timeout: 15_000 });
    await expect(strip.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
    const links = strip.locator('li a');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute('href', carPath(b));
    await expect(links.nth(0)).toContainText(b.display_name);
    await expect(links.nth(1)).toHaveAttribute('href', carPath(a));
    expect(await seriousViolations(page, '[data-recently-viewed]')).toEqual([]);
    await strip.getByRole('button', { name: 'Clear list' }).click();
    await expect(strip).toHaveCount(0);
  });
});

test.describe('share', () => {
  test.describe.configure({ timeout: 60_000 });

  /** Answers the social sites' share pages with a blank page: tests reach no host but loopback. */
  async function blockOutside(context: BrowserContext): Promise<void> {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>share stand-in</title>' }));
  }

  test("copy link shows 'Copied' (or the site's toast) and the share links are right", async ({ page, context }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await blockOutside(context);
    await asShopper(page, null);
    await page.goto(carPath(car));
    await savingReady(page);
    const link = vehicleShareLink(site.url, car.slug);

    await page.locator('[data-share-open]').click();
    const panel = page.getByRole('dialog', { name: 'Share this car' });
    await expect(panel).toBeVisible();
    const copy = panel.locator('[data-copy]');
    await expect(copy).toBeFocused();
    await expect(panel.getByRole('textbox', { name: 'Link to this car' })).toHaveValue(link);
    for (const target of shareTargets(link, car.display_name, 'desktop')) {
      await expect(panel.locator(`[data-share="${target.id}"]`)).toHaveAttribute('href', target.href);
    }
    expect(await seriousViolations(page, SAVING)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('share-1366.png') });

    await copy.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    if (site.vehicle.copyConfirmation === 'toast') {
      const toast = page.locator('[data-toast="info"]');
      await expect(toast).toContainText('Copied');
      await expect(panel).toBeHidden();
      expect(await seriousViolations(page, SAVING)).toEqual([]);
      await page.mouse.move(0, 0);
      await expect(toast).toBeHidden({ timeout: 3000 + 2000 });
    } else {
      await expect(copy).toHaveText('Copied');
      await expect(page.locator('[data-toast]')).toHaveCount(0);
      await expect(copy).toHaveText('Copy link', { timeout: 1500 + 2000 });
    }

    // The social sites open in a 550x400 window.
    if (!(await panel.isVisible())) await page.locator('[data-share-open]').click();
    const [popup] = await Promise.all([context.waitForEvent('page'), panel.locator('[data-share="facebook"]').click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(shareTargets(link, car.display_name, 'desktop')[0]!.href);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([550, 400]);
    await expect(page).toHaveURL(new RegExp(`${carPath(car)}$`));

    // Escape closes the panel and focus returns to Share.
    await page.bringToFront();
    if (!(await panel.isVisible())) await page.locator('[data-share-open]').click();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.locator('[data-share-open]')).toBeFocused();
  });

  test("a phone uses its own share sheet, and WhatsApp's app host", async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    // The operating system's share sheet, stood in for: it records what the page asked to share.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await page.goto(carPath(car));
    await savingReady(page);
    await page.locator('[data-share-open]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: car.display_name, url: vehicleShareLink(site.url, car.slug) }]);
    await expect(page.getByRole('dialog', { name: 'Share this car' })).toBeHidden();
    const whatsapp = new URL((await page.locator('[data-share="whatsapp"]').getAttribute('href'))!);
    expect(whatsapp.host).toBe('api.whatsapp.com');
    await context.close();
  });
});

test.describe('loading late', () => {
  test('on a phone the save and share island loads only when it scrolls into view', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(carPath(car), { waitUntil: 'networkidle' });
    const island = page.locator('astro-island:has([data-saving-bar])');
    expect((await page.locator('[data-saving-bar]').boundingBox())!.y).toBeGreaterThan(844);
    await expect(island).toHaveAttribute('ssr', '');
    expect(scripts.filter((s) => /VehicleSaving/.test(s))).toEqual([]);
    await savingReady(page);
    expect(scripts.filter((s) => /VehicleSaving/.test(s))).toHaveLength(1);
  });
});

test.describe('taking over moves nothing', () => {
  for (const kind of ['available', 'sold'] as const) {
    test(`the save and share row keeps its place and size when it hydrates with saved state (${kind} car)`, async ({ browser }, testInfo) => {
      const site = siteOf(testInfo.project);
      const car = kind === 'sold' ? soldVehicle(site) : favouriteable(site)[0]!;
      test.skip(kind === 'sold' && !site.features.watchlist, `${site.slug} shows nothing to save on a sold car`);
      const boxes = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(carPath(car));
        if (javaScriptEnabled) {
          await page.evaluate(
            ([keys, id, favourite]) => {
              localStorage.setItem(keys!.watchlist, JSON.stringify([id]));
              localStorage.setItem(keys!.favourites, JSON.stringify([favourite]));
            },
            [KEYS, car.id, { id: car.id, name: car.display_name, slug: car.slug, make: car.make, model: car.model, primary_image_url: null }] as const,
          );
          await page.reload();
          await savingReady(page);
          if (kind === 'available' && site.features.favourites) await expect(page.locator('[data-favourite-toggle]')).toHaveAttribute('aria-pressed', 'true');
          if (site.features.watchlist) await expect(page.locator('[data-watchlist-toggle]')).toHaveAttribute('aria-pressed', 'true');
        }
        const measured = await page.locator(`[data-saving-bar], ${kind === 'available' ? '[data-saving-bar] > button, ' : ''}aside[aria-label="Price and actions"] > *`).evaluateAll((elements) => {
          // The row, its buttons, and the last thing the sidebar shows (below the row: it would move if the row grew).
          const shown = elements.filter((e) => e.getClientRects().length > 0);
          const last = shown.filter((e) => e.parentElement?.matches('aside')).at(-1);
          return shown
            .filter((e) => !e.parentElement?.matches('aside') || e === last || e.matches('[data-saving-bar]'))
            .map((e) => {
              const r = e.getBoundingClientRect();
              return [Math.round(r.x), Math.round(r.y + window.scrollY), Math.round(r.width), Math.round(r.height)];
            });
        });
        await context.close();
        return measured;
      };
      expect(await boxes(true)).toEqual(await boxes(false));
    });
  }

  test('the recently viewed strip fills before it comes into view, so nothing on screen moves', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const [a, b] = vehiclesOf(site).filter((v) => v.status === 'in_stock').slice(10, 12) as [NormalisedVehicle, NormalisedVehicle];
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        const strip = document.querySelector('[data-viewed-record]');
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> }>) {
          for (const { node } of entry.sources) {
            // A shift of the strip itself, or of anything after it (the banner, the footer), is the strip's doing.
            if (strip && node && (strip.contains(node) || strip.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) shifts.push(`${entry.value.toFixed(4)} ${(node as Element).outerHTML?.slice(0, 80) ?? node.nodeName}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(carPath(a));
    await expect.poll(async () => ((await stored(page, KEYS.viewed)) as Array<{ id: number }> | null)?.[0]?.id).toBe(a.id);
    await page.goto(carPath(b));
    // Scrolled as a shopper scrolls, a screen at a time.
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(60);
      if (await page.evaluate(() => window.innerHeight + window.scrollY >= document.body.scrollHeight - 2)) break;
    }
    await expect(page.locator('[data-recently-viewed]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });
});

test.describe('sticky header and mobile bar', () => {
  test('the sticky header appears from a scroll of 500 px', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    const offset = site.vehicle.stickyHeaderOffset;
    await page.goto(carPath(car));
    const header = page.locator('[data-sticky-header]');
    await expect(header).toBeHidden();
    await scrollTo(page, offset - 1);
    await expect(header).toBeHidden();
    await expect(header).not.toHaveAttribute('data-shown');
    await scrollTo(page, offset);
    await expect(header).toBeVisible();
    await expect(header).toContainText(car.display_name);
    const box = (await header.boundingBox())!;
    await expect.poll(async () => (await header.boundingBox())!.y).toBe(0);
    expect(box.height).toBeLessThan(100);
    await expect(header.getByRole('link', { name: site.vehicle.enquireLabel })).toBeVisible();
    expect(await seriousViolations(page, '[data-sticky-header]')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('sticky-1366.png') });
    await scrollTo(page, 0);
    await expect(header).toBeHidden();
  });

  test('the mobile bar is always there on a phone, takes its opened style past 900 px, and its labels fit at 360 px', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const car = favouriteable(site)[0]!;
    const offset = site.vehicle.mobileBarOffset;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(carPath(car));
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    const inView = async () => {
      const box = (await bar.boundingBox())!;
      return box.y + box.height <= 844 + 0.5 && box.y >= 844 - box.height - 0.5;
    };
    // Always there to call or enquire; past the offset it takes its opened (raised) style, at the same size.
    await expect.poll(inView).toBe(true);
    const closed = (await bar.boundingBox())!;
    await scrollTo(page, offset);
    await expect(bar).not.toHaveAttribute('data-opened');
    await expect.poll(inView).toBe(true);
    await scrollTo(page, offset + 1);
    await expect(bar).toHaveAttribute('data-opened', '');
    await expect.poll(inView).toBe(true);
    await expect.poll(async () => (await bar.evaluate((el) => getComputedStyle(el).boxShadow)) !== 'none').toBe(true);
    expect((await bar.boundingBox())!.height).toBe(closed.height);
    const labels = ['Call Now', site.features.instantMessage ? 'Instant Message' : site.vehicle.enquireLabel];
    for (const label of labels) await expect(bar.getByRole('link', { name: label })).toBeVisible();
    expect(await seriousViolations(page, '[data-mobile-bar]')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('mobile-bar-390.png') });

    await page.setViewportSize({ width: 360, height: 740 });
    await scrollTo(page, offset + 200);
    const overflow = await bar.locator('a').evaluateAll((links) =>
      links.flatMap((a) => {
        const box = a.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(a);
        const text = range.getBoundingClientRect();
        const fits = a.scrollWidth <= a.clientWidth && text.left >= box.left - 0.5 && text.right <= box.right + 0.5 && text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5 && box.right <= window.innerWidth;
        return fits ? [] : [`${a.textContent}: ${Math.round(text.width)}x${Math.round(text.height)} in ${Math.round(box.width)}x${Math.round(box.height)}`];
      }),
    );
    expect(overflow).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('mobile-bar-360.png') });
  });
});
