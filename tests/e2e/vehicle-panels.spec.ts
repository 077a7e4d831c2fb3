// The vehicle page's panels on each demo site, as a shopper meets them: the price drop note and days
// in stock, the certified-vehicle dialog, Protect Your Car and the used-vehicle checks, the price
// comparison and its count-up, the delivery and fuel calculators, a sold vehicle, axe in the opened
// states, screenshots; and the JSON-LD of every vehicle page held to what the page shows.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent } from '../../src/data/site-data.ts';
import { isAvailable } from '../../src/rules/availability.ts';
import { certifiedProgramFor } from '../../src/rules/certified.ts';
import { EMPTY_POSTCODE_MESSAGE, NO_ESTIMATE_MESSAGE, deliveryAnswer } from '../../src/rules/delivery.ts';
import { isElectric } from '../../src/rules/fuel.ts';
import { COUNT_UP_MS, marketComparison, priceComparisonView } from '../../src/rules/price-comparison.ts';
import { daysInStock, daysInStockText, listedSinceText, priceDropNote } from '../../src/rules/price-history.ts';
import { formatPrice, priceDisplay } from '../../src/rules/pricing.ts';
import { showUsedCarChecks } from '../../src/rules/used-car-checks.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';
import { attr, findAll, parseHtml, text } from '../support/html.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));
const snapshotOf = (site: SiteConfig) => readSnapshotSync(site.slug)!;
const carPath = (v: NormalisedVehicle) => `/cars/${v.slug}/`;

/** What the page shows as the price: the purchase amount, or null (weekly price, no price, sold). */
function shownPrice(v: NormalisedVehicle, site: SiteConfig): number | null {
  const shown = priceDisplay(v, site);
  return isAvailable(v) && (shown.kind === 'price' || shown.kind === 'offer') ? shown.amount : null;
}

/** The first vehicle matching, or a failure naming what the demo data lacks. */
function pick(site: SiteConfig, what: string, match: (v: NormalisedVehicle) => boolean): NormalisedVehicle {
  const found = snapshotOf(site).vehicles.find(match);
  if (!found) throw new Error(`${site.slug}'s demo data has no ${what}`);
  return found;
}

const comparable = (site: SiteConfig) => (v: NormalisedVehicle) => isAvailable(v) && site.features.priceComparison && priceComparisonView(marketComparison(v)) !== null;

/** Scrolls to a calculator, as a shopper would, and waits until its script has taken it over. */
async function ready(page: Page, name: 'fuel-calculator' | 'delivery-calculator'): Promise<void> {
  await page.locator(`[data-${name}]`).scrollIntoViewIfNeeded();
  await expect(page.locator(`[data-${name}="ready"]`)).toBeAttached({ timeout: 15_000 });
}

const dollars = (figure: string) => Number(figure.replace(/[^\d]/g, ''));

