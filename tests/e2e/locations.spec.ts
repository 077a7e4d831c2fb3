// Locations as a shopper finds them, on every demo site: each location page at every URL shape, its map
// loaded only on request, the hours modal and holiday hours, reviews, directions, licences and the phone;
// the dealer locator's grid layout, postcode distance sort and its two error messages; axe on the opened
// states. Expectations come from the site's config and snapshot through the same rules the pages use.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { POSTCODE_CENTROIDS } from '../../src/lib/postcode-centroids.ts';
import { absoluteUrl, locationPath, pagePath } from '../../src/lib/urls.ts';
import { formatDistance, locationGridLayout, showSwipeHint, sortByDistance } from '../../src/rules/locations.ts';
import { upcomingSpecialHours, weeklyHoursRows } from '../../src/rules/opening-hours.ts';
import { geocodePostcode } from '../../src/rules/postcode.ts';
import { visibleReviews } from '../../src/rules/reviews.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { orderedLocations } from '../../src/views/locations.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');

function setup(testInfo: { project: { metadata: Record<string, unknown> } }): { site: SiteConfig; snapshot: Snapshot } {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const snapshot = readSnapshotSync(site.slug)!;
  return { site, snapshot };
}

/** The maps service never answers from the network in tests: a minimal embed page stands in, and every request to it is counted. */
async function standInMaps(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(/^https:\/\/(maps|www)\.google\.com\//, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Map</title></head><body><main><h1>Map</h1></main></body></html>' });
  });
  return requests;
}

const locatorPath = pagePath('dealer-locator');

/** Every URL shape of a location page the platform links (spec section 2). */
const LOCATION_BASES = ['contact-us', 'our-location', 'locations'] as const;

