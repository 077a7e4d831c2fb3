// Astro's dev server with live reload, showing one dealer site.
//   npm run dev -- --site bayside-mg
import { dev } from 'astro';
import { parseCliArgs, runCli } from './cli.ts';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, port: { type: 'string' } });
  const sites = loadAllSiteConfigs('sites');
  const site = args.site ? findSite(sites, args.site) : sites[0]!;
  process.env.DEALER_SITE = site.slug;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  await dev({ root: process.cwd(), server: { port: args.port ? Number(args.port) : 4320, host: '127.0.0.1' } });
});
