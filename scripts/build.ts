// Builds the dealer sites under sites/ into out/<slug>/.
//   npm run build                      every site
//   npm run build -- --site bayside-mg one site
//   npm run build -- --skip-pull       render from the current snapshots
//   npm run build -- --force           publish even if a pull's stock-drop guard objects
import { buildSites } from '../src/generator/build.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, 'skip-pull': { type: 'boolean' }, force: { type: 'boolean' } });
  const started = performance.now();
  const results = await buildSites({ site: args.site, skipPull: args['skip-pull'] ?? false, force: args.force ?? false, log: console.log });
  const pages = results.reduce((n, r) => n + r.pages, 0);
  console.log(`Built ${results.length} site(s), ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
});
