// Brings one site up to date after editorial changes under content/<slug>/ (offers,
// popup, promo cards, pages), re-rendering only the pages that use what changed.
// Pending webhook events are applied too. Uses the same lock as the ops server, so
// it never builds a site the server is building.
//   npm run rebuild -- --site bayside-mg
//   npm run rebuild -- --site bayside-mg --full     render every page
import path from 'node:path';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { createSiteRunner } from '../src/ops/site-runner.ts';
import { OpsStore } from '../src/ops/store.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, full: { type: 'boolean' } });
  if (!args.site) throw new Error('Name the site to rebuild: npm run rebuild -- --site <slug>');
  const root = process.cwd();
  const site = findSite(loadAllSiteConfigs('sites', root), args.site);
  const store = new OpsStore(path.resolve(root, process.env.OPS_DATA_DIR ?? 'data/ops', 'ops.sqlite'));
  try {
    const runner = createSiteRunner({ store, root, appRoot: path.resolve(import.meta.dirname, '..'), log: console.log });
    let last = 0;
    const outcome = await runner(site.slug, { events: true, content: true, full: args.full ?? false, triggers: ['rebuild (command line)'] }, (p) => {
      if (p.done - last >= 100 || p.done === p.total) console.log(`${site.slug}: ${p.phase} ${p.done}/${p.total}`);
      last = p.done;
    });
    console.log(`${site.slug}: ${outcome.status} (${outcome.kind}) in ${(outcome.durationMs / 1000).toFixed(1)} s${outcome.message ? `: ${outcome.message}` : ''}`);
    if (outcome.status !== 'published') process.exitCode = 1;
  } finally {
    store.close();
  }
});
