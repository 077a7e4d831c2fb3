// Serves the built sites in out/ so a person can click through them, with the runtime API (lead forms,
// vehicle PDFs, sign-in and the other shopper routes) answering /api/* beside the files, as a static host
// in front of the ops server would. Sign-in codes are printed here unless OPS_SMS_WEBHOOK_URL is set.
// Leads are stored in the ops server's journal (OPS_DATA_DIR, default data/ops); `npm start`
// delivers them to the sites' CRM targets and lists them on its admin page.
//   npm run preview                 every site, each on its own port from 4321
//   npm run preview -- --site bayside-mg --port 8080
import path from 'node:path';
import { loadAllSiteConfigs } from '../src/data/site-config.ts';
import { startPreview } from '../src/generator/preview.ts';
import { loadPublicApiConfig } from '../src/ops/config.ts';
import { createPublicApi } from '../src/ops/leads-api.ts';
import { OpsStore } from '../src/ops/store.ts';
import { VehicleLookup } from '../src/ops/vehicle-lookup.ts';
import { shopperServices } from '../src/ops/shopper-api.ts';
import { SiteCatalogue } from '../src/ops/site-catalogue.ts';
import { VehiclePdfs } from '../src/ops/vehicle-pdf-api.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } });
  const root = process.cwd();
  const config = loadPublicApiConfig();
  const store = new OpsStore(path.resolve(root, config.dataDir, 'ops.sqlite'));
  const sites = loadAllSiteConfigs('sites', root);
  const catalogue = new SiteCatalogue(root);
  const now = () => new Date();
  const log = (line: string) => console.error(line);
  const api = await createPublicApi(
    {
      leads: store.leads,
      vehicles: new VehicleLookup(root),
      sites,
      now,
      log,
      leadRateLimit: config.leadRateLimit,
      pdfs: new VehiclePdfs(root, catalogue),
      shoppers: shopperServices(config, { shoppers: store.shoppers, catalogue, sites, now, log }),
    },
    { trustProxy: config.trustProxy },
  );
  const servers = await startPreview({ site: args.site, port: args.port ? Number(args.port) : undefined, host: args.host, api: (req, res) => api.routing(req, res) });
  for (const s of servers) console.log(`${s.site.padEnd(22)} ${s.url}`);
  console.log(`Leads are stored in ${path.relative(root, store.db.name)}; run \`npm start\` to deliver them and see them on the admin page.`);
  console.log('Press Ctrl+C to stop.');
});
