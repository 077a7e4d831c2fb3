// The vehicle page's budgets, measured on the built demo sites:
//   npm run bench:vehicle                    (every demo site in out/; Lighthouse 3 runs a page)
//   npm run bench:vehicle -- --site bayside-mg --runs 5
// For each site, a typical vehicle page (the median HTML size) and its largest: HTML gzipped, the JavaScript
// it loads before the shopper scrolls or interacts (to network idle), and Lighthouse's mobile performance
// score and total blocking time (median of the runs), served on loopback as a CDN would (gzip, `_headers`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BUDGETS } from '../src/audit/budgets.ts';
import { chromiumPath, lighthouseNavigation } from '../src/audit/lighthouse.ts';
import { serveLikeCdn } from '../src/audit/serve.ts';
import { pageWeight } from '../src/audit/weight.ts';
import { loadAllSiteConfigs } from '../src/data/site-config.ts';
import { parseCliArgs, runCli } from './cli.ts';

const project = path.resolve(import.meta.dirname, '..');
const { vehicle: VEHICLE_BUDGETS, lighthouse: LIGHTHOUSE_BUDGETS } = BUDGETS;

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
  /** Lighthouse's CPU benchmark of the machine the page was measured on (median of the runs). */
  benchmarkIndex: number;
}

/** The site's vehicle detail pages (not their checkout, trade-in or print pages) with their HTML sizes. */
function vehiclePages(siteDir: string): Array<{ path: string; bytes: number }> {
  const cars = path.join(siteDir, 'cars');
  return readdirSync(cars)
    .filter((slug) => existsSync(path.join(cars, slug, 'index.html')) && statSync(path.join(cars, slug)).isDirectory())
    .map((slug) => ({ path: `/cars/${slug}/`, bytes: statSync(path.join(cars, slug, 'index.html')).size }))
    .sort((a, b) => a.bytes - b.bytes);
}

export async function vehicleBudgets(options: { outDir?: string; sites?: string[]; runs?: number } = {}): Promise<VehiclePageResult[]> {
  const outDir = options.outDir ?? path.join(project, 'out');
  const slugs = options.sites ?? loadAllSiteConfigs(path.join(project, 'sites')).map((s) => s.slug);
  const executablePath = chromiumPath();
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
      const server = await serveLikeCdn(siteDir);
      try {
        for (const { kind, page } of picks) {
          const html = readFileSync(path.join(siteDir, page.path, 'index.html'));
          const weight = await pageWeight(browser, server.origin + page.path);
          const { performance, tbtMs, lcpMs, cls, benchmarkIndex } = await lighthouseNavigation(server.origin + page.path, options.runs ?? 3);
          const row: VehiclePageResult = { site: slug, kind, path: page.path, htmlBytes: html.length, htmlGzipBytes: gzipSync(html).length, scripts: weight.scripts, jsGzipBytes: weight.jsGzipBytes, performance, tbtMs, lcpMs, cls, benchmarkIndex };
          results.push(row);
          console.log(
            `  ${slug} ${kind} vehicle page ${page.path}: HTML ${(row.htmlGzipBytes / 1024).toFixed(1)} KB gzip (${(row.htmlBytes / 1024).toFixed(0)} KB raw); ` +
              `JS before interaction ${(row.jsGzipBytes / 1024).toFixed(1)} KB gzip in ${row.scripts} scripts; Lighthouse mobile performance ${row.performance}, TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms, CLS ${row.cls} (machine's benchmark index ${row.benchmarkIndex})`,
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
      `Vehicle page budgets (targets: HTML <= ${VEHICLE_BUDGETS.htmlGzipKb} KB gzip; JS before interaction <= ${VEHICLE_BUDGETS.jsGzipKb} KB gzip; Lighthouse mobile performance ${LIGHTHOUSE_BUDGETS.score}, TBT <= ${VEHICLE_BUDGETS.tbtMs} ms)`,
    );
    const results = await vehicleBudgets({ ...(args.site ? { sites: [args.site] } : {}), runs: args.runs ? Number(args.runs) : 3 });
    console.log(JSON.stringify({ vehiclePages: results }));
  });
}
