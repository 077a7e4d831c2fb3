// Every kind of page a demo site publishes, one of each (and each kind of form page), opened as a shopper would on a
// phone and on a laptop: it answers, logs no error, and axe finds no serious or critical problem at either width.
// The kinds come from the route manifest, so a new kind of page is checked the day it is added.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { buildRouteManifest, type Route } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';

const sites = loadAllSiteConfigs('sites');

/** One route of each kind (each form kind apart), the first the manifest lists. */
function samples(slug: string): Route[] {
  const site = findSite(sites, slug);
  const snapshot = JSON.parse(readFileSync(`data/snapshots/${slug}.json`, 'utf8')) as Snapshot;
  const routes = buildRouteManifest(site, siteData(snapshot, loadSiteContent(slug)));
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const key = route.kind === 'form' ? `form:${route.form}` : route.kind;
    if (!seen.has(key)) seen.set(key, route);
  }
  return [...seen.values()];
}

const serious = (violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown }> }>) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);

test('every kind of page answers, logs no error, and passes axe at 390 and 1366 px', async ({ page }, info) => {
  test.setTimeout(360_000);
  const slug = String(info.project.metadata.site);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  const problems: string[] = [];
  for (const route of samples(slug)) {
    const name = route.kind === 'form' ? `form page (${route.form})` : route.kind;
    await test.step(`${name} at ${route.path}`, async () => {
      errors.length = 0;
      await page.setViewportSize({ width: 390, height: 844 });
      const response = await page.goto(route.path);
      const status = response?.status();
      if (status !== (route.kind === 'not-found' ? 404 : 200)) problems.push(`${route.path}: status ${status}`);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('load');
      for (const problem of serious((await new AxeBuilder({ page }).analyze()).violations)) problems.push(`${route.path} at 390 px: ${problem}`);
      await page.setViewportSize({ width: 1366, height: 900 });
      for (const problem of serious((await new AxeBuilder({ page }).analyze()).violations)) problems.push(`${route.path} at 1366 px: ${problem}`);
      for (const error of errors) problems.push(`${route.path}: ${error}`);
    });
  }
  expect(problems).toEqual([]);
});
