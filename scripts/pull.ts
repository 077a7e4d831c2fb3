// Pulls each site's stock, offers, locations, reviews and models into a validated snapshot.
//   npm run pull                         every site
//   npm run pull -- --site bayside-mg    one site
//   npm run pull -- --site bayside-mg --force    publish even if the stock-drop guard objects
import { ensureDemoFeeds } from '../src/data/demo/write.ts';
import { pullSite, summaryLine } from '../src/data/pull.ts';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, force: { type: 'boolean' } });
  const all = loadAllSiteConfigs('sites');
  const sites = args.site ? [findSite(all, args.site)] : all;
  await ensureDemoFeeds(sites, process.cwd(), console.log);
  const failures: string[] = [];
  for (const site of sites) {
    try {
      const report = await pullSite(site, { force: args.force ?? false });
      console.log(summaryLine(report));
      for (const q of report.quarantined.slice(0, 5)) console.log(`  quarantined ${q.source} ${q.id} ${q.path}: ${q.reason}`);
      if (report.quarantined.length > 5) console.log(`  ... and ${report.quarantined.length - 5} more in data/snapshots/${site.slug}.pull-report.json`);
    } catch (error) {
      failures.push((error as Error).message);
      console.error(`${site.slug}: FAILED. ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${sites.length} site(s) were not pulled; their last good snapshots are unchanged.`);
});
