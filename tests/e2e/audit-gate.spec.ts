// The fast part of the audit (npm run audit runs all of it): on each demo site, a deterministic sample of its
// pages (every page type, sold vehicles and each form apart) is valid HTML to the Nu checker, and a typical
// vehicle page and the stock search stay within their budgets of HTML and JavaScript before any interaction.
// (axe over one page of every type at both widths is the page-types spec.)
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { BUDGETS, kb } from '../../src/audit/budgets.ts';
import { checkHtml } from '../../src/audit/html-validity.ts';
import { auditSample } from '../../src/audit/sample.ts';
import { pageWeight } from '../../src/audit/weight.ts';
import { buildRouteManifest } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import { outputFile } from '../../src/generator/output-paths.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

/** Pages a site's HTML check covers: every type, and more of the numerous ones. */
const GATE_SAMPLE = 60;
const sites = loadAllSiteConfigs('sites');

function siteOf(slug: string) {
  const site = findSite(sites, slug);
  const snapshot = readSnapshotSync(slug)!;
  const data = siteData(snapshot, loadSiteContent(slug));
  return { site, data, routes: buildRouteManifest(site, data) };
}

test('a sample of every page type is valid HTML to the Nu checker', async ({}, info) => {
  test.setTimeout(120_000);
  const { data, routes } = siteOf(String(info.project.metadata.site));
  const sold = new Set(data.vehicles.filter((v) => v.status === 'sold').map((v) => Number(v.id)));
  const live = realpathSync(`out/${info.project.metadata.site}`);
  const kinds = new Map(routes.map((r) => [r.path, r.kind]));
  const files = auditSample(routes, sold, GATE_SAMPLE).map((p) => outputFile(live, p.path, kinds.get(p.path)!));
  const { errors } = await checkHtml(files);
  expect(errors.map((e) => `${path.relative(live, e.file)}:${e.line ?? '?'}: ${e.message} [${e.extract ?? ''}]`)).toEqual([]);
});

test('a typical vehicle page and the stock search keep to their budgets of HTML and JavaScript', async ({ browser, baseURL }, info) => {
  test.setTimeout(60_000);
  const slug = String(info.project.metadata.site);
  const { routes } = siteOf(slug);
  const live = realpathSync(`out/${slug}`);
  // The typical vehicle page: the median by HTML size.
  const vehicles = routes
    .filter((r) => r.kind === 'vehicle')
    .map((r) => ({ path: r.path, bytes: statSync(outputFile(live, r.path, r.kind)).size }))
    .sort((a, b) => a.bytes - b.bytes);
  const typical = vehicles[Math.floor(vehicles.length / 2)]!;
  const html = gzipSync(readFileSync(outputFile(live, typical.path, 'vehicle'))).length;
  const vehicle = await pageWeight(browser, `${baseURL}${typical.path}`);
  const search = await pageWeight(browser, `${baseURL}/search/new-used-and-demo-cars/`);
  const measured = { vehicleHtmlKb: kb(html), vehicleJsKb: kb(vehicle.jsGzipBytes), searchJsKb: kb(search.jsGzipBytes) };
  info.annotations.push({ type: 'budgets', description: JSON.stringify(measured) });
  expect(measured.vehicleHtmlKb, `${typical.path} HTML, KB gzip`).toBeLessThanOrEqual(BUDGETS.vehicle.htmlGzipKb);
  expect(measured.vehicleJsKb, `${typical.path} JavaScript before interaction, KB gzip`).toBeLessThanOrEqual(BUDGETS.vehicle.jsGzipKb);
  expect(measured.searchJsKb, 'search page JavaScript before interaction, KB gzip').toBeLessThanOrEqual(BUDGETS.search.jsGzipKb);
  // The budgets are not met by a page that failed to load its scripts.
  expect(vehicle.scripts).toBeGreaterThan(0);
  expect(search.scripts).toBeGreaterThan(0);
});
