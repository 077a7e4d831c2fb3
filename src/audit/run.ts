/**
 * Audits the built sites in `out/` served on loopback as a CDN would (gzip, `_headers`, the runtime API at
 * `/api/*`): axe over a deterministic sample of each site's pages at a phone's and a laptop's width and over
 * the islands in their opened states; the Nu HTML checker over the same pages' files; and, per page type,
 * the page's weight and Lighthouse's scores, with an island opened where the page has one.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildRouteManifest, type Route } from '../data/route-manifest.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import { loadSiteContent, siteData, type SiteData } from '../data/site-data.ts';
import { outputFile } from '../generator/output-paths.ts';
import { OUT } from '../generator/publish.ts';
import type { LocalPublicApi } from '../ops/local-public-api.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { axeFindings } from './axe.ts';
import { checkHtml } from './html-validity.ts';
import { chromiumPath, lighthouseIslandFlow, lighthouseNavigation } from './lighthouse.ts';
import { OPENED_STATES } from './opened-states.ts';
import { evaluateTargets, type AuditReport, type AxePageResult, type OpenedStateResult, type PageTypeAudit, type SiteAudit } from './report.ts';
import { auditSample, lighthousePages } from './sample.ts';
import { serveLikeCdn } from './serve.ts';
import { pageWeight } from './weight.ts';

export interface AuditOptions {
  root: string;
  sites: SiteConfig[];
  /** Pages per site for axe and the HTML checker. */
  sample: number;
  /** Lighthouse runs per page type (their median); 0 leaves Lighthouse out. */
  lighthouseRuns: number;
  api: LocalPublicApi;
  log: (line: string) => void;
}

export const AUDIT_WIDTHS = [390, 1366] as const;

/** The site's routes and data, from the snapshot its live release was built from. */
async function siteRoutes(site: SiteConfig, root: string): Promise<{ data: SiteData; routes: Route[] }> {
  const snapshot = await readSnapshot(site.slug, root);
  if (!snapshot) throw new Error(`${site.slug} has no snapshot: build it first (npm run build -- --site ${site.slug}).`);
  const data = siteData(snapshot, loadSiteContent(site.slug, root));
  return { data, routes: buildRouteManifest(site, data) };
}

/** Opens the page and waits until it has settled (a gated page may move on to sign-in first). */
async function settle(page: import('@playwright/test').Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}

/** Runs axe, again once the page has moved on if a navigation cut the first run short. */
async function axeSettled(page: import('@playwright/test').Page) {
  try {
    return await axeFindings(page);
  } catch {
    await page.waitForLoadState('networkidle');
    return axeFindings(page);
  }
}

