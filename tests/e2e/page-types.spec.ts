// Every kind of page a demo site publishes, one of each (and each kind of form page), opened as a shopper would on a
// phone and on a laptop: it answers, logs no error, and axe (WCAG 2.2 A and AA, and best practices) finds no
// violation of any impact at either width. The fast part of the audit's gate (npm run audit is the full one).
// The kinds come from the route manifest, so a new kind of page is checked the day it is added.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeFindings, describeFindings } from '../../src/audit/axe.ts';
import { buildRouteManifest, type Route } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');

/** One route of each kind (each form kind apart), the first the manifest lists. */
function samples(slug: string): Route[] {
  const site = findSite(sites, slug);
  const snapshot = readSnapshotSync(slug)!;
  const routes = buildRouteManifest(site, siteData(snapshot, loadSiteContent(slug)));
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const key = route.kind === 'form' ? `form:${route.form}` : route.kind;
    if (!seen.has(key)) seen.set(key, route);
  }
  return [...seen.values()];
}

// One test per width: each opens every kind of page, and the two run side by side.
for (const width of [390, 1366] as const) {
  test(`every kind of page answers, logs no error, and axe finds nothing at ${width} px`, async ({ page }, info) => {
    test.setTimeout(360_000);
    const slug = String(info.project.metadata.site);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    await page.setViewportSize(width === 390 ? { width, height: 844 } : { width, height: 900 });
    const problems: string[] = [];
    for (const route of samples(slug)) {
      const name = route.kind === 'form' ? `form page (${route.form})` : route.kind;
      await test.step(`${name} at ${route.path}`, async () => {
        errors.length = 0;
        const response = await page.goto(route.path);
        const status = response?.status();
        if (status !== (route.kind === 'not-found' ? 404 : 200)) problems.push(`${route.path}: status ${status}`);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.waitForLoadState('load');
        problems.push(...describeFindings(`${route.path} at ${width} px`, await axeFindings(page)));
        for (const error of errors) problems.push(`${route.path}: ${error}`);
      });
    }
    expect(problems).toEqual([]);
  });
}
