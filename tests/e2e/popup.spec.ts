// The popup promotion on every demo site: it opens as a dialog when the shopper first scrolls the page (wheel or touch), once per site
// until closed, and never after its expiry, whatever the day the site was built.
import { expect, test, type Page } from '@playwright/test';
import { loadSiteContent } from '../../src/data/site-data.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { axeViolations } from '../support/axe.ts';
import { drawFinger } from '../support/touch.ts';

const sites = loadAllSiteConfigs('sites');

async function arrive(page: Page): Promise<void> {
  await page.goto('/');
  await page.mouse.wheel(0, 400);
}

test('the popup opens at the first scroll, not on a click or a keyboard move, is a dialog, and stays closed once closed', async ({ page }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const popup = loadSiteContent(site.slug).popup;
  const live = Boolean(site.features.popup && popup?.enabled && Date.parse(popup.expiry) > Date.now());
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: popup?.title ?? 'none' });
  if (!live) {
    // Switched off or expired when the site was built: not on the page at all.
    await expect(page.locator('dialog#site-popup')).toHaveCount(0);
    return;
  }
  // Nothing interrupts the first view, a click or moving through the page with the keyboard.
  await page.getByRole('heading', { level: 1 }).click();
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('dialog#site-popup')).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await page.mouse.wheel(0, 400);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: popup!.cta.label })).toBeFocused();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(600);
  expect(box.height).toBeLessThanOrEqual(0.8 * page.viewportSize()!.height + 1);
  expect(await axeViolations(page, '#site-popup')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Closed once: not again on this site, after a reload or on the next visit.
  await arrive(page);
  await page.waitForTimeout(300);
  await expect(dialog).toBeHidden();
});

test('on a phone, the popup opens when a finger scrolls the page', async ({ browser }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const popup = loadSiteContent(site.slug).popup;
  test.skip(!(site.features.popup && popup?.enabled && Date.parse(popup.expiry) > Date.now()), `${site.slug} has no live popup (checked above)`);
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: popup!.title });
  await expect(page.locator('dialog#site-popup')).toHaveCount(1);
  await expect(dialog).toBeHidden();
  // A finger drawn up the lower half of the screen, away from the slider's strip.
  await drawFinger(page, await context.newCDPSession(page), { x: 200, y: 780 }, { x: 200, y: 480 });
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, '#site-popup')).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
  await context.close();
});

test('the popup never opens after its expiry, even on a page built before it', async ({ page }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const popup = loadSiteContent(site.slug).popup;
  test.skip(!(site.features.popup && popup?.enabled && Date.parse(popup.expiry) > Date.now()), `${site.slug} has no live popup (checked above)`);
  await page.clock.setFixedTime(new Date(Date.parse(popup!.expiry) + 1000));
  await arrive(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('dialog#site-popup')).toHaveCount(1);
});
