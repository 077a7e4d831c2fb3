// Starts the ops server: webhooks, rebuild queue, admin page and site previews.
//   OPS_ADMIN_TOKEN=$(openssl rand -hex 24) npm start
// Configuration comes from the environment; see "Ops server" in README.md.
import './compile-cache.ts';
import path from 'node:path';

// Loaded once the compile cache is on, so the server's own modules are cached too.
const { startOps, startupLines } = await import('../src/ops/main.ts');

let ops: Awaited<ReturnType<typeof startOps>>;
try {
  ops = await startOps({ appRoot: path.resolve(import.meta.dirname, '..'), log: (line) => console.log(line) });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
for (const line of startupLines(ops)) console.log(line);
console.log('Press Ctrl+C to stop.');

let stopping = false;
const stop = (signal: string) => {
  if (stopping) {
    console.log(`${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: stopping (no new requests; a running build gets up to 30 s to finish)...`);
  ops.close(30_000).then(
    () => {
      console.log('Ops server stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
