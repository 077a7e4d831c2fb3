import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { PREPARING_TEXT } from '../../src/lib/vehicle-pdf.ts';
import { isAvailable } from '../../src/rules/availability.ts';
import { visibleLength } from '../../src/rules/comments.ts';
import type { Location } from '../../src/schemas/location.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';
import { headerPhone } from '../../src/views/phone.ts';
import { callBlock } from '../../src/views/vehicle/actions.ts';
import { locationBar } from '../../src/views/vehicle/extras.ts';
import { financeCtaHref } from '../../src/views/vehicle/price.ts';
import { fillVisibleFields, leadsFor, sendForm, uniqueEmail } from '../support/leads.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

/**
 * The defects found on the built vehicle pages, each checked as a shopper meets it, on every demo
 * site (one Playwright project per site): phone masking and the phone-reveal request, dealer
 * comments (cut, toggle, script injection), the dismissible location bar, print (new tab or PDF
 * download), the vehicle carried into the test-drive and finance forms, and the form dialogs.
 */
const sites = loadAllSiteConfigs('sites');
const siteOf = (info: TestInfo) => findSite(sites, String(info.project.metadata.site));

function snapshotOf(site: SiteConfig): Snapshot {
  return readSnapshotSync(site.slug)!;
}

/** Vehicles a shopper can buy, with a price. */
function available(site: SiteConfig): NormalisedVehicle[] {
  return snapshotOf(site).vehicles.filter((v) => isAvailable(v) && (v.price ?? 0) > 1000);
}

/** A vehicle whose page has a call block. */
function callable(site: SiteConfig): { vehicle: NormalisedVehicle; locations: Location[] } {
  const { locations } = snapshotOf(site);
  const vehicle = available(site).find((v) => callBlock(v, site, locations) !== null);
  if (!vehicle) throw new Error(`${site.slug}: no available vehicle has a phone number`);
  return { vehicle, locations };
}

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

/** Records every phone-reveal request the page sends (the endpoint comes with a later issue: answered here). */
async function recordReveals(page: Page): Promise<Array<Record<string, unknown>>> {
  const sent: Array<Record<string, unknown>> = [];
  await page.route('**/api/phone-reveal', async (route) => {
    expect(route.request().method()).toBe('POST');
    sent.push(JSON.parse(route.request().postDataBuffer()?.toString() ?? 'null') as Record<string, unknown>);
    await route.fulfill({ status: 204 });
  });
  return sent;
}

/** What a reveal of a vehicle's number must send. */
function expectedRecord(site: SiteConfig, vehicle: NormalisedVehicle): Record<string, unknown> {
  return {
    car_id: Number(vehicle.id),
    ...(vehicle.dealership_id !== null && vehicle.dealership_id !== undefined ? { dealership_id: Number(vehicle.dealership_id) } : {}),
    website_id: site.slug,
  };
}

