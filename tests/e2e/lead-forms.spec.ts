import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { gatedLeadType } from '../../src/rules/gated-leads.ts';
import type { LeadForm } from '../../src/schemas/leads.ts';
import { fillVisibleFields, leadsFor, sendForm, uniqueEmail } from '../support/leads.ts';
import { signInAs } from '../support/shopper-session.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

/** The form pages a site builds: path, form id, and the lead they send. */
function formPages(site: SiteConfig): Array<{ path: string; id: string; form: string }> {
  const path = (p: string) => `/${p.replace(/^\/|\/$/g, '')}/`;
  const pages: Array<{ path: string; id: string; form: string }> = [];
  if (site.finance.pageLink.startsWith('/')) pages.push({ path: path(site.finance.pageLink), id: 'finance-form', form: 'finance-enquiry' });
  if (site.urls.serviceBooking.startsWith('/') && site.forms.servicePage.mode === 'form') pages.push({ path: path(site.urls.serviceBooking), id: 'service-form', form: 'service-booking' });
  if (site.features.tradeIn) pages.push({ path: '/trade-in/', id: 'trade-in-form', form: 'trade-in' });
  pages.push({ path: path(site.urls.sellMyCar), id: 'sell-my-car-form', form: 'sell-my-car' });
  pages.push({ path: '/book-test-drive/', id: 'test-drive-form', form: 'test-drive' });
  return pages;
}

/** An available vehicle with a price, from the site's snapshot. */
function availableVehicle(site: SiteConfig, used?: boolean): NormalisedVehicle {
  const { vehicles } = readSnapshotSync(site.slug)! as { vehicles: NormalisedVehicle[] };
  return vehicles.find((v) => v.status === 'in_stock' && (v.price ?? 0) > 1000 && (used === undefined || (v.car_type === 'used') === used))!;
}

/** Scrolls to the form, as a shopper would, and waits until its island has hydrated (it then checks input itself). */
async function hydrated(page: Page, formId: string): Promise<void> {
  await page.locator(`#${formId}`).scrollIntoViewIfNeeded();
  await expect(page.locator(`#${formId} form[novalidate]`)).toBeAttached({ timeout: 15_000 });
}

