// The scrolling offers banner (offers.scrollingBanner): on every page of a site that has it, one link to its
// offers page with the text repeated, moving unless the shopper prefers reduced motion; absent elsewhere.
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { axeViolations } from '../support/axe.ts';

const sites = loadAllSiteConfigs('sites');

test('the scrolling offers banner links to the offers, repeats its text, and stops for reduced motion', async ({ page }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const banner = site.offers.scrollingBanner;
  for (const path of ['/', '/special-offers/']) {
    await page.goto(path);
    const link = page.locator('[data-offers-banner]');
    if (!banner.enabled) {
      await expect(link).toHaveCount(0);
      continue;
    }
    await expect(link).toHaveAttribute('href', `${banner.link.replace(/\/?$/, '/')}`);
    await expect(link).toHaveAccessibleName(banner.text);
    // Twice the repeats, so the loop has no seam.
    await expect(link.locator('[aria-hidden="true"] > span')).toHaveCount(banner.repeat * 2);
    expect(await link.locator('[aria-hidden="true"]').evaluate((e) => getComputedStyle(e).animationName)).toBe('marquee');
  }
  if (!banner.enabled) return;
  expect(await axeViolations(page, '[data-offers-banner]')).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect(await page.locator('[data-offers-banner] [aria-hidden="true"]').evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
});