test.describe('phone masking', () => {
  test('the number is masked everywhere on a masking site until the shopper reveals it; the reveal shows it, makes it callable and records it', async ({ page }, info) => {
    const site = siteOf(info);
    const { vehicle, locations } = callable(site);
    const call = callBlock(vehicle, site, locations)!;
    const header = headerPhone(site, locations, { kind: 'vehicle', vehicleId: Number(vehicle.id) })!;
    const sent = await recordReveals(page);
    await page.goto(`/cars/${vehicle.slug}/`);

    if (site.vehicle.showPhoneImmediately) {
      // Shown at once: nothing masked, the numbers are plain links.
      expect(call.masked).toBeNull();
      await expect(page.locator('details[data-phone-reveal]')).toHaveCount(0);
      await expect(page.locator('#call-dealer')).toContainText(call.text);
      await expect(page.locator(`#call-dealer a[href="${call.tel}"]`)).toBeVisible();
      await expect(page.locator(`header a[href="${header.tel}"]`)).toHaveText(`Call ${header.text}`);
      expect(sent).toEqual([]);
      return;
    }

    expect(call.masked).toBe(call.text.slice(0, 5) + '*'.repeat(call.text.length - 5));
    // Before the shopper asks: no full number shown anywhere, and no number to call.
    const before = await visibleText(page);
    expect(before).not.toContain(call.text);
    expect(before).not.toContain(header.text);
    expect(before).toContain(call.masked!);
    await expect(page.locator('header')).toContainText(`Call ${header.masked}`);
    await expect(page.locator('a[href^="tel:"]:visible')).toHaveCount(0);
    // The mobile bar's Call Now goes to the call block, not to the number.
    await expect(page.locator('nav[aria-label="Quick actions"] a', { hasText: 'Call Now' })).toHaveAttribute('href', '#call-dealer');
    expect(await seriousViolations(page, '#call-dealer')).toEqual([]);
    expect(await seriousViolations(page, 'header')).toEqual([]);

    // The keyboard reveals it: Enter on the call block's control.
    await page.locator('#call-dealer summary').focus();
    await page.keyboard.press('Enter');
    const number = page.locator(`#call-dealer a[href="${call.tel}"]`).first();
    await expect(number).toBeVisible();
    await expect(number).toHaveText(call.text);
    await expect(number).toBeFocused();
    await expect(page.locator('#call-dealer').getByRole('link', { name: /^Call / })).toHaveAttribute('href', call.tel);
    expect(await seriousViolations(page, '#call-dealer')).toEqual([]);
    await expect.poll(() => sent).toEqual([expectedRecord(site, vehicle)]);
    // The same number elsewhere is revealed with it; Call Now now calls.
    if (header.tel === call.tel) await expect(page.locator(`header a[href="${call.tel}"]`)).toBeVisible();
    await expect(page.locator('nav[aria-label="Quick actions"] a', { hasText: 'Call Now' })).toHaveAttribute('href', call.tel);

    // The header's own number, where it differs, is revealed on its own and recorded once.
    if (header.tel !== call.tel) {
      await page.locator('header details[data-phone-reveal] summary').click();
      await expect(page.locator(`header a[href="${header.tel}"]`)).toHaveText(`Call ${header.text}`);
      await expect.poll(() => sent.length).toBe(2);
    }
    await page.waitForTimeout(300);
    expect(sent.length).toBe(header.tel === call.tel ? 1 : 2);
  });

  test("on a phone, the mobile bar's Call Now reveals the number in the call block", async ({ browser }, info) => {
    const site = siteOf(info);
    test.skip(site.vehicle.showPhoneImmediately, `${site.slug} shows the number at once`);
    const { vehicle, locations } = callable(site);
    const call = callBlock(vehicle, site, locations)!;
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const sent = await recordReveals(page);
    await page.goto(`/cars/${vehicle.slug}/`);
    const bar = page.locator('nav[aria-label="Quick actions"]');
    await bar.getByRole('link', { name: 'Call Now' }).click();
    await expect(page.locator(`#call-dealer a[href="${call.tel}"]`).first()).toBeInViewport();
    await expect.poll(() => sent).toEqual([expectedRecord(site, vehicle)]);
    await expect(bar.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', call.tel);
    await page.screenshot({ path: info.outputPath(`${site.slug}-revealed-390.png`) });
    await context.close();
  });

  test('without JavaScript the shopper still opens the number and can call it', async ({ browser }, info) => {
    const site = siteOf(info);
    test.skip(site.vehicle.showPhoneImmediately, `${site.slug} shows the number at once`);
    const { vehicle, locations } = callable(site);
    const call = callBlock(vehicle, site, locations)!;
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    expect(await visibleText(page)).not.toContain(call.text);
    await page.locator('#call-dealer summary').click();
    await expect(page.locator(`#call-dealer a[href="${call.tel}"]`).first()).toBeVisible();
    await context.close();
  });

  test('a page without a vehicle masks the header number too, and its reveal records no car', async ({ page }, info) => {
    const site = siteOf(info);
    const { locations } = snapshotOf(site);
    const header = headerPhone(site, locations, { kind: 'home' })!;
    const sent = await recordReveals(page);
    await page.goto('/');
    if (header.masked === null) {
      await expect(page.locator(`header a[href="${header.tel}"]`)).toHaveText(`Call ${header.text}`);
      return;
    }
    expect(await visibleText(page)).not.toContain(`Call ${header.text}`);
    await page.locator('header details[data-phone-reveal] summary').click();
    await expect(page.locator(`header a[href="${header.tel}"]`)).toHaveText(`Call ${header.text}`);
    const primary = locations.find((l) => l.primary) ?? locations[0]!;
    await expect
      .poll(() => sent)
      .toEqual([{ ...(primary.dealership_id !== null && primary.dealership_id !== undefined ? { dealership_id: Number(primary.dealership_id) } : {}), website_id: site.slug }]);
  });
});

test.describe('dealer comments', () => {
  /** An available vehicle whose comments are longer than the site's limit. */
  function longComments(site: SiteConfig): NormalisedVehicle | undefined {
    return available(site).find((v) => visibleLength(v.dealercomments ?? '') > site.vehicle.commentsLimit + 20 && !/<[a-z]/i.test(v.dealercomments ?? ''));
  }

  for (const javaScript of [true, false]) {
    test(`the preview is cut at a word and the toggle follows the text it expands and collapses${javaScript ? '' : ' (no JavaScript)'}`, async ({ browser }, info) => {
      const site = siteOf(info);
      const vehicle = longComments(site);
      test.skip(!vehicle, `${site.slug} has no vehicle with long comments`);
      const labels = site.vehicle.commentsToggle === 'show-more-less' ? ['Show More', 'Show Less'] : ['more...', 'less...'];
      const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await page.goto(`/cars/${vehicle!.slug}/`);
      const section = page.locator('#dealer-comments');
      const preview = section.locator('[data-preview]');
      const toggle = section.locator('summary');
      const full = section.locator('details > div');
      const whole = (vehicle!.dealercomments ?? '').replace(/\s+/g, ' ').trim();

      const shown = ((await preview.innerText()) ?? '').replace(/\s+/g, ' ').trim();
      expect(shown.length).toBeLessThanOrEqual(site.vehicle.commentsLimit);
      expect(shown.length).toBeGreaterThan(site.vehicle.commentsLimit - 40);
      // Whole words only: the comments go on with a space after the preview.
      expect(whole.startsWith(shown)).toBe(true);
      expect(whole[shown.length]).toMatch(/\s/);
      await expect.poll(() => toggle.innerText()).toBe(labels[0]!);
      expect((await toggle.boundingBox())!.y).toBeGreaterThanOrEqual(boxBottom(await preview.boundingBox()));

      await toggle.click();
      await expect.poll(() => toggle.innerText()).toBe(labels[1]!);
      await expect(preview).toBeHidden();
      await expect(full).toBeVisible();
      expect((await full.innerText()).replace(/\s+/g, ' ').trim()).toBe(whole);
      // The toggle that collapses the text is below it.
      expect((await toggle.boundingBox())!.y).toBeGreaterThanOrEqual(boxBottom(await full.boundingBox()));
      if (javaScript) expect(await seriousViolations(page, '#dealer-comments')).toEqual([]);

      await toggle.click();
      await expect.poll(() => toggle.innerText()).toBe(labels[0]!);
      await expect(preview).toBeVisible();
      await expect(full).toBeHidden();
      await context.close();
    });
  }

  test('comments carrying a script-injection attempt run no script and show no markup', async ({ page }, info) => {
    test.setTimeout(120_000);
    const site = siteOf(info);
    const [first, second] = available(site);
    // The page exactly as the build renders it, with the attacks in the feed's comments; served
    // without the site's Content-Security-Policy, so only the sanitising stands in their way.
    const attack = `<p>Well kept, one owner.</p><script>window.__xss='script'</script><img src="x" onerror="window.__xss='img'"><svg onload="window.__xss='svg'"><script>window.__xss='svg-script'</script></svg><a href="javascript:window.__xss='link'">See the deal</a> <a href=" JaVaScRiPt:window.__xss='spaced'">and more</a><iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe><div onmouseover="window.__xss='hover'" style="position:fixed;inset:0">Hover here</div><form action="javascript:window.__xss='form'"><button>Go</button></form><style>body{display:none}</style><math><mi xlink:href="javascript:window.__xss='math'">x</mi></math> ${'Serviced on time, every time. '.repeat(16)}`;
    const escaped = `&lt;p&gt;Clean inside and out.&lt;/p&gt;&lt;script&gt;window.__xss='escaped'&lt;/script&gt;&lt;img src=x onerror="window.__xss='escaped-img'"&gt;`;
    const pages = JSON.parse(
      execFileSync(process.execPath, ['tests/support/render-vehicle-pages.ts'], {
        input: JSON.stringify({ site: site.slug, vehicles: { [String(first!.id)]: { dealercomments: attack }, [String(second!.id)]: { dealercomments: escaped } } }),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as Record<string, string>;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    for (const vehicle of [first!, second!]) {
      const path = `/cars/${vehicle.slug}/`;
      const html = pages[String(vehicle.id)]!;
      await page.route(`**${path}`, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      await page.goto(path);
      const section = page.locator('#dealer-comments');
      await expect(section).toContainText(vehicle === first ? 'Well kept, one owner.' : 'Clean inside and out.');
      // Open the full text, hover and click what is there, as a shopper might.
      const toggle = section.locator('summary');
      if ((await toggle.count()) > 0) await toggle.click();
      for (const link of await section.locator('a:visible').all()) await link.click({ timeout: 2_000 });
      await section.hover();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
      expect(await section.locator('script, iframe, svg, math, form, style, img').count()).toBe(0);
      const handlers = await section.evaluate((el) => [...el.querySelectorAll('*')].flatMap((e) => e.getAttributeNames().filter((n) => n.startsWith('on') || n === 'style' || n === 'srcdoc')));
      expect(handlers).toEqual([]);
      const hrefs = await section.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
      // No markup shows as text.
      const text = await section.innerText();
      expect(text).not.toMatch(/<\/?[a-z]|onerror|onload|javascript:|__xss/i);
      await expect(page.locator('body')).toBeVisible();
      if (vehicle === first) {
        // The check can fail: the same attack put into the page unsanitised does run.
        await section.evaluate((el, markup) => (el.innerHTML = markup), attack);
        await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).not.toBeNull();
      }
    }
    expect(dialogs).toEqual([]);
  });
});

function boxBottom(box: { y: number; height: number } | null): number {
  if (!box) throw new Error('element has no box');
  return box.y + box.height - 0.5;
}

test.describe('location bar', () => {
  function barVehicles(site: SiteConfig) {
    const { locations } = snapshotOf(site);
    return available(site)
      .map((vehicle) => ({ vehicle, bar: locationBar(vehicle, site, locations) }))
      .filter((v): v is { vehicle: NormalisedVehicle; bar: NonNullable<ReturnType<typeof locationBar>> } => v.bar !== null);
  }

  test('the shopper dismisses it with the keyboard; it stays dismissed for the session, without a flash or shift', async ({ browser }, info) => {
    const site = siteOf(info);
    const withBar = barVehicles(site);
    test.skip(withBar.length === 0, `${site.slug} lists no vehicle away from its primary location`);
    const { vehicle, bar } = withBar[0]!;
    const context = await browser.newContext({ baseURL: info.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    const aside = page.getByRole('complementary', { name: 'Vehicle location' });
    await expect(aside).toContainText(`This vehicle is located at ${bar.name}`);
    const dismiss = aside.getByRole('button', { name: 'Dismiss the location notice' });
    await dismiss.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '#vehicle-map')).toEqual([]);
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await expect(aside).toBeHidden();
    // Focus stays on the page, on the next control.
    expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);

    // Reloaded, and on another vehicle at the same location: never painted, so nothing moves.
    await page.addInitScript(() => {
      const w = window as unknown as { __barPainted: boolean; __shifts: number };
      w.__barPainted = false;
      w.__shifts = 0;
      const frame = () => {
        const el = document.getElementById('vehicle-map');
        if (el && !el.hidden && el.getClientRects().length > 0) w.__barPainted = true;
        if (document.readyState !== 'complete') requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const sameLocation = withBar.filter((v) => v.bar.name === bar.name).map((v) => v.vehicle);
    for (const other of [vehicle, ...sameLocation.slice(1, 2)]) {
      await page.goto(`/cars/${other.slug}/`);
      await page.waitForLoadState('load');
      await expect(page.locator('#vehicle-map')).toBeHidden();
      expect(await page.evaluate(() => (window as unknown as { __barPainted: boolean }).__barPainted)).toBe(false);
    }
    // A vehicle at another location still announces it.
    const elsewhere = withBar.find((v) => v.bar.name !== bar.name);
    if (elsewhere) {
      await page.goto(`/cars/${elsewhere.vehicle.slug}/`);
      await expect(page.getByRole('complementary', { name: 'Vehicle location' })).toBeVisible();
    }
    await context.close();

    // A new visit shows it again.
    const fresh = await browser.newContext({ baseURL: info.project.use.baseURL });
    const again = await fresh.newPage();
    await again.goto(`/cars/${vehicle.slug}/`);
    await expect(again.getByRole('complementary', { name: 'Vehicle location' })).toBeVisible();
    await fresh.close();
  });

  test('without JavaScript the bar shows no button that could not work', async ({ browser }, info) => {
    const site = siteOf(info);
    const withBar = barVehicles(site);
    test.skip(withBar.length === 0, `${site.slug} lists no vehicle away from its primary location`);
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/cars/${withBar[0]!.vehicle.slug}/`);
    await expect(page.getByRole('complementary', { name: 'Vehicle location' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dismiss the location notice' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('print', () => {
  const dataLayer = () => ((window as unknown as { dataLayer: unknown[] }).dataLayer = []);
  const printEvents = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer: Array<{ eventId?: number }> }).dataLayer ?? []).filter((e) => e.eventId === 61));

  test('the printable page opens in a new tab, or the PDF downloads named after the slug', async ({ page, context }, info) => {
    const site = siteOf(info);
    const vehicle = available(site)[0]!;
    await page.addInitScript(dataLayer);
    await page.goto(`/cars/${vehicle.slug}/`);
    // Found by its role in the page, not its name: the name changes while the PDF downloads.
    const link = page.locator('a[data-print]');
    await expect(link).toHaveAccessibleName(/^Printable version/);

    if (site.features.print === 'page') {
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(`/cars/${vehicle.slug}/print/`);
      await expect(tab.locator('h1')).toHaveText(vehicle.display_name);
      // The shopper's vehicle page stays where it was.
      expect(new URL(page.url()).pathname).toBe(`/cars/${vehicle.slug}/`);
      expect(await printEvents(page)).toEqual([expect.objectContaining({ eventId: 61, car_id: Number(vehicle.id) })]);
      return;
    }

    expect(site.features.print).toBe('pdf');
    await expect(link).toHaveAttribute('href', `/api/cars/${vehicle.slug}/pdf?site=${site.slug}`);
    // Hold the answer a moment, so 'Preparing...' can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cars/*/pdf*', async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await link.click();
    await expect(link).toHaveText(PREPARING_TEXT);
    release();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${vehicle.slug}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(link).toHaveText('Printable version (PDF)');
    expect(await printEvents(page)).toEqual([expect.objectContaining({ eventId: 61, car_id: Number(vehicle.id) })]);
  });

  test('a PDF that cannot be made says why in an alert, and the link works again', async ({ page }, info) => {
    const site = siteOf(info);
    test.skip(site.features.print !== 'pdf', `${site.slug} prints a page, not a PDF`);
    const vehicle = available(site)[0]!;
    await page.route('**/api/cars/*/pdf*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The PDF could not be made just now. Please try again.' }) }));
    await page.goto(`/cars/${vehicle.slug}/`);
    // The alert is answered the moment it opens: an alert left open blocks the page, and with it the
    // rest of the click that opened it.
    const alert = new Promise<{ type: string; message: string }>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve({ type: dialog.type(), message: dialog.message() });
        void dialog.dismiss();
      }),
    );
    await page.getByRole('link', { name: /^Printable version/ }).click();
    expect(await alert).toEqual({ type: 'alert', message: 'The PDF could not be made just now. Please try again.' });
    await expect(page.getByRole('link', { name: /^Printable version/ })).toHaveText('Printable version (PDF)');
    await expect(page.getByRole('link', { name: /^Printable version/ })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('without JavaScript the PDF link is a plain download', async ({ browser }, info) => {
    const site = siteOf(info);
    test.skip(site.features.print !== 'pdf', `${site.slug} prints a page, not a PDF`);
    const vehicle = available(site)[1]!;
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: false, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Printable version/ }).click()]);
    expect(file.suggestedFilename()).toBe(`${vehicle.slug}.pdf`);
    await context.close();
  });
});

test.describe('the vehicle in the test-drive and finance forms', () => {
  test.describe.configure({ timeout: 60_000 });

  /** An available vehicle with a finance link (when the site has finance). */
  function financeVehicle(site: SiteConfig): NormalisedVehicle {
    return available(site).find((v) => financeCtaHref(v, site) !== null) ?? available(site)[0]!;
  }



  async function openedFrom(browser: Browser, info: TestInfo, javaScript: boolean, link: 'Book a Test Drive' | 'Apply for Finance') {
    const site = siteOf(info);
    const vehicle = financeVehicle(site);
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    const opener = page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: link });
    if ((await opener.count()) === 0) {
      await context.close();
      return null;
    }
    const href = (await opener.getAttribute('href'))!;
    expect(new URL(href, 'http://x').searchParams.get('car_id')).toBe(String(vehicle.id));
    // Without JavaScript the link itself goes to the form page; with it, the link opens a dialog,
    // so the shopper who follows it (a new tab, a shared link) is sent to its address.
    if (javaScript) await page.goto(href);
    else await opener.click();
    const url = new URL(page.url());
    expect(url.searchParams.get('car_id')).toBe(String(vehicle.id));
    return { site, vehicle, page, context, url };
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? '' : ' (no JavaScript)';

    test(`Book a Test Drive: the form page knows the car and sends it${mode}`, async ({ browser }, info) => {
      const opened = await openedFrom(browser, info, javaScript, 'Book a Test Drive');
      test.skip(!opened, 'no test drive link');
      const { site, vehicle, page, context } = opened!;
      expect(new URL(page.url()).pathname).toBe('/book-test-drive/');
      if (javaScript) {
        await page.locator('#test-drive-form').scrollIntoViewIfNeeded();
        await expect(page.locator('#test-drive-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
        await expect(page.locator('#test-drive-form input[type="hidden"][name="car_id"]')).toHaveValue(String(vehicle.id));
      }
      const email = uniqueEmail(`${site.slug}-td-car${javaScript ? '' : '-nojs'}`);
      await sendForm(page, 'test-drive-form', email);
      await expect(page).toHaveURL(/\/success\/$/);
      const [lead] = leadsFor(email);
      expect(lead).toMatchObject({ form: 'test-drive', fields: { car_id: Number(vehicle.id) }, context: { vehicle: { id: Number(vehicle.id) } } });
      await context.close();
    });

    test(`Apply for Finance: the form page is prefilled with the car, its budget and dealership, and sends them${mode}`, async ({ browser }, info) => {
      const opened = await openedFrom(browser, info, javaScript, 'Apply for Finance');
      test.skip(!opened, 'this site shows no finance link on its vehicles');
      const { site, vehicle, page, context, url } = opened!;
      const budget = url.searchParams.get('vehiclePriceBudget')!;
      expect(Number(budget)).toBeGreaterThan(0);
      if (javaScript) {
        await page.locator('#finance-form').scrollIntoViewIfNeeded();
        await expect(page.locator('#finance-form form[novalidate]')).toBeAttached({ timeout: 15_000 });
        for (const name of ['car_id', 'car_type', ...(vehicle.vin ? ['vin'] : [])]) await expect(page.locator(`#finance-form input[type="hidden"][name="${name}"]`)).toHaveValue(url.searchParams.get(name)!);
      }
      const email = uniqueEmail(`${site.slug}-fin-car${javaScript ? '' : '-nojs'}`);
      const submit = page.locator('#finance-form form button[type="submit"]');
      for (let step = 0; step < 3; step++) {
        // The budget and dealership are already filled in from the link (with JavaScript, visibly).
        if (javaScript && (await page.locator('#finance-form [name="vehiclePriceBudget"]').isVisible())) {
          await expect(page.locator('#finance-form [name="vehiclePriceBudget"]')).toHaveValue(budget);
          const dealership = url.searchParams.get('preferredDealership');
          const options = await page.locator('#finance-form [name="preferredDealership"] option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
          if (dealership && options.includes(dealership)) await expect(page.locator('#finance-form [name="preferredDealership"]')).toHaveValue(dealership);
        }
        await fillVisibleFields(page, 'finance-form', email);
        // Without JavaScript the budget field starts empty: left so, the lead takes the link's budget.
        if (!javaScript && (await page.locator('#finance-form [name="vehiclePriceBudget"]').isVisible())) await page.locator('#finance-form [name="vehiclePriceBudget"]').fill('');
        const label = (await submit.textContent())?.trim();
        await submit.click();
        if (label !== 'Next') break;
      }
      await expect(page).toHaveURL(/\/success\/$/);
      const [lead] = leadsFor(email);
      expect(lead).toMatchObject({
        form: 'finance-enquiry',
        fields: { car_id: Number(vehicle.id), car_type: vehicle.car_type, vehiclePriceBudget: Number(budget), ...(vehicle.vin ? { vin: vehicle.vin } : {}) },
        context: { vehicle: { id: Number(vehicle.id) } },
      });
      await context.close();
    });
  }
});

test.describe('form dialogs over the vehicle page', () => {
  test("Enquire Now still reaches the form when the dialog's code cannot be loaded", async ({ page }, info) => {
    const site = siteOf(info);
    const vehicle = available(site)[0]!;
    await page.route(/\/_astro\/FormDialog\./, (route) => route.abort('connectionfailed'));
    await page.goto(`/cars/${vehicle.slug}/`);
    const opener = page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: site.vehicle.enquireLabel });
    const href = await opener.getAttribute('href');
    expect(href).toBeTruthy();
    await opener.click();
    await expect(page).toHaveURL(new URL(href!, page.url()).href);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Enquire Now and Finance Enquiry open as modal dialogs: focus on their heading, labelled fields, Escape returns focus', async ({ page }, info) => {
    const site = siteOf(info);
    const vehicle = available(site).find((v) => financeCtaHref(v, site) !== null) ?? available(site)[0]!;
    const dialogScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/(FormDialog|LeadForm)\./.test(request.url())) dialogScripts.push(request.url());
    });
    await page.goto(`/cars/${vehicle.slug}/`);
    // The dialogs' code waits for the shopper: nothing of it loads with the page, and the first click,
    // made before it has loaded, still opens the dialog.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('astro-island:has(#enquire-dialog)')).toHaveAttribute('ssr');
    expect(dialogScripts).toEqual([]);
    const dialogs: Array<[string, string, string]> = [
      [site.vehicle.enquireLabel, 'enquire-dialog', site.vehicle.enquiryTitle],
      ['Apply for Finance', 'finance-dialog', 'Finance Enquiry'],
    ];
    for (const [label, id, heading] of dialogs) {
      const opener = page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: label });
      if ((await opener.count()) === 0) continue;
      await opener.click();
      const dialog = page.getByRole('dialog', { name: heading });
      await expect(dialog).toBeVisible();
      expect(await page.locator(`#${id}`).evaluate((d) => d.matches(':modal'))).toBe(true);
      await expect(dialog.getByRole('heading', { name: heading })).toBeFocused();
      // Every field has its label.
      const unlabelled = await dialog.locator('input:not([type="hidden"]):visible, select:visible, textarea:visible').evaluateAll((els) =>
        els.filter((e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label')).map((e) => (e as HTMLInputElement).name),
      );
      expect(unlabelled).toEqual([]);
      expect(await seriousViolations(page, `#${id}`)).toEqual([]);
      // The page behind does not take the keyboard: Tab stays in the dialog.
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      expect(await page.locator(`#${id}`).evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });
});