/** Goes through the steps of a hydrated form, filling each, and sends it. */
test.describe('lead forms', () => {
  test.describe.configure({ timeout: 60_000 });

  for (const kind of ['finance-form', 'service-form', 'trade-in-form', 'sell-my-car-form', 'test-drive-form']) {
    test(`the ${kind.replace(/-form$/, '')} page sends its lead and lands on /success`, async ({ page, context, baseURL }, testInfo) => {
      const site = siteOf(testInfo.project);
      const target = formPages(site).find((p) => p.id === kind);
      test.skip(!target, `${site.slug} has no ${kind} page`);
      // A gated form is for signed-in shoppers (the gate itself: shopper-accounts.spec.ts).
      if (gatedLeadType(target!.form as LeadForm, site)) await signInAs(context, baseURL!, site.slug, '0412345678');
      const email = uniqueEmail(`${site.slug}-${kind}`);
      await page.addInitScript(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer = []));
      await page.goto(target!.path);
      await hydrated(page, kind);
      expect(await seriousViolations(page, `#${kind}`)).toEqual([]);
      await sendForm(page, kind, email, { checkSteps: true });
      await expect(page).toHaveURL(/\/success\/$/);
      const leads = leadsFor(email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({ site: site.slug, form: target!.form, fields: { name: 'Jane', last_name: 'Citizen', phone: '0412 345 678' }, spam: false });
      // A ticked extra service is sent in additional_services.
      if (target!.form === 'service-booking' && site.forms.additionalServices.length > 0) expect(leads[0]!.fields.additional_services).toEqual([site.forms.additionalServices[0]]);
    });
  }

  /** Forms on pages that are not form pages: an offer, contact, careers, checkout and the vehicle trade-in. */
  const otherForms: Array<{ name: string; id: string; form: string; path: (site: SiteConfig) => string | null }> = [
    {
      name: 'offer enquiry',
      id: 'offer-enquiry',
      form: 'enquiry',
      path: (site) => /<loc>https?:\/\/[^/]+(\/offers\/[^<]+)<\/loc>/.exec(readFileSync(`out/${site.slug}/sitemap.xml`, 'utf8'))?.[1] ?? null,
    },
    { name: 'contact', id: 'contact-form', form: 'enquiry', path: (site) => `/${site.urls.contact.replace(/^\/|\/$/g, '')}/` },
    { name: 'careers', id: 'careers-form', form: 'enquiry', path: (site) => `/${site.forms.careersPage}/` },
    { name: 'reserve', id: 'reserve-form', form: 'reserve', path: (site) => (site.features.reserve ? `/cars/${availableVehicle(site).slug}/${site.urls.checkoutSegment}/` : null) },
    { name: 'vehicle trade-in', id: 'trade-in-form', form: 'trade-in', path: (site) => (site.features.tradeIn ? `/cars/${availableVehicle(site).slug}/trade-in/` : null) },
  ];

  for (const other of otherForms) {
    test(`the ${other.name} form sends its lead`, async ({ page, context, baseURL }, testInfo) => {
      const site = siteOf(testInfo.project);
      const target = other.path(site);
      test.skip(target === null, `${site.slug} has no ${other.name} form`);
      if (gatedLeadType(other.form as LeadForm, site)) await signInAs(context, baseURL!, site.slug, '0412345678');
      const email = uniqueEmail(`${site.slug}-${other.name}`);
      await page.goto(target!);
      await hydrated(page, other.id);
      expect(await seriousViolations(page, `#${other.id}`)).toEqual([]);
      await sendForm(page, other.id, email, { checkSteps: true });
      await expect(page).toHaveURL(/\/success\/$/);
      const [lead] = leadsFor(email);
      expect(lead).toMatchObject({ site: site.slug, form: other.form });
      if (other.name === 'careers') expect(lead!.fields).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    });
  }

  test('Apply for Finance and Request more photos open their forms in dialogs where the site has them', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = availableVehicle(site);
    await page.goto(`/cars/${vehicle.slug}/`);
    const opened: string[] = [];
    for (const [link, dialogId, heading, form] of [
      ['Apply for Finance', 'finance-dialog', 'Finance Enquiry', 'finance-enquiry'],
      ['Request more photos', 'request-photos-dialog', 'Request more photos', 'request-photos'],
    ] as const) {
      const opener = page.locator(`[data-form-dialog="${dialogId}"]`).first();
      if ((await opener.count()) === 0) continue;
      await opener.click();
      const dialog = page.getByRole('dialog', { name: heading });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('form')).toBeVisible();
      expect(await seriousViolations(page, `#${dialogId}`)).toEqual([]);
      // Escape closes it and focus returns to the link that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      // Open again and send.
      const email = uniqueEmail(`${site.slug}-${dialogId}`);
      await opener.click();
      await sendForm(page, `${dialogId}-form`, email, { checkSteps: true });
      await expect(page).toHaveURL(/\/success\/$/);
      expect(leadsFor(email)).toMatchObject([{ form, fields: { car_id: Number(vehicle.id) } }]);
      opened.push(link);
      // Forget the remembered details, so the next form is filled with its own address.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/cars/${vehicle.slug}/`);
    }
    test.skip(opened.length === 0, `${site.slug} shows neither on this vehicle`);
  });

  test('Book a Test Drive opens a two-step dialog on the vehicle page and sends the car with the lead', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = availableVehicle(site);
    const email = uniqueEmail(`${site.slug}-vehicle-test-drive`);
    await page.addInitScript(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer = []));
    await page.goto(`/cars/${vehicle.slug}/`);
    await page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: 'Book a Test Drive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a test drive' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 2: Your details')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-test-drive-dialog.png`) });
    expect(await seriousViolations(page, '#test-drive-dialog')).toEqual([]);

    // Step 2 offers the location's free times (from its opening hours) in place of a typed date.
    const form = page.locator('#test-drive-dialog-form form');
    await fillVisibleFields(page, 'test-drive-dialog-form', email);
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Step 2 of 2: Your test drive')).toBeVisible();
    const dealership = form.locator('select[name="dealership"]');
    if (await dealership.isVisible()) await dealership.selectOption({ index: 1 });
    const when = form.getByLabel('Preferred Date and Time');
    await expect(when.locator('optgroup').first()).toBeAttached();
    const first = await when.locator('optgroup option').first().getAttribute('value');
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|30):00\+10:00$/);
    expect(Date.parse(first!)).toBeGreaterThan(Date.now() + 55 * 60_000);
    await when.selectOption(first!);
    expect(await seriousViolations(page, '#test-drive-dialog')).toEqual([]);
    await sendForm(page, 'test-drive-dialog-form', email);
    await expect(page).toHaveURL(/\/success\/$/);
    const [lead] = leadsFor(email);
    expect(lead).toMatchObject({ form: 'test-drive', fields: { car_id: Number(vehicle.id), preferred_date_time: first }, context: { vehicle: { id: Number(vehicle.id) } } });
  });

  test('Enquire Now opens the enquiry in a dialog, records the analytics event and the enquiry, then /success', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = availableVehicle(site);
    const email = uniqueEmail(`${site.slug}-vehicle-enquiry`);
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
      // Keep what was pushed across the navigation to /success.
      const push = Array.prototype.push;
      (window as unknown as { dataLayer: unknown[] }).dataLayer.push = function (...items: unknown[]) {
        sessionStorage.setItem('pushed', JSON.stringify([...JSON.parse(sessionStorage.getItem('pushed') ?? '[]'), ...items]));
        return push.apply(this, items);
      };
    });
    await page.goto(`/cars/${vehicle.slug}/`);
    await page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: site.vehicle.enquireLabel }).click();
    const dialog = page.getByRole('dialog', { name: site.vehicle.enquiryTitle });
    await expect(dialog).toBeVisible();
    await sendForm(page, 'enquire-dialog-form', email, { checkSteps: true });
    await expect(page).toHaveURL(/\/success\/$/);
    const [lead] = leadsFor(email);
    expect(lead).toMatchObject({ form: 'enquiry', fields: { car_id: Number(vehicle.id), message: 'Please call me about this.' } });
    const pushed = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pushed'))) ?? '[]') as Array<Record<string, unknown>>;
    const expectedEvent = vehicle.tag?.toLowerCase() === 'test drive only' ? 17 : vehicle.car_type === 'used' ? 15 : 14;
    expect(pushed).toContainEqual(expect.objectContaining({ event: 'dealer_event', eventId: expectedEvent, lead_id: lead!.id }));
    expect(pushed).toContainEqual(expect.objectContaining({ event: 'conversion', lead_id: lead!.id }));
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('dealer-sites:last-enquiry'))) ?? 'null');
    expect(stored).toMatchObject({ category: 'Vehicle Enquiry', leadId: lead!.id, vehicle: { id: Number(vehicle.id) } });
    // The details are remembered and prefill the next form.
    await page.goto('/book-test-drive/');
    await hydrated(page, 'test-drive-form');
    await expect(page.locator('#test-drive-form [name="email"]')).toHaveValue(email);
  });

  test("a vehicle page's forms reach the browser in its data blocks, not in island props, and work from them", async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = availableVehicle(site);
    await page.goto(`/cars/${vehicle.slug}/`);
    // No island carries a form: a form's spec in props ran from 2 to 10 KB of attribute each.
    const propSizes = await page.locator('astro-island[props]').evaluateAll((islands) => islands.map((i) => i.getAttribute('props')!.length));
    expect(propSizes.length).toBeGreaterThan(0);
    for (const size of propSizes) expect(size).toBeLessThan(2048);
    type Spec = { id: string; steps: Array<{ fields: Array<{ label: string }> }> };
    const inline = JSON.parse((await page.locator('script#enquire-spec').textContent())!) as Spec;
    expect(inline.id).toBe('enquire');
    const dialogs = JSON.parse((await page.locator('script#form-dialog-specs').textContent())!) as Record<string, Spec>;
    expect(dialogs['enquire-dialog']!.id).toBe('enquire-dialog-form');
    // The form on the page hydrates from its block: the stepped form shows the spec's first field.
    await hydrated(page, 'enquire');
    await expect(page.locator('#enquire').getByLabel(inline.steps[0]!.fields[0]!.label, { exact: false }).first()).toBeVisible();
    // A dialog reads its form from the page's block when it opens.
    await page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: site.vehicle.enquireLabel }).click();
    const dialog = page.getByRole('dialog', { name: site.vehicle.enquiryTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(dialogs['enquire-dialog']!.steps[0]!.fields[0]!.label, { exact: false }).first()).toBeVisible();
    expect(await seriousViolations(page, '#enquire-dialog')).toEqual([]);
  });

  test('invalid input shows the spec messages, moves focus to them, and sends nothing', async ({ page, context, baseURL }, testInfo) => {
    const site = siteOf(testInfo.project);
    const target = formPages(site).find((p) => p.id === 'sell-my-car-form')!;
    if (gatedLeadType('sell-my-car', site)) await signInAs(context, baseURL!, site.slug, '0412345678');
    const posts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/leads') && posts.push(r.method()));
    await page.goto(target.path);
    await hydrated(page, target.id);
    const form = page.locator(`#${target.id} form`);
    // The steps about the car have no required field.
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText('Step 2 of 3: Its condition')).toBeVisible();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByRole('button', { name: 'Get My Offer' })).toBeVisible();
    await form.locator('[name="postcode"]').fill('40');
    await form.getByRole('button', { name: 'Get My Offer' }).click();
    const summary = form.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Please enter your first name.');
    await expect(summary).toContainText('Invalid postcode. Please enter a 4-digit number.');
    if (site.forms.requireTerms) await expect(summary).toContainText('* You must agree to the terms of use before submitting the form.');
    await expect(form.locator('[name="postcode"]')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-form-errors.png`), fullPage: false });
    expect(await seriousViolations(page, `#${target.id}`)).toEqual([]);
    // Correcting a field clears its error at once.
    await form.locator('[name="postcode"]').fill('4000');
    await expect(summary).not.toContainText('Invalid postcode');
    expect(posts).toEqual([]);
  });

  test('a network failure says so and keeps every typed value', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    await page.route('**/api/leads', (route) => route.abort('connectionrefused'));
    await page.goto('/book-test-drive/');
    await hydrated(page, 'test-drive-form');
    const email = uniqueEmail(`${site.slug}-offline`);
    await sendForm(page, 'test-drive-form', email, { checkSteps: true });
    await expect(page.locator('#test-drive-form [role="alert"]')).toHaveText('An error occurred when submitting this form');
    await expect(page.locator('#test-drive-form [name="message"]')).toHaveValue('Please call me about this.');
    await expect(page.locator('#test-drive-form button[type="submit"]')).toBeEnabled();
    expect(leadsFor(email)).toEqual([]);
  });

  test('with JavaScript off, the enquiry on a vehicle page still arrives', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = availableVehicle(site);
    const email = uniqueEmail(`${site.slug}-no-js`);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    await fillVisibleFields(page, 'enquire', email);
    await page.locator('#enquire form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/success\/$/);
    expect(leadsFor(email)).toMatchObject([{ form: 'enquiry', fields: { car_id: Number(vehicle.id) } }]);
    await context.close();
  });
});
