// The vehicle page's budgets, measured on the built demo sites:
//   npm run bench:vehicle                    (every demo site in out/; Lighthouse 3 runs a page)
//   npm run bench:vehicle -- --site bayside-mg --runs 5
// For each site, a typical vehicle page (the median HTML size) and its largest: HTML gzipped, the JavaScript
// it loads before the shopper scrolls or interacts (to network idle), and Lighthouse's mobile performance
// score and total blocking time (median of the runs), served on loopback as a CDN would (gzip, `_headers`).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { loadAllSiteConfigs } from '../src/data/site-config.ts';
import { siteHandler } from '../src/generator/preview.ts';
import { parseCliArgs, runCli } from './cli.ts';

const project = path.resolve(import.meta.dirname, '..');
export const VEHICLE_BUDGETS = { htmlGzipKb: 35, jsGzipKb: 90, performance: 95, tbtMs: 150 } as const;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface VehiclePageResult {
  site: string;
  kind: 'typical' | 'largest';
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  jsGzipBytes: number;
  performance: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
}

/** The site's vehicle detail pages (not their checkout, trade-in or print pages) with their HTML sizes. */
function vehiclePages(siteDir: string): Array<{ path: string; bytes: number }> {
  const cars = path.join(siteDir, 'cars');
  return readdirSync(cars)
    .filter((slug) => existsSync(path.join(cars, slug, 'index.html')) && statSync(path.join(cars, slug)).isDirectory())
    .map((slug) => ({ path: `/cars/${slug}/`, bytes: statSync(path.join(cars, slug, 'index.html')).size }))
    .sort((a, b) => a.bytes - b.bytes);
}

async function serve(siteDir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const files = siteHandler(realpathSync(siteDir));
  const gzip = compression();
  const server: Server = createServer((req, res) => gzip(req as never, res as never, () => files(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The JavaScript a page loads before any scroll or interaction, to network idle, gzipped. */
async function pageJavaScript(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<{ scripts: number; gzipBytes: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Idle callbacks (islands hydrated `client:idle`) run once the page is quiet; give them their turn.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { scripts: scripts.size, gzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's mobile performance run (its default: a simulated slow 4G phone), median of `runs`. */
async function lighthouseRuns(url: string, runs: number): Promise<{ performance: number; tbtMs: number; lcpMs: number; cls: number }> {
  const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const results: Array<{ performance: number; tbtMs: number; lcpMs: number; cls: number }> = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({ ...(chromePath ? { chromePath } : {}), chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result!.lhr;
      results.push({
        performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']!.numericValue ?? 0) * 1000) / 1000,
      });
    } finally {
      await chrome.kill();
    }
  }
  return { performance: median(results.map((r) => r.performance)), tbtMs: median(results.map((r) => r.tbtMs)), lcpMs: median(results.map((r) => r.lcpMs)), cls: median(results.map((r) => r.cls)) };
}

export async function vehicleBudgets(options: { outDir?: string; sites?: string[]; runs?: number } = {}): Promise<VehiclePageResult[]> {
  const outDir = options.outDir ?? path.join(project, 'out');
  const slugs = options.sites ?? loadAllSiteConfigs(path.join(project, 'sites')).map((s) => s.slug);
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  const results: VehiclePageResult[] = [];
  try {
    for (const slug of slugs) {
      const siteDir = path.join(outDir, slug);
      if (!existsSync(siteDir)) throw new Error(`${siteDir} is missing: build the demo sites first (npm run build).`);
      const pages = vehiclePages(siteDir);
      const picks = [
        { kind: 'typical' as const, page: pages[Math.floor(pages.length / 2)]! },
        { kind: 'largest' as const, page: pages.at(-1)! },
      ];
      const server = await serve(siteDir);
      try {
        for (const { kind, page } of picks) {
          const html = readFileSync(path.join(siteDir, page.path, 'index.html'));
          const js = await pageJavaScript(browser, server.origin + page.path);
          const lh = await lighthouseRuns(server.origin + page.path, options.runs ?? 3);
          const row: VehiclePageResult = { site: slug, kind, path: page.path, htmlBytes: html.length, htmlGzipBytes: gzipSync(html).length, scripts: js.scripts, jsGzipBytes: js.gzipBytes, ...lh };
          results.push(row);
          console.log(
            `  ${slug} ${kind} vehicle page ${page.path}: HTML ${(row.htmlGzipBytes / 1024).toFixed(1)} KB gzip (${(row.htmlBytes / 1024).toFixed(0)} KB raw); ` +
              `JS before interaction ${(row.jsGzipBytes / 1024).toFixed(1)} KB gzip in ${row.scripts} scripts; Lighthouse mobile performance ${row.performance}, TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms, CLS ${row.cls}`,
          );
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (import.meta.main) {
  await runCli(async () => {
    const args = parseCliArgs({ site: { type: 'string' }, runs: { type: 'string' } });
    console.log(
      `Vehicle page budgets (targets: HTML <= ${VEHICLE_BUDGETS.htmlGzipKb} KB gzip; JS before interaction <= ${VEHICLE_BUDGETS.jsGzipKb} KB gzip; Lighthouse mobile performance >= ${VEHICLE_BUDGETS.performance}, TBT <= ${VEHICLE_BUDGETS.tbtMs} ms)`,
    );
    const results = await vehicleBudgets({ ...(args.site ? { sites: [args.site] } : {}), runs: args.runs ? Number(args.runs) : 3 });
    console.log(JSON.stringify({ vehiclePages: results }));
  });
}
