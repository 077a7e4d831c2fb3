// Generates the deterministic demo feeds that the `file` source reads.
//   npm run demo-data                         default sizes (about 2,550 vehicles)
//   npm run demo-data -- --vehicles 10000     10,000 vehicles split across the demo sites
//   npm run demo-data -- --site bayside-mg --vehicles 500
//   options: --seed N (default 20251122), --as-of YYYY-MM-DD (default: today in Brisbane)
import { writeDemoFeeds } from '../src/data/demo/write.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({
    site: { type: 'string' },
    vehicles: { type: 'string' },
    seed: { type: 'string' },
    'as-of': { type: 'string' },
  });
  await writeDemoFeeds({
    site: args.site,
    vehicles: args.vehicles === undefined ? undefined : Number(args.vehicles),
    seed: args.seed === undefined ? undefined : Number(args.seed),
    asOf: args['as-of'],
    log: console.log,
  });
});
