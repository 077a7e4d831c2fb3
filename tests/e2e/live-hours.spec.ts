// 'Open now' and today's hours are right when the shopper looks, not when the site was built: the location
// page and its card, viewed at two moments of one day (the browser's clock fixed), on every demo site.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { locationPath } from '../../src/lib/urls.ts';
import { openNow } from '../../src/rules/opening-hours.ts';
import { zonedParts, zonedTimeToInstant } from '../../src/rules/time.ts';
import type { Location } from '../../src/schemas/location.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');

test('a location shows open or closed, and today\'s hours, for the moment it is viewed', async ({ page }, testInfo) => {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  const snapshot = readSnapshotSync(site.slug)!;
  const location = snapshot.locations.find((l): l is Location & { slug: string } => Boolean(l.slug) && (l.contact_detail?.opening_hours ?? []).some((h) => h.open && h.close))!;
  expect(location).toBeTruthy();
  const hours = { regular: location.contact_detail!.opening_hours, special: location.special_hours };

  // The next day with clock hours, from tomorrow: mid-morning inside them and late evening after them.
  const today = zonedParts(new Date(), site.timeZone);
  let open: Date | null = null;
  let closed: Date | null = null;
  for (let offset = 1; offset <= 14 && !(open && closed); offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const wall = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const opening = openNow(hours.regular, hours.special, zonedTimeToInstant({ ...wall, hour: 12 }, site.timeZone), site.timeZone);
    if (!opening.open || !opening.today.opens) continue;
    const [h, m] = opening.today.opens.split(':').map(Number);
    open = zonedTimeToInstant({ ...wall, hour: h!, minute: m! + 30 }, site.timeZone);
    closed = zonedTimeToInstant({ ...wall, hour: 23, minute: 30 }, site.timeZone);
  }
  expect(open && closed).toBeTruthy();

  for (const [moment, expectOpen] of [[open!, true], [closed!, false]] as const) {
    const expected = openNow(hours.regular, hours.special, moment, site.timeZone);
    expect(expected.open).toBe(expectOpen);
    await page.clock.setFixedTime(moment);
    await page.goto(locationPath(site, location.slug));
    const line = page.locator('[data-live-hours][data-variant="page"]');
    await expect(line).toHaveText(`${expectOpen ? 'Open now' : 'Closed now'}. Today: ${expected.today.text}`);
    // The same location's card on the locations page.
    await page.goto(`/${site.urls.contact.replace(/^\/|\/$/g, '')}/`);
    const card = page.locator('article', { has: page.getByRole('heading', { name: location.name, exact: true }) }).locator('[data-live-hours]');
    await expect(card).toHaveText(`${expectOpen ? 'Open now' : 'Today'}: ${expected.today.text}`);
  }
});