const ISLAND_INTERACTIONS: Record<string, { interaction: string; run: Parameters<typeof lighthouseIslandFlow>[1] }> = {
  'search landing': {
    interaction: 'words typed into the stock search',
    async run(page) {
      await page.waitForSelector('[data-stock-search="ready"]', { timeout: 15_000 });
      await page.type('input[type="search"]', 'auto', { delay: 120 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    },
  },
  vehicle: {
    interaction: 'the finance calculator scrolled to and its deposit changed',
    async run(page) {
      await page.$eval('#finance-calculator', (el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForSelector('#finance-calculator astro-island:not([ssr])', { timeout: 15_000 });
      const deposit = '#finance-calculator input[id$="-deposit"]';
      await page.click(deposit, { count: 3 });
      await page.type(deposit, '5000', { delay: 120 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    },
  },
};

async function auditSite(site: SiteConfig, browser: Browser, options: AuditOptions): Promise<SiteAudit> {
  const { root, log } = options;
  const siteDir = path.resolve(root, OUT, site.slug);
  const { data, routes } = await siteRoutes(site, root);
  const sold = new Set(data.vehicles.filter((v) => v.status === 'sold').map((v) => Number(v.id)));
  const sample = auditSample(routes, sold, options.sample);
  const server = await serveLikeCdn(siteDir, options.api.handle);
  try {
    // axe over the sample, at each width.
    const pages: AxePageResult[] = [];
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [i, sampled] of sample.entries()) {
      for (const width of AUDIT_WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        await settle(page, server.origin + sampled.path);
        pages.push({ path: sampled.path, type: sampled.type, width, findings: await axeSettled(page) });
      }
      if ((i + 1) % 25 === 0 || i + 1 === sample.length) log(`  ${site.slug}: axe ${i + 1}/${sample.length} pages`);
    }
    await context.close();

    // The islands in their opened states.
    const openedStates: OpenedStateResult[] = [];
    for (const state of OPENED_STATES) {
      const statePath = state.path(site, data, routes);
      if (!statePath) continue;
      const widths = state.width ? [state.width] : AUDIT_WIDTHS;
      for (const width of widths) {
        const stateContext = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
        const statePage = await stateContext.newPage();
        try {
          await settle(statePage, server.origin + statePath);
          await state.open(statePage, site, { shopperSession: (phone) => options.api.shopperSession(site.slug, phone) });
          openedStates.push({ name: state.name, path: statePath, width, findings: await axeFindings(statePage) });
        } catch (error) {
          openedStates.push({ name: state.name, path: statePath, width, findings: [], error: (error as Error).message.split('\n')[0]! });
        } finally {
          await stateContext.close();
        }
      }
    }
    log(`  ${site.slug}: axe over ${openedStates.length} opened states`);

    // The Nu HTML checker over the sampled pages' files.
    const byPath = new Map(routes.map((r) => [r.path, r]));
    const live = realpathSync(siteDir);
    const files = sample.map((p) => outputFile(live, p.path, byPath.get(p.path)!.kind)).filter((f) => existsSync(f));
    const checked = await checkHtml(files);
    const errors = checked.errors.map((e) => ({ ...e, file: path.relative(live, e.file) }));
    const accepted = checked.accepted.map((e) => ({ ...e, file: path.relative(live, e.file) }));
    log(`  ${site.slug}: Nu HTML checker over ${files.length} files: ${errors.length} error(s)${accepted.length ? `, ${accepted.length} where the checker lags the standard` : ''}`);

    // Weight and Lighthouse per page type.
    const pageTypes: PageTypeAudit[] = [];
    for (const { name, path: typePath } of lighthousePages(sample)) {
      const url = server.origin + typePath;
      const weight = await pageWeight(browser, url);
      const lighthouse = options.lighthouseRuns > 0 ? await lighthouseNavigation(url, options.lighthouseRuns) : null;
      const flow = ISLAND_INTERACTIONS[name];
      const islandOpen = flow && options.lighthouseRuns > 0 ? { interaction: flow.interaction, ...(await lighthouseIslandFlow(url, flow.run)) } : null;
      pageTypes.push({ type: name, path: typePath, weight, lighthouse, islandOpen });
      log(`  ${site.slug}: ${name} ${typePath}${lighthouse ? `: Lighthouse ${lighthouse.performance}/${lighthouse.accessibility}/${lighthouse.bestPractices}/${lighthouse.seo}` : ''}${islandOpen ? `; island open ${islandOpen.performance}` : ''}`);
    }
    return { site: site.slug, sampled: sample.length, pageTypes, axe: { pages, openedStates }, html: { files: files.length, errors, accepted } };
  } finally {
    await server.close();
  }
}

export async function runAudit(options: AuditOptions): Promise<AuditReport> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
  const sites: SiteAudit[] = [];
  try {
    for (const site of options.sites) {
      options.log(`${site.slug}:`);
      sites.push(await auditSite(site, browser, options));
    }
  } finally {
    await browser.close();
  }
  return {
    generatedAt: new Date().toISOString(),
    settings: { sample: options.sample, lighthouseRuns: options.lighthouseRuns, widths: [...AUDIT_WIDTHS] },
    sites,
    targets: evaluateTargets(sites),
  };
}