test('each location answers at every URL shape: the site\'s own, and a permanent redirect to it from the others', async ({ request }, testInfo) => {
  const { site, snapshot } = setup(testInfo);
  for (const location of snapshot.locations) {
    if (!location.slug) continue;
    const own = locationPath(site, location.slug);
    const page = await request.get(own, { maxRedirects: 0 });
    expect(page.status(), own).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${absoluteUrl(site, own)}"`);
    expect(html).toMatch(new RegExp(`<h1 id="location-name"[^>]*>${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    for (const base of LOCATION_BASES) {
      if (base === site.urls.locationBase) continue;
      const other = await request.get(`/${base}/${location.slug}`, { maxRedirects: 0 });
      expect(other.status(), `/${base}/${location.slug}`).toBe(301);
      expect(new URL(other.headers()['location']!, 'http://x').pathname).toBe(own);
    }
  }
});

test('the location page: band, map on request, hours modal, holiday hours, reviews, directions and licences', async ({ page }, testInfo) => {
  const { site, snapshot } = setup(testInfo);
  const location = orderedLocations(snapshot.locations).find((l) => l.slug)!;
  const maps = await standInMaps(page);
  await page.goto(locationPath(site, location.slug!));
  await expect(page.getByRole('heading', { level: 1, name: location.name })).toBeVisible();

  // The map: a placeholder with the address and no request to the maps service until 'Show map'.
  const map = page.locator('[data-location-map]');
  await expect(map).toContainText(location.address!.street!);
  await expect(map.locator('iframe')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(maps).toEqual([]);
  await map.getByRole('button', { name: 'Show map' }).click();
  const frame = map.locator('iframe');
  await expect(frame).toHaveAttribute('title', `Map of ${location.name}`);
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.searchParams.get('z')).toBe(String(site.locations.mapZoom));
  expect(site.locations.mapZoom).toBe(10);
  expect(src.searchParams.get('q')).toBe(new URL(location.address!.place_url!).searchParams.get('query'));
  await expect(frame).toBeFocused();
  await expect.poll(() => maps.length).toBeGreaterThan(0);

  // Hours grouped by the rule: Mon - Fri where the five weekdays match.
  const rows = weeklyHoursRows(location.contact_detail?.opening_hours, { special: location.special_hours, now: new Date(), timeZone: site.timeZone });
  expect(rows[0]!.label).toBe('Mon - Fri');
  const table = page.locator('section[aria-labelledby="hours-heading"] table').first();
  await expect(table.locator('th')).toHaveText(rows.map((r) => r.label));
  await expect(table.locator('td')).toHaveText(rows.map((r) => `${r.text}${r.special ? 'Holiday hours' : ''}`));

  // The hours modal: focus moves in, Escape and Close close it, focus returns to the button.
  const opener = page.getByRole('button', { name: 'View Holiday Hours' });
  const dialog = page.getByRole('dialog', { name: `${location.name} opening hours` });
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const holidays = upcomingSpecialHours(location.special_hours, new Date(), site.timeZone);
  expect(holidays.length).toBeGreaterThan(0);
  await expect(dialog.locator('[data-holiday-hours] tr')).toHaveText(holidays.map((h) => new RegExp(`${h.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
  await expect(dialog.locator('[data-holiday-hours] time').first()).toHaveAttribute('datetime', holidays[0]!.date);

  // axe with the map shown and the hours modal open.
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Reviews: only those at or above the minimum rating (4 unless configured), replies shown, no '1 years ago'.
  const all = snapshot.reviews.filter((r) => Number(r.location_id) === Number(location.id));
  const shown = visibleReviews(all, site.reviews);
  expect(site.reviews.minRating).toBe(4);
  expect(all.some((r) => r.rating < site.reviews.minRating)).toBe(true);
  const reviews = page.locator('[data-location-reviews] li');
  await expect(reviews).toHaveCount(shown.length);
  const ratings = await reviews.locator('svg[role="img"]').evaluateAll((svgs) => svgs.map((s) => Number(/Rated ([\d.]+)/.exec(s.getAttribute('aria-label') ?? '')?.[1])));
  expect(ratings).toEqual(shown.map((r) => r.rating));
  await expect(page.locator('[data-location-reviews]').getByText('Reply from the dealer')).toHaveCount(shown.filter((r) => r.reply_text?.trim()).length);
  await expect(page.locator('[data-location-reviews]')).not.toContainText(/\b1 (day|month|year)s\b/);

  // Get Directions: the maps place URL, in a new tab.
  const directions = page.getByRole('link', { name: /Get Directions/ });
  await expect(directions).toHaveAttribute('href', location.address!.place_url!);
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', /noopener/);

  // The showroom's photo.
  const photo = page.getByRole('img', { name: `${location.name} dealership` });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Dealer licence and motor vehicle repairer numbers.
  const licences = page.locator('[data-licences]');
  await expect(licences).toContainText(`Dealer licence ${location.dealer_license_number}`);
  if (location.motor_vehicle_repairer) await expect(licences).toContainText(`Motor vehicle repairer licence ${location.motor_vehicle_repairer}`);
  else await expect(licences).not.toContainText('repairer');

  // The phone: masked until revealed where the site masks numbers, a plain tel: link where it does not.
  const phone = location.contact_detail!.phone!;
  const tel = `tel:${phone.replace(/[^\d+]/g, '')}`;
  const band = page.locator('[data-location-band]');
  const link = band.locator(`a[href="${tel}"]`);
  if (site.vehicle.showPhoneImmediately) {
    await expect(link).toBeVisible();
    await expect(band.locator('details[data-phone-reveal]')).toHaveCount(0);
  } else {
    await expect(link).toBeHidden();
    // The full number is in the closed <details> (it opens without JavaScript) but not shown.
    expect(await band.innerText()).not.toContain(phone);
    await band.locator('details[data-phone-reveal] summary').click();
    await expect(link).toBeVisible();
    await expect(link).toHaveText(`Call ${phone}`);
  }
});

test('closed days and a location without hours show Closed and By appointment only', async ({ page }, testInfo) => {
  const { site, snapshot } = setup(testInfo);
  for (const location of snapshot.locations.filter((l) => l.slug).slice(0, 3)) {
    const rows = weeklyHoursRows(location.contact_detail?.opening_hours, { special: location.special_hours, now: new Date(), timeZone: site.timeZone });
    await page.goto(locationPath(site, location.slug!));
    const table = page.locator('section[aria-labelledby="hours-heading"] table').first();
    await expect(table.locator('td')).toHaveText(rows.map((r) => `${r.text}${r.special ? 'Holiday hours' : ''}`));
    const notes = (location.contact_detail?.opening_hours ?? []).filter((h) => h.status === 'Closed' && h.note).map((h) => h.note!);
    for (const note of notes) await expect(table).toContainText(note);
    if ((location.contact_detail?.opening_hours ?? []).length === 0) expect(rows.every((r) => r.text === 'Closed')).toBe(true);
  }
  // Every demo site has a day 'By appointment only' (the second location's Sunday).
  expect(snapshot.locations.some((l) => l.contact_detail?.opening_hours?.some((h) => h.note === 'By appointment only'))).toBe(true);
});

test('the dealer locator grid follows the layout rule at this site\'s number of locations', async ({ page }, testInfo) => {
  const { site, snapshot } = setup(testInfo);
  const count = snapshot.locations.length;
  const layout = locationGridLayout(count);
  expect(layout).toBe(count === 2 ? 'few' : count === 4 ? 'several' : 'many');
  const columns = async () =>
    new Set(await page.locator('#location-list > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().left)))).size;

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(locatorPath);
  const list = page.locator('#location-list');
  await expect(list).toHaveAttribute('data-layout', layout);
  await expect(list.locator(':scope > li')).toHaveCount(count);
  expect(await columns()).toBe(layout === 'few' ? 2 : layout === 'several' ? 4 : 4);
  // Each card's photo is 150 px high and has loaded.
  const image = list.locator('li img').first();
  await expect(image).toBeVisible();
  expect((await image.boundingBox())!.height).toBe(150);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // A card's hours modal: the week grouped by the rule and the holiday hours; focus in, and back on Escape.
  const first = orderedLocations(snapshot.locations)[0]!;
  const opener = list.locator(':scope > li').first().getByRole('button', { name: 'Opening hours' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `${first.name} opening hours` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const rows = weeklyHoursRows(first.contact_detail?.opening_hours, { special: first.special_hours, now: new Date(), timeZone: site.timeZone });
  await expect(dialog.locator('section').first().locator('th')).toHaveText(rows.map((r) => r.label));
  await expect(dialog.locator('[data-holiday-hours] tr')).toHaveCount(upcomingSpecialHours(first.special_hours, new Date(), site.timeZone).length);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await columns()).toBe(1);

  // The home page's location row: the swipe hint only above 3 locations.
  await page.goto('/');
  const hint = page.getByText('Swipe to see more locations');
  if (showSwipeHint(count)) await expect(hint).toBeVisible();
  else await expect(hint).toHaveCount(0);
  expect(site.slug).toBeTruthy();
});

test('a postcode sorts the locations by distance, and bad postcodes say why', async ({ page }, testInfo) => {
  // axe over a locator of 52 cards (summit-motor-group) takes a while on a busy machine.
  test.slow();
  const { snapshot } = setup(testInfo);
  const ordered = orderedLocations(snapshot.locations);
  // The postcode of the location listed last, so the sort has to move it to the top.
  const last = ordered.at(-1)!;
  const postcode = last.address!.postcode!;
  expect(POSTCODE_CENTROIDS[postcode]).toBeTruthy();
  const expected = sortByDistance(ordered, geocodePostcode(postcode, POSTCODE_CENTROIDS));

  await page.goto(locatorPath);
  const box = page.getByLabel('Find your nearest location');
  const names = page.locator('#location-list > li [data-location-name]');
  const distances = page.locator('#location-list > li [data-distance]');
  await expect(distances.first()).toBeHidden();

  await box.fill('12');
  await box.press('Enter');
  await expect(page.locator('[data-finder-error]')).toHaveText('Invalid postcode. Please enter a 4-digit number.');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill('9999');
  await page.getByRole('button', { name: 'Sort by distance' }).click();
  await expect(page.locator('[data-finder-error]')).toHaveText('Invalid postcode');

  await box.fill(postcode);
  await page.getByRole('button', { name: 'Sort by distance' }).click();
  await expect(page.locator('[data-finder-error]')).toHaveText('');
  await expect(page.locator('[data-finder-status]')).toHaveText(`Sorted nearest first from postcode ${postcode}.`);
  await expect(names).toHaveText(expected.map((e) => e.location.name));
  await expect(distances).toHaveText(expected.map((e) => formatDistance(e.distanceKm!)));
  // The nearest is in the shopper's postcode (a group may have two showrooms there), and the order changed.
  expect(expected[0]!.location.address!.postcode).toBe(postcode);
  expect(expected[0]!.location.name).not.toBe(ordered[0]!.name);
  await expect(distances.first()).toHaveText(/^(< 1|\d+) km$/);

  expect(await seriousViolations(page)).toEqual([]);

  // A shared link with ?postcode= arrives sorted.
  await page.goto(`${locatorPath}?postcode=${postcode}`);
  await expect(names.first()).toHaveText(expected[0]!.location.name);
});