test.describe('vehicle page panels', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the price comparison shows for a vehicle that qualifies, counts up for 2 s when scrolled to, and moves nothing', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const v = pick(site, 'available vehicle with a price comparison', comparable(site));
    const view = priceComparisonView(marketComparison(v))!;
    await page.goto(carPath(v));
    const panel = page.locator('[data-price-comparison]');
    const figure = panel.locator('[data-count-up]');
    // The final figures are in the HTML before anything runs.
    await expect(figure).toHaveText(formatPrice(view.listingPrice));
    await expect(panel.locator('[data-deal-label]')).toHaveText(view.label);
    await expect(panel).toHaveAttribute('data-band', view.band);
    await expect(panel).toContainText(formatPrice(view.marketMin));
    await expect(panel).toContainText(formatPrice(view.marketMax));

    const before = await panel.boundingBox();
    const figureBefore = await figure.boundingBox();
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toHaveAttribute('data-count-up', 'running', { timeout: 5_000 });
    const started = Date.now();
    const counting = dollars((await figure.textContent()) ?? '');
    expect(counting).toBeLessThan(view.listingPrice);
    await expect(panel).toHaveAttribute('data-count-up', 'done', { timeout: COUNT_UP_MS + 3_000 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(COUNT_UP_MS * 0.6);
    expect(took).toBeLessThan(COUNT_UP_MS + 2_000);
    await expect(figure).toHaveText(formatPrice(view.listingPrice));
    await expect(panel.locator('[data-fill-bar]')).toHaveAttribute('width', String(view.fillPercent));
    // Same size before and after: the count-up shifts nothing.
    const after = await panel.boundingBox();
    const figureAfter = await figure.boundingBox();
    expect([after!.width, after!.height]).toEqual([before!.width, before!.height]);
    expect(figureAfter!.width).toBe(figureBefore!.width);
  });

  test('the price comparison does not count for a shopper who prefers reduced motion', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const v = pick(site, 'available vehicle with a price comparison', comparable(site));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(carPath(v));
    const panel = page.locator('[data-price-comparison]');
    await panel.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await expect(panel).not.toHaveAttribute('data-count-up', /.*/);
    await expect(panel.locator('[data-count-up]')).toHaveText(formatPrice(priceComparisonView(marketComparison(v))!.listingPrice));
  });

  test('the price comparison is hidden for vehicles the rule leaves out: too unsure, priced above the market, or without market data', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const available = snapshotOf(site).vehicles.filter(isAvailable);
    const hidden = [
      available.find((v) => (marketComparison(v)?.confidence ?? 1) <= 0.2),
      available.find((v) => {
        const c = marketComparison(v);
        return c !== null && c.market_range_max < c.listing_price;
      }),
      available.find((v) => marketComparison(v) === null),
    ].filter((v): v is NormalisedVehicle => v !== undefined);
    expect(hidden.length, 'vehicles to check').toBeGreaterThanOrEqual(2);
    for (const v of hidden) {
      await page.goto(carPath(v));
      await expect(page.locator('h1')).toHaveText(v.display_name);
      await expect(page.locator('#price-comparison')).toHaveCount(0);
    }
  });

  test('the delivery calculator answers a postcode with its price and region, and gives both messages', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const v = pick(site, 'available vehicle with a price', (x) => isAvailable(x) && x.price > 1000);
    const table = loadSiteContent(site.slug).delivery;
    await page.goto(carPath(v));
    if (!site.features.deliveryCalculator || !table) {
      await expect(page.locator('h1')).toHaveText(v.display_name);
      await expect(page.locator('#delivery-calculator')).toHaveCount(0);
      await expect(page.locator('[data-delivery-calculator]')).toHaveCount(0);
      return;
    }
    await ready(page, 'delivery-calculator');
    const box = page.getByLabel('Your postcode');
    const go = page.getByRole('button', { name: 'Get estimate' });
    const answer = page.locator('[data-delivery-answer]');

    await go.click();
    await expect(answer).toHaveText(EMPTY_POSTCODE_MESSAGE);

    // The Sunshine Coast, from the site's table.
    await box.fill('4558');
    await go.click();
    const expected = deliveryAnswer('4558', table.regions);
    expect(expected).toMatchObject({ kind: 'estimate', region: 'Sunshine Coast', priceText: '$299' });
    await expect(answer).toHaveText('Estimated delivery to Sunshine Coast: $299');

    await box.fill('3000');
    await box.press('Enter');
    await expect(answer).toHaveText(NO_ESTIMATE_MESSAGE);

    // Without the script the table is still there to read.
    await page.getByText('Delivery prices by region').click();
    await expect(page.locator('[data-delivery-calculator] table')).toContainText('Sunshine Coast');
  });

  test('the fuel calculator starts at the spec defaults and follows what the shopper types; electric vehicles have none', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const petrol = pick(site, 'available vehicle that burns fuel', (x) => isAvailable(x) && !isElectric(x));
    await page.goto(carPath(petrol));
    const weekly = page.locator('[data-fuel-weekly]');
    // The server HTML already shows the default estimate.
    await expect(weekly).toHaveText('$42.50');
    await expect(page.getByLabel(/Fuel price/)).toHaveValue('1.70');
    await expect(page.getByLabel(/Distance/)).toHaveValue('250');
    await expect(page.getByLabel(/Fuel use/)).toHaveValue('10');
    await ready(page, 'fuel-calculator');

    await page.getByLabel(/Distance/).fill('500 kms');
    await expect(weekly).toHaveText('$85.00');
    await page.getByLabel(/Fuel price/).fill('$2.00');
    await expect(weekly).toHaveText('$100.00');
    await page.getByLabel(/Fuel use/).fill('6.5');
    await expect(weekly).toHaveText('$65.00');
    await expect(page.locator('[data-fuel-result]')).toContainText('About $3,380 a year');
    await page.getByLabel(/Distance/).fill('1,000');
    await expect(weekly).toHaveText('$130.00');
    await page.getByLabel(/Distance/).fill('lots');
    await expect(page.getByText('Enter a number in each box to see the estimate.')).toBeVisible();
    await expect(weekly).toBeHidden();
    await page.getByLabel(/Distance/).fill('250');
    await expect(weekly).toHaveText('$32.50');
    await expect(page.getByText('Enter a number in each box to see the estimate.')).toBeHidden();

    const electric = pick(site, 'available electric vehicle', (x) => isAvailable(x) && isElectric(x));
    await page.goto(carPath(electric));
    await expect(page.locator('h1')).toHaveText(electric.display_name);
    await expect(page.locator('#fuel-cost')).toHaveCount(0);
  });

  test('the price drop note and days in stock sit under the price', async ({ page, browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const snapshot = snapshotOf(site);
    const asOf = new Date(snapshot.meta.pulledAt);
    const dropped = pick(site, 'vehicle whose last price change was a drop to its shown price', (x) => priceDropNote(x.price_history, shownPrice(x, site), asOf, site.timeZone) !== null);
    await page.goto(carPath(dropped));
    const note = priceDropNote(dropped.price_history, shownPrice(dropped, site), asOf, site.timeZone)!;
    await expect(page.locator('[data-price-drop]')).toHaveText(note.text);
    expect(note.text).toMatch(/^Price dropped \$[\d,]+ on \d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/);
    // The page counts the days on the shopper's own day, however long ago it was built.
    await expect(page.locator('[data-days-in-stock]')).toHaveText(daysInStockText(daysInStock(dropped.created_at, new Date(), site.timeZone)!, dropped.status));

    // A vehicle whose price never dropped has the days in stock and no note.
    const steady = pick(site, 'available vehicle with no price history', (x) => isAvailable(x) && x.price_history.length === 0 && x.created_at != null);
    await page.goto(carPath(steady));
    await expect(page.locator('[data-days-in-stock]')).toHaveText(/^(In stock for \d+ days?|New in stock today|Listed (\d+ days? ago|today))$/);
    await expect(page.locator('[data-price-drop]')).toHaveCount(0);

    // Without JavaScript the line names the listing day, which stays true between builds.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const still = await context.newPage();
    await still.goto(carPath(steady));
    await expect(still.locator('[data-days-in-stock]')).toHaveText(listedSinceText(steady.created_at, steady.status, asOf, site.timeZone)!);
    expect(await still.locator('[data-days-in-stock]').textContent()).toMatch(/^(In stock since|Listed) \d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/);
    await context.close();
  });

  test('the certified-vehicle dialog opens, moves focus in, closes by button and by Escape, and returns focus', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const programs = loadSiteContent(site.slug).copy.certifiedPrograms;
    const certified = snapshotOf(site).vehicles.find((v) => isAvailable(v) && certifiedProgramFor(v, site, programs) !== null);
    if (!certified) {
      // Sites without certified makes or programmes show no dialog, even on a certified used vehicle.
      const used = pick(site, 'available used vehicle', (x) => isAvailable(x) && x.car_type === 'used');
      await page.goto(carPath(used));
      await expect(page.locator('h1')).toHaveText(used.display_name);
      await expect(page.locator('[data-certified-open]')).toHaveCount(0);
      await expect(page.locator('[data-certified-dialog]')).toHaveCount(0);
      expect(site.vehicle.certifiedMakes.length === 0 || !programs?.length, `${site.slug} certifies makes and has copy but no certified vehicle`).toBe(true);
      return;
    }
    const program = certifiedProgramFor(certified, site, programs)!;
    await page.goto(carPath(certified));
    const opener = page.locator('[data-certified-open]');
    const dialog = page.getByRole('dialog', { name: program.title });
    await expect(dialog).toBeHidden();

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(program.text);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // A vehicle of a make without a programme, or not certified, has no dialog.
    const plain = pick(site, 'available vehicle without a certified programme', (x) => isAvailable(x) && certifiedProgramFor(x, site, programs) === null);
    await page.goto(carPath(plain));
    await expect(page.locator('h1')).toHaveText(plain.display_name);
    await expect(page.locator('[data-certified-open]')).toHaveCount(0);
  });

  test('Protect Your Car shows on every available vehicle, and the used-vehicle checks on used vehicles where the site has them', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const copy = loadSiteContent(site.slug).copy;
    const used = pick(site, 'available used vehicle', (x) => isAvailable(x) && x.car_type === 'used');
    await page.goto(carPath(used));
    const protect = page.locator('#protect-your-car');
    if (copy.protectYourCar) {
      await expect(protect.getByRole('heading', { name: 'Protect Your Car' })).toBeVisible();
      for (const item of copy.protectYourCar.items) await expect(protect).toContainText(item.title);
    } else {
      await expect(protect).toHaveCount(0);
    }
    const checks = page.locator('#used-vehicle-checks');
    if (showUsedCarChecks(used, site) && copy.usedCarChecks) {
      for (const item of copy.usedCarChecks.items) await expect(checks).toContainText(item.title);
    } else {
      await expect(checks).toHaveCount(0);
    }
    const other = snapshotOf(site).vehicles.find((x) => isAvailable(x) && x.car_type !== 'used');
    if (other) {
      await page.goto(carPath(other));
      await expect(page.locator('h1')).toHaveText(other.display_name);
      await expect(page.locator('#used-vehicle-checks')).toHaveCount(0);
    }
  });

  test('a sold vehicle shows SOLD and Find Me Something Similar, with no price, no buttons and none of the panels', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const sold = pick(site, 'sold vehicle', (x) => x.status === 'sold' && x.price > 1000);
    await page.goto(carPath(sold));
    const aside = page.getByRole('complementary', { name: 'Price and actions' });
    await expect(aside).toContainText('SOLD');
    await expect(aside.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    expect((await aside.textContent()) ?? '').not.toMatch(/\$\s?\d/);
    for (const name of [/Reserve/, /Buy Online/, /Apply for Finance/, /Book a Test Drive/, /Value My Trade-In/, /Call Now/]) {
      await expect(aside.getByRole('link', { name })).toHaveCount(0);
      await expect(aside.getByRole('button', { name })).toHaveCount(0);
    }
    for (const selector of ['#price-comparison', '#delivery-calculator', '#fuel-cost', '#protect-your-car', '#used-vehicle-checks', '[data-price-history]', '[data-certified-open]']) {
      await expect(page.locator(selector), selector).toHaveCount(0);
    }
  });

  test('axe finds no serious or critical problem in the panels with the calculators filled and the certified dialog open', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const programs = loadSiteContent(site.slug).copy.certifiedPrograms;
    const v =
      snapshotOf(site).vehicles.find((x) => comparable(site)(x) && !isElectric(x) && certifiedProgramFor(x, site, programs) !== null) ??
      pick(site, 'available vehicle with a price comparison that burns fuel', (x) => comparable(site)(x) && !isElectric(x));
    await page.goto(carPath(v));
    await ready(page, 'fuel-calculator');
    await page.getByLabel(/Distance/).fill('320 kms');
    if (site.features.deliveryCalculator) {
      await ready(page, 'delivery-calculator');
      await page.getByLabel('Your postcode').fill('4558');
      await page.getByRole('button', { name: 'Get estimate' }).click();
      await expect(page.locator('[data-delivery-answer]')).toContainText('Sunshine Coast');
      await page.getByText('Delivery prices by region').click();
    }
    await page.locator('[data-price-comparison]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-price-comparison]')).toHaveAttribute('data-count-up', 'done', { timeout: 5_000 });
    const parts = ['[data-price-history]', '#protect-your-car', '#fuel-cost', '#price-comparison'];
    if (site.features.deliveryCalculator) parts.push('#delivery-calculator');
    if (await page.locator('#used-vehicle-checks').count()) parts.push('#used-vehicle-checks');
    if (await page.locator('[data-certified-open]').count()) {
      await page.locator('[data-certified-open]').click();
      await expect(page.locator('[data-certified-dialog]')).toBeVisible();
      parts.push('[data-certified-open]', '[data-certified-dialog]');
    }
    expect(await seriousViolations(page, ...parts)).toEqual([]);
  });

  test('screenshots of the panels at 390 and 1366 px wide', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const programs = loadSiteContent(site.slug).copy.certifiedPrograms;
    const snapshot = snapshotOf(site);
    const asOf = new Date(snapshot.meta.pulledAt);
    const v =
      snapshot.vehicles.find((x) => comparable(site)(x) && !isElectric(x) && priceDropNote(x.price_history, shownPrice(x, site), asOf, site.timeZone) !== null) ??
      pick(site, 'available vehicle with a price comparison that burns fuel', (x) => comparable(site)(x) && !isElectric(x));
    const certified = snapshot.vehicles.find((x) => isAvailable(x) && certifiedProgramFor(x, site, programs) !== null);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(carPath(v));
      await page.getByRole('complementary', { name: 'Price and actions' }).screenshot({ path: testInfo.outputPath(`${site.slug}-${width}-aside.png`) });
      for (const id of ['protect-your-car', 'used-vehicle-checks', 'fuel-cost', 'delivery-calculator', 'price-comparison']) {
        const section: Locator = page.locator(`#${id}`);
        if ((await section.count()) === 0) continue;
        // Centred, clear of the phone's bottom action bar.
        await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        if (id === 'price-comparison') await expect(page.locator('[data-price-comparison]')).toHaveAttribute('data-count-up', 'done', { timeout: 5_000 });
        await section.screenshot({ path: testInfo.outputPath(`${site.slug}-${width}-${id}.png`) });
      }
      if (certified) {
        await page.goto(carPath(certified));
        await page.locator('[data-certified-open]').click();
        await expect(page.locator('[data-certified-dialog]')).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`${site.slug}-${width}-certified-dialog.png`) });
      }
    }
  });
});

