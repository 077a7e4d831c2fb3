// The home page's sales counter: the count for the moment the shopper looks (one sale per 450 s since the
// start of the month in Brisbane), counted up over 2 s, and moving on at each refresh; on every demo site.
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { COUNT_UP_MS, salesCount } from '../../src/rules/sales-counter.ts';

const sites = loadAllSiteConfigs('sites');

test('the sales counter shows the count for the moment of viewing and moves on at each refresh', async ({ page }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  if (!site.features.salesCounter) {
    await page.goto('/');
    await expect(page.locator('[data-sales-counter]')).toHaveCount(0);
    return;
  }
  // Six hours after the build: a higher count than the page was built with (or, across a month's end, a lower one).
  const start = new Date(Date.now() + 6 * 3_600_000);
  // The page's clock stands still at `start` until the test moves it: a slow page load must not use up
  // the count-up before the test looks at it.
  await page.clock.install({ time: new Date(start.getTime() - 1000) });
  await page.clock.pauseAt(start);
  await page.goto('/');
  const counter = page.locator('[data-sales-counter]');
  const number = async () => Number((await counter.textContent())!.replace(/\D/g, ''));
  const at = (ms: number) => salesCount(new Date(start.getTime() + ms), site.salesCounter, site.timeZone);
  const built = await number();
  const target = at(0);
  if (target > built) {
    // Counting up: on its way halfway through, there after 2 s.
    await page.clock.runFor(COUNT_UP_MS / 2);
    expect(await number()).toBeGreaterThanOrEqual(built);
    expect(await number()).toBeLessThan(target);
  }
  await page.clock.runFor(COUNT_UP_MS);
  await expect(counter).toHaveText(target.toLocaleString('en-AU'));
  // One sale later (three refreshes of 150 s), it has moved on by one.
  await page.clock.runFor(site.salesCounter.secondsPerSale * 1000 - COUNT_UP_MS * 1.5);
  await page.clock.runFor(COUNT_UP_MS * 1.5);
  const later = at(site.salesCounter.secondsPerSale * 1000);
  expect(later).toBe(target + 1);
  await expect(counter).toHaveText(later.toLocaleString('en-AU'));
});
