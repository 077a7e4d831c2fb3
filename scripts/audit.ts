// Audits the built demo sites as shoppers' browsers and search engines see them, served on loopback the way
// a CDN would (gzip, `_headers`): Lighthouse mobile per page type (median of the runs, and again with an
// island opened), axe over a sample of each site's pages at 390 and 1366 px and over the islands opened,
// the Nu HTML checker over the same pages, and each page type's weight against the budgets. Sites not built
// from the current code are built first (from their snapshots). Writes out/_reports/audit.json and prints a table.
//   npm run audit
//   npm run audit -- --site bayside-mg --sample 60 --runs 1
//   npm run audit -- --no-lighthouse                 axe, HTML and weights only
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditTable } from '../src/audit/report.ts';
import { runAudit } from '../src/audit/run.ts';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { writeFileAtomic } from '../src/data/feed-files.ts';
import { buildSites, reportPath } from '../src/generator/build.ts';
import { codeVersion } from '../src/generator/compile.ts';
import { OUT } from '../src/generator/publish.ts';
import { loadPublicApiConfig } from '../src/ops/config.ts';
import { startLocalPublicApi } from '../src/ops/local-public-api.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, sample: { type: 'string' }, runs: { type: 'string' }, 'no-lighthouse': { type: 'boolean' } });
  const root = process.cwd();
  const sample = Number(args.sample ?? 300);
  const runs = args['no-lighthouse'] ? 0 : Number(args.runs ?? 3);
  if (!Number.isInteger(sample) || sample < 1) throw new Error(`--sample must be a whole number of pages, got ${args.sample}`);
  if (!Number.isInteger(runs) || runs < 0) throw new Error(`--runs must be a whole number, got ${args.runs}`);
  const all = loadAllSiteConfigs('sites', root);
  const sites = args.site ? [findSite(all, args.site)] : all;

  // Audit what this code builds: a site built by other code (or not at all) is built again first.
  const version = await codeVersion(root);
  const stale = sites.filter((site) => {
    if (!existsSync(path.join(root, OUT, site.slug))) return true;
    try {
      return (JSON.parse(readFileSync(reportPath(site.slug, root), 'utf8')) as { codeVersion?: string }).codeVersion !== version;
    } catch {
      return true;
    }
  });
  for (const site of stale) {
    console.log(`${site.slug} is not built from this code: building it from its snapshot first.`);
    await buildSites({ root, site: site.slug, skipPull: existsSync(path.join(root, 'data', 'snapshots', `${site.slug}.json`)), log: console.log });
  }

  // Leads and sign-ins the audit's pages make go to a throwaway store, not data/ops.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-audit-'));
  const api = await startLocalPublicApi(root, { ...loadPublicApiConfig({ ...process.env, OPS_DATA_DIR: dataDir }), leadRateLimit: 100_000, shopperRateLimit: 100_000 }, () => {});
  try {
    console.log(`Auditing ${sites.map((s) => s.slug).join(', ')}: up to ${sample} pages a site for axe and HTML; Lighthouse ${runs > 0 ? `${runs} run(s) a page type` : 'left out'}`);
    const report = await runAudit({ root, sites, sample, lighthouseRuns: runs, api, log: console.log });
    const file = path.join(root, OUT, '_reports', 'audit.json');
    await writeFileAtomic(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(auditTable(report));
    console.log(`\nWritten to ${path.relative(root, file)}`);
  } finally {
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
