import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { HEADER_PARSED_ID } from '../../src/views/navigation.ts';

const sites = loadAllSiteConfigs('sites');

test.describe('every demo site', () => {
  test('home page renders the dealer, its menu and its stock links', async ({ page }, testInfo) => {
    const site = findSite(sites, String(testInfo.project.metadata.site));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(site.name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: site.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();

    // The brand colour from the site config reaches the page as a custom property.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--site-primary').trim());
    expect(primary.toLowerCase()).toBe(site.theme.primary.toLowerCase());

    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-home.png`), fullPage: false });
    expect(errors).toEqual([]);
  });

  test('a content page opens from the footer and shows its text', async ({ page }, testInfo) => {
    const site = findSite(sites, String(testInfo.project.metadata.site));
    await page.goto('/privacy-policy/');
    await expect(page).toHaveTitle(new RegExp(`\\| ${site.name}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('7 days');
  });

  test('a word longer than a phone is wide wraps instead of widening the vehicle page', async ({ browser }, testInfo) => {
    const slug = String(testInfo.project.metadata.site);
    const vehicle = (await readSnapshot(slug))!.vehicles.find((v) => v.status === 'in_stock')!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/cars/${vehicle.slug}/`);
    // Feed text as a broken or hostile feed sends it: one unbroken 3,000-character word in the title and the
    // comments, where the page shows them.
    await page.evaluate(() => {
      const word = 'W'.repeat(3000);
      document.querySelector('h1')!.textContent = `2024 Toyota ${word}`;
      for (const p of Array.from(document.querySelectorAll('main p')).slice(0, 3)) p.textContent = `Comments ${word}`;
    });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    await page.screenshot({ path: testInfo.outputPath(`${slug}-long-word.png`) });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await context.close();
  });

  test('on a slow phone the header is whole in the first frame and never moves as the page arrives', async ({ browser }, testInfo) => {
    const slug = String(testInfo.project.metadata.site);
    const vehicle = (await readSnapshot(slug))!.vehicles.find((v) => v.status === 'in_stock')!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    // A slow phone's parser stops part-way through a page and lets the browser paint. The header's row
    // shares its width between the dealer's name, the search box and the phone, so a header painted
    // before its end arrives would move when the rest is parsed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.addInitScript((id) => {
      const seen = { firstFrame: null as boolean | null, headerShift: 0 };
      (window as unknown as { __header: typeof seen }).__header = seen;
      requestAnimationFrame(() => (seen.firstFrame = document.getElementById(id) !== null));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }>) {
          if (entry.sources?.some(({ node }) => (node instanceof Element ? node : node?.parentElement)?.closest('header'))) seen.headerShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, HEADER_PARSED_ID);
    for (const path of ['/', `/cars/${vehicle.slug}/`]) {
      await page.goto(path, { waitUntil: 'load', timeout: 20_000 });
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => (window as unknown as { __header: { firstFrame: boolean | null; headerShift: number } }).__header);
      expect(seen.firstFrame, `${path}: the header was complete in the first frame`).toBe(true);
      expect(seen.headerShift, `${path}: layout shift inside the header`).toBe(0);
    }
    await context.close();
  });

  test('the mobile menu opens without JavaScript', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Menu', { exact: true }).click();
    await expect(nav.getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-mobile-menu.png`) });
    await context.close();
  });
});
