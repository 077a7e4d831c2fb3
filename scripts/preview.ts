// Serves the built sites in out/ so a person can click through them.
//   npm run preview                 every site, each on its own port from 4321
//   npm run preview -- --site bayside-mg --port 8080
import { startPreview } from '../src/generator/preview.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({ site: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } });
  const servers = await startPreview({ site: args.site, port: args.port ? Number(args.port) : undefined, host: args.host });
  for (const s of servers) console.log(`${s.site.padEnd(22)} ${s.url}`);
  console.log('Press Ctrl+C to stop.');
});
