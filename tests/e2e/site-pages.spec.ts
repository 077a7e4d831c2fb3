// The service, careers, contact, vehicle reviews and 404 pages on every demo site, used as a shopper would:
// service tabs opened from the address (and the address replaced as tabs change), the booking iframe loaded
// only in its tab, the service centre picker, the careers lead with its converted category and event, every
// contact URL shape, the reviews list, and the 404 page's stock search. Axe on each page type.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { slugify } from '../../src/lib/text.ts';
import { serviceLocations } from '../../src/rules/service-page.ts';
import type { Location } from '../../src/schemas/location.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { leadsFor, sendForm, uniqueEmail } from '../support/leads.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

interface SnapshotFile {
  vehicles: NormalisedVehicle[];
  locations: Location[];
}
const snapshotOf = (site: SiteConfig) => readSnapshotSync(site.slug)! as SnapshotFile;

/** The service page's path on a site that books on its own pages, else null. */
const servicePath = (site: SiteConfig) => (site.urls.serviceBooking.startsWith('/') ? `/${site.urls.serviceBooking.replace(/^\/|\/$/g, '')}/` : null);

test.describe('service page', () => {
  test.describe.configure({ timeout: 60_000 });

  test('tabs open from ?tab, the address is replaced as tabs change, and the booking iframe loads only in its tab', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const path = servicePath(site);
    test.skip(path === null, `${site.slug} books service elsewhere`);
    const settings = site.forms.servicePage;
    if (settings.mode !== 'tabs') {
      await page.goto(path!);
      await expect(page.getByRole('tablist')).toHaveCount(0);
      if (settings.mode === 'form') {
        await expect(page.locator('#service-form form')).toBeVisible();
        await expect(page.locator('iframe')).toHaveCount(0);
      }
      return;
    }
    const names = settings.tabs.map((t) => t.name);
    const bookingName = settings.tabs.find((t) => t.content === 'booking')!.name;
    const formName = settings.tabs.find((t) => t.content === 'form')!.name;
    const framed: string[] = [];
    page.on('request', (r) => r.frame() !== page.mainFrame() && r.resourceType() === 'document' && framed.push(r.url()));

    // The form's tab, named in the address: the booking page is not loaded.
    await page.goto(`${path}?tab=${encodeURIComponent(formName.toLowerCase())}`);
    const tabs = page.getByRole('tablist', { name: 'Ways to book a service' });
    await expect(tabs.getByRole('tab')).toHaveText(names);
    await expect(tabs.getByRole('tab', { name: formName })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: bookingName })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: formName }).locator('#service-form form')).toBeVisible();
    const frame = page.locator('iframe[data-booking-frame]');
    await expect(frame).toBeHidden();
    await expect(frame).not.toHaveAttribute('src');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Choosing the booking tab loads the booking page (750 high, titled) and replaces the address.
    const historyLength = await page.evaluate(() => history.length);
    await tabs.getByRole('tab', { name: bookingName }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=${encodeURIComponent(bookingName.toLowerCase()).replace(/%20/g, '\\+')}$`));
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('height', '750');
    await expect(frame).toHaveAttribute('title', /online booking/);
    await expect(frame).toHaveAttribute('src', /^\/|^https?:/);
    if (settings.iframeUrl!.startsWith('/')) {
      // The site's own booking page: framed by the site, it shows the service form.
      await expect(page.frameLocator('iframe[data-booking-frame]').locator('#service-form form')).toBeVisible({ timeout: 15_000 });
    }
    expect(framed.length).toBeGreaterThan(0);
    await expect(page.getByRole('tabpanel', { name: formName })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-service-booking-tab.png`) });
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The keyboard moves between tabs with the arrow keys (and the address follows).
    await tabs.getByRole('tab', { name: bookingName }).focus();
    await page.keyboard.press('ArrowRight');
    const next = names[(names.indexOf(bookingName) + 1) % names.length]!;
    await expect(tabs.getByRole('tab', { name: next })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: next })).toHaveAttribute('aria-selected', 'true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe(next.toLowerCase());

    // No tab named: the first; a name in other case and separators: that tab.
    await page.goto(path!);
    await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await page.goto(`${path}?tab=${formName.toUpperCase().replace(/ /g, '-')}`);
    await expect(tabs.getByRole('tab', { name: formName })).toHaveAttribute('aria-selected', 'true');
  });

  test("the form in its tab sends a service booking; without JavaScript every panel shows", async ({ page, browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const path = servicePath(site);
    test.skip(path === null || site.forms.servicePage.mode !== 'tabs', `${site.slug} has no service tabs (its form: lead-forms.spec.ts)`);
    const formName = site.forms.servicePage.tabs.find((t) => t.content === 'form')!.name;
    const email = uniqueEmail(`${site.slug}-service-tab`);
    await page.goto(`${path}?tab=${encodeURIComponent(formName.toLowerCase())}`);
    await page.locator('#service-form').scrollIntoViewIfNeeded();
    await expect(page.locator('#service-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
    await sendForm(page, 'service-form', email, { checkSteps: true });
    await expect(page).toHaveURL(/\/success\/$/);
    expect(leadsFor(email)).toMatchObject([{ site: site.slug, form: 'service-booking', fields: { name: 'Jane' } }]);

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const plain = await context.newPage();
    await plain.goto(path!);
    for (const tab of site.forms.servicePage.tabs) await expect(plain.getByRole('heading', { name: tab.name, level: 2 })).toBeVisible();
    await expect(plain.locator('#service-form form')).toBeVisible();
    await expect(plain.getByRole('link', { name: 'Open the booking page on its own' })).toBeVisible();
    await context.close();
  });

  test('a service centre picker where several locations take bookings, and the booking goes to the chosen one', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const path = servicePath(site);
    test.skip(path === null, `${site.slug} books service elsewhere`);
    const centres = serviceLocations(snapshotOf(site).locations);
    const picker = page.locator('[data-service-location-picker]');
    await page.goto(path!);
    if (centres.length < 2) {
      await expect(picker).toHaveCount(0);
      return;
    }
    const select = picker.getByLabel('Service centre');
    await expect(select.locator('option')).toHaveText(centres.map((c) => c.name));
    expect(await seriousViolations(page, '[data-service-location-picker]')).toEqual([]);
    const chosen = centres[1]!;
    await select.selectOption(chosen.slug!);
    await picker.getByRole('button', { name: 'Book at this centre' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?location=${chosen.slug}$`));
    await expect(picker.locator(`[data-service-location="${chosen.slug}"]`)).toHaveAttribute('aria-current', 'true');
    await expect(select).toHaveValue(chosen.slug!);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-service-centre.png`), fullPage: false });

    if (site.forms.servicePage.mode === 'form') {
      const email = uniqueEmail(`${site.slug}-service-centre`);
      await page.locator('#service-form').scrollIntoViewIfNeeded();
      await expect(page.locator('#service-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
      await sendForm(page, 'service-form', email, { checkSteps: true });
      await expect(page).toHaveURL(/\/success\/$/);
      expect(leadsFor(email)).toMatchObject([{ form: 'service-booking', fields: { location: chosen.slug } }]);
    }
  });
});

test('the careers page sends a General Enquiry, subcategory Career Enquiry, with event 51', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const site = siteOf(testInfo.project);
  const email = uniqueEmail(`${site.slug}-careers`);
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    const push = Array.prototype.push;
    (window as unknown as { dataLayer: unknown[] }).dataLayer.push = function (...items: unknown[]) {
      sessionStorage.setItem('pushed', JSON.stringify([...JSON.parse(sessionStorage.getItem('pushed') ?? '[]'), ...items]));
      return push.apply(this, items);
    };
  });
  await page.goto(`/${site.forms.careersPage}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('#careers-form').scrollIntoViewIfNeeded();
  await expect(page.locator('#careers-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await sendForm(page, 'careers-form', email, { checkSteps: true });
  await expect(page).toHaveURL(/\/success\/$/);
  const [lead] = leadsFor(email);
  expect(lead).toMatchObject({ site: site.slug, form: 'enquiry', fields: { category: 'General Enquiry', subcategory: 'Career Enquiry' } });
  const pushed = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pushed'))) ?? '[]') as Array<Record<string, unknown>>;
  expect(pushed).toContainEqual(expect.objectContaining({ eventId: site.forms.careersEventId, lead_id: lead!.id }));
  expect(site.forms.careersEventId).toBe(51);
});

test.describe('contact pages', () => {
  test('/contact and /contact-us both reach the contact page with its form', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const contact = `/${site.urls.contact.replace(/^\/|\/$/g, '')}/`;
    for (const shape of ['/contact', '/contact-us', '/contact/', '/contact-us/']) {
      const response = await page.goto(shape);
      expect(response?.status(), shape).toBe(200);
      await expect(page, shape).toHaveURL(new RegExp(`${contact}$`));
      await expect(page.locator('#contact-form')).toBeAttached();
    }
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await expect(page.locator('#contact-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/contact-us/{location slug} and /contact-us/{name slug} reach the location', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const locations = snapshotOf(site).locations.filter((l) => l.slug && l.name).slice(0, 3);
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      for (const slug of new Set([location.slug!, slugify(location.name)])) {
        const response = await page.goto(`/contact-us/${slug}`);
        expect(response?.status(), slug).toBe(200);
        await expect(page).toHaveURL(new RegExp(`/${site.urls.locationBase}/${location.slug}/$`));
        await expect(page.getByRole('heading', { level: 1 })).toContainText(location.name);
      }
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a location's page takes a message for that location", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const site = siteOf(testInfo.project);
    const location = snapshotOf(site).locations.find((l) => l.slug)!;
    const email = uniqueEmail(`${site.slug}-location-contact`);
    await page.goto(`/${site.urls.locationBase}/${location.slug}/`);
    await expect(page.getByRole('heading', { name: `Contact ${location.name}` })).toBeVisible();
    await page.locator('#location-contact-form').scrollIntoViewIfNeeded();
    await expect(page.locator('#location-contact-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
    await sendForm(page, 'location-contact-form', email);
    await expect(page).toHaveURL(/\/success\/$/);
    const [lead] = leadsFor(email);
    expect(lead).toMatchObject({ site: site.slug, form: 'enquiry', fields: { location: location.slug } });
  });
});

test('vehicle reviews at /blog/vehicle-reviews where the site has them, newest first', async ({ page }, testInfo) => {
  const site = siteOf(testInfo.project);
  const response = await page.goto('/blog/vehicle-reviews/');
  if (!site.features.blog) {
    expect(response?.status()).toBe(404);
    return;
  }
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Reviews');
  const cards = page.locator('[data-blog-list] article');
  expect(await cards.count()).toBeGreaterThan(0);
  const dates = await cards.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());
  expect(await seriousViolations(page)).toEqual([]);
  const first = cards.first().getByRole('link');
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/blog\/vehicle-reviews\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Vehicle Reviews' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const model = page.getByRole('link', { name: 'See the model' });
  if ((await model.count()) > 0) expect((await page.request.get((await model.getAttribute('href'))!)).status()).toBe(200);
});

test.describe('404 page', () => {
  test('offers a stock search box and popular links that all lead somewhere', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const response = await page.goto('/this-page-does-not-exist/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sorry, we can't find that page");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-404.png`) });

    // Every popular link is a page the site serves.
    const main = page.locator('main');
    const hrefs = await main.locator('section a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(8);
    for (const href of new Set(hrefs)) expect((await page.request.get(href)).status(), href).toBe(200);
    // The makes most in stock come first.
    const { vehicles } = snapshotOf(site);
    const counts = new Map<string, number>();
    for (const v of vehicles) counts.set(v.make, (counts.get(v.make) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    await expect(main.getByRole('region', { name: 'Popular makes' }).getByRole('link').first()).toHaveText(top);

    // The search box searches the stock for what is typed.
    const box = main.getByRole('combobox', { name: 'Search our stock' });
    await box.fill(top);
    await expect(main.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toContainText(`Search stock for “${top}”`);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?query=/);
    expect(new URL(page.url()).searchParams.get('query')).toBe(top);
  });

  test('without JavaScript the search box still opens the stock search', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/no-such-car/');
    await page.getByRole('combobox', { name: 'Search our stock' }).fill('ute');
    await page.locator('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?query=ute$/);
    await context.close();
  });
});
