// Serves the built sites in out/ so a person can click through them, with the runtime API (lead forms,
// vehicle PDFs, sign-in and the other shopper routes) answering /api/* beside the files, as a static host
// in front of the ops server would. Sign-in codes are printed here unless OPS_SMS_WEBHOOK_URL is set.
// Leads are stored in the ops server's journal (OPS_DATA_DIR, default data/ops); `npm start`
// delivers them and lists them on its admin page.
//   npm run preview                 every site, each on its own port from 4321
//   npm run preview -- --site bayside-mg --port 8080
import path from 'node:path';
import { startPreview } from '../src/generator/preview.ts';
import { loadPublicApiConfig } from '../src/ops/config.ts';
import { startLocalPublicApi } from '../src/ops/local-public-api.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } });
  const root = process.cwd();
  const api = await startLocalPublicApi(root, loadPublicApiConfig(), (line) => console.error(line));
  const servers = await startPreview({ site: args.site, port: args.port ? Number(args.port) : undefined, host: args.host, api: api.handle });
  for (const s of servers) console.log(`${s.site.padEnd(22)} ${s.url}`);
  console.log(`Leads are stored in ${path.relative(root, api.database)}; run \`npm start\` to deliver them and see them on the admin page.`);
  console.log('Press Ctrl+C to stop.');
});
