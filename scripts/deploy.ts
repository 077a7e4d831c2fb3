// Publishes a built site to one of its deploy targets (deploy.targets in sites/<slug>.yaml), uploading
// only what changed since the target's manifest, then purging the changed URLs on its CDN.
//   npm run deploy -- --site bayside-mg --target production
//   npm run deploy -- --site bayside-mg --target production --dry-run    print what would change
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { deploySite } from '../src/deploy/deploy.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, target: { type: 'string' }, 'dry-run': { type: 'boolean' } });
  if (!args.site) throw new Error('Name the site to deploy: npm run deploy -- --site <slug> --target <name>');
  const root = process.cwd();
  const site = findSite(loadAllSiteConfigs('sites', root), args.site);
  const target = args.target ?? (Object.keys(site.deploy.targets).length === 1 ? Object.keys(site.deploy.targets)[0]! : undefined);
  if (!target) throw new Error(`Name the target: npm run deploy -- --site ${site.slug} --target <name>. ${site.slug}'s targets: ${Object.keys(site.deploy.targets).join(', ')}.`);
  await deploySite(site, target, { root, dryRun: args['dry-run'] ?? false, log: console.log });
});
