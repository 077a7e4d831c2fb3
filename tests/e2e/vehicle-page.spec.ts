// The vehicle page as a whole, on every demo site: every island and script together pass axe at phone and
// desktop widths, with the page scrolled through (so every island below the fold has hydrated), and a sold
// vehicle too. The parts' own specs test what each does; this one holds the page they make together.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';
import { vehicleFinance } from '../../src/views/vehicle/finance.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

function snapshotOf(site: SiteConfig): Snapshot {
  return readSnapshotSync(site.slug)!;
}

/** The vehicle with the most on its page: a spin set, a finance figure, many photos. */
function fullestVehicle(site: SiteConfig): NormalisedVehicle {
  const snapshot = snapshotOf(site);
  const now = new Date(snapshot.meta.pulledAt);
  const score = (v: NormalisedVehicle) => (v.spin_images?.length ? 4 : 0) + (vehicleFinance(v, site, now) ? 2 : 0) + Math.min(v.images?.length ?? 0, 10) / 10;
  return [...snapshot.vehicles].filter((v) => v.status === 'in_stock').sort((a, b) => score(b) - score(a) || a.id - b.id)[0]!;
}

/** Scrolls to the bottom a screen at a time, as a shopper would, so every island that hydrates on sight has. */
async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
    if (await page.evaluate(() => window.innerHeight + window.scrollY >= document.body.scrollHeight - 2)) break;
  }
  await page.waitForLoadState('networkidle');
  // Every island on view has hydrated (one in a closed panel, such as a spin viewer behind its tab, waits for it).
  await expect(page.locator('astro-island[ssr]').filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
}

test.describe('the whole vehicle page', () => {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    test(`passes axe at ${width} px with every island hydrated, and logs no error`, async ({ browser }, testInfo) => {
      const site = siteOf(testInfo.project);
      const vehicle = fullestVehicle(site);
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width, height } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`/cars/${vehicle.slug}/`);
      await scrollThrough(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`${site.slug}-vehicle-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('a sold vehicle passes axe and shows no price, finance or buttons', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const sold = snapshotOf(site).vehicles.find((v) => v.status === 'sold');
    test.skip(!sold, `${site.slug} lists no sold vehicle`);
    await page.goto(`/cars/${sold!.slug}/`);
    await scrollThrough(page);
    const aside = page.getByRole('complementary', { name: 'Price and actions' });
    await expect(aside).toContainText('SOLD');
    await expect(page.locator('[data-finance-summary], #finance-calculator')).toHaveCount(0);
    await expect(aside.getByRole('link', { name: /Book a Test Drive|Reserve|Buy Online|Apply for Finance/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