test.describe('vehicle JSON-LD', () => {
  test.setTimeout(240_000);

  test('every vehicle page offers the price and status it shows, with its odometer and VIN', async ({}, testInfo) => {
    const site = siteOf(testInfo.project);
    const root = path.resolve('out', site.slug);
    const published = new Set(readdirSync(path.join(root, 'cars')));
    const vehicles = snapshotOf(site).vehicles;
    expect(vehicles.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const v of vehicles) {
      if (!published.has(v.slug)) {
        problems.push(`${v.slug}: no page`);
        continue;
      }
      const { document } = parseHtml(readFileSync(path.join(root, 'cars', v.slug, 'index.html'), 'utf8'));
      const car = findAll(document, (el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json')
        .map((el) => JSON.parse(text(el)) as Record<string, unknown>)
        .find((b) => b['@type'] === 'Car');
      const aside = findAll(document, (el) => el.tagName === 'aside' && attr(el, 'aria-label') === 'Price and actions')[0];
      const body = findAll(document, (el) => el.tagName === 'body')[0]!;
      if (!car || !aside) {
        problems.push(`${v.slug}: no Car JSON-LD or no price block`);
        continue;
      }
      // The price block is the first thing in the sidebar.
      const priceBlock = aside.childNodes.find((n) => 'tagName' in n)!;
      // Text of elements runs together ('SOLDThis vehicle…'), so it is read from its start.
      const shownText = text(priceBlock).replace(/\s+/g, ' ').trim();
      const offer = car.offers as { price?: number; availability: string; priceSpecification?: { price: number; referenceQuantity: { unitCode: string } } };
      const sold = shownText.startsWith('SOLD');
      const shown = shownText.match(/^\$[\d,]+( \/wk)?/)?.[0] ?? null;
      if (sold !== (offer.availability === 'https://schema.org/SoldOut')) problems.push(`${v.slug}: page ${sold ? 'says' : 'does not say'} SOLD, JSON-LD availability ${offer.availability}`);
      const expectedAvailability = v.status === 'in_stock' ? 'InStock' : v.status === 'coming_soon' ? 'PreOrder' : 'SoldOut';
      if (offer.availability !== `https://schema.org/${expectedAvailability}`) problems.push(`${v.slug}: status ${v.status}, JSON-LD ${offer.availability}`);
      const offered = offer.price !== undefined ? formatPrice(offer.price) : offer.priceSpecification ? `${formatPrice(offer.priceSpecification.price)} /wk` : null;
      if (offered !== shown) problems.push(`${v.slug}: page shows ${shown ?? shownText.slice(0, 30)}, JSON-LD offers ${offered ?? 'no price'}`);
      if (offer.priceSpecification && offer.priceSpecification.referenceQuantity.unitCode !== 'WEE') problems.push(`${v.slug}: a weekly price not per week`);
      const pageText = text(body);
      const mileage = car.mileageFromOdometer as { value: number } | undefined;
      if (mileage && !pageText.includes(mileage.value.toLocaleString('en-AU'))) problems.push(`${v.slug}: odometer ${mileage.value} not on the page`);
      if (typeof v.km === 'number' && mileage?.value !== v.km) problems.push(`${v.slug}: odometer ${mileage?.value} in JSON-LD, ${v.km} in the data`);
      const vin = car.vehicleIdentificationNumber as string | undefined;
      if (vin !== (v.vin?.trim() || undefined)) problems.push(`${v.slug}: VIN ${vin} in JSON-LD, ${v.vin} in the data`);
      if (vin && !pageText.includes(vin)) problems.push(`${v.slug}: VIN ${vin} not on the page`);
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
  });
});
