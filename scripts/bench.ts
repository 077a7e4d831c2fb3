// Benchmarks a full generation of the demo sites at a chosen size.
//   npm run bench -- --vehicles 10000
// Ends with the stock search's budgets (scripts/bench-search.ts): index size, engine time per refinement
// in Chromium at 1,000, 5,000 and 10,000 vehicles, and a search page's JavaScript.
// Works in data/bench/<vehicles>/ so the demo data is left alone. A warm-up
// build fills the image cache; the measured build then runs in a child process,
// so its peak resident set covers the whole build (workers included). Prints a
// summary, then one JSON object on the last line.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { readSnapshot } from '../src/data/snapshot-files.ts';
import { sign } from '../src/ops/signature.ts';
import { OpsStore } from '../src/ops/store.ts';
import { startPurgeStandin } from '../tests/support/purge-standin.ts';
import { searchBudgets } from './bench-search.ts';
import { vehicleBudgets } from './bench-vehicle.ts';
import { parseCliArgs, runCli } from './cli.ts';

const run = promisify(execFile);
/** Incremental section: changes sent per site size (alternating price changes and sales), to one group site. */
const CHANGES = 20;
const BENCH_SITE = 'summit-motor-group';
const project = path.resolve(import.meta.dirname, '..');

async function node(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } });
  return stdout;
}

await runCli(async () => {
  const args = parseCliArgs({ vehicles: { type: 'string' }, 'skip-warmup': { type: 'boolean' } });
  const vehicles = Number(args.vehicles ?? 1000);
  if (!Number.isInteger(vehicles) || vehicles <= 0) throw new Error(`--vehicles must be a positive whole number, got ${args.vehicles}`);
  const work = path.join(project, 'data', 'bench', String(vehicles));
  await mkdir(work, { recursive: true });
  for (const dir of ['sites', 'content']) {
    if (!existsSync(path.join(work, dir))) await symlink(path.join(project, dir), path.join(work, dir), 'dir');
  }

  await shareImageCache(work);
  console.log(`Benchmark: ${vehicles} vehicles across the demo sites, in ${path.relative(project, work)}/`);
  let started = performance.now();
  await node([path.join(project, 'scripts/demo-data.ts'), '--vehicles', String(vehicles)], work);
  console.log(`  demo data generated in ${((performance.now() - started) / 1000).toFixed(1)} s (not part of the measurement)`);

  if (!args['skip-warmup']) {
    started = performance.now();
    await node([path.join(project, 'scripts/build.ts')], work);
    console.log(`  warm-up build (fills the image cache) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Each measured build starts from an empty output, as a nightly job would.
  await rm(path.join(work, 'out'), { recursive: true, force: true });

  const output = await node([path.join(project, 'scripts/build.ts'), '--json'], work);
  const lines = output.trim().split('\n');
  const measured = JSON.parse(lines.at(-1)!) as {
    pages: number;
    wallSeconds: number;
    phases: Record<string, number>;
    pagesPerSecond: number;
    peakRssMb: number;
    imageTransforms: { done: number; reused: number };
  };
  console.log(lines.slice(0, -1).filter((l) => l.startsWith('  ') || l.startsWith('Built')).join('\n'));
  const incremental = await incrementalSection(vehicles > 1000 ? [1000, vehicles] : [vehicles]);
  const search = await searchBudgets({ siteDir: path.join(work, 'out', BENCH_SITE) });
  console.log('Vehicle page budgets (typical and largest page of the bench site):');
  const vehiclePages = await vehicleBudgets({ outDir: path.join(work, 'out'), sites: [BENCH_SITE], runs: 3 });
  const result = {
    vehicles,
    pages: measured.pages,
    wallSeconds: round(measured.wallSeconds),
    phases: Object.fromEntries(Object.entries(measured.phases).map(([k, v]) => [k, round(v)])),
    pagesPerSecond: Math.round(measured.pagesPerSecond),
    peakRssMb: Math.round(measured.peakRssMb),
    imageTransforms: measured.imageTransforms,
    incremental,
    search,
    vehiclePages,
  };
  console.log(
    `\n${vehicles} vehicles -> ${result.pages} pages in ${result.wallSeconds} s wall; render ${result.pagesPerSecond} pages/s; ` +
      `peak RSS ${result.peakRssMb} MB; image transforms ${result.imageTransforms.done} done, ${result.imageTransforms.reused} reused`,
  );
  console.log(
    `incremental (signed webhook to every file replaced, ${CHANGES} changes per size): p50 ${incremental.p50Ms} ms, p95 ${incremental.p95Ms} ms, ` +
      `max ${incremental.maxMs} ms, 10k/1k p95 ratio ${incremental.ratio ?? 'n/a'}`,
  );
  console.log(
    `sold to gone (signed webhook to the CDN purge of the last affected path: dir target, CDN stand-in on loopback): p50 ${incremental.soldToGone.p50Ms} ms, ` +
      `p95 ${incremental.soldToGone.p95Ms} ms, max ${incremental.soldToGone.maxMs} ms over ${incremental.soldToGone.sales} sales`,
  );
  console.log(JSON.stringify(result));
});

/** Every benchmark workspace uses one image cache: the placeholder photos are the same. */
async function shareImageCache(work: string): Promise<void> {
  const shared = path.join(project, 'data', 'bench', '.image-cache');
  await mkdir(shared, { recursive: true });
  await mkdir(path.join(work, 'data'), { recursive: true });
  if (!existsSync(path.join(work, 'data', 'image-cache'))) await symlink(shared, path.join(work, 'data', 'image-cache'), 'dir');
}

// ---------------------------------------------------------------- incremental


async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One group site of each size, built in full, then served by the real ops
 * server; single-vehicle price changes and sales are sent as signed webhooks one
 * at a time, each timed from just before the request until the journal marks the
 * event applied, which the server does only after every file and the snapshot
 * are replaced.
 *
 * Sold to gone: the site publishes each update (`deploy.onChange`) to a `dir` target behind a Cloudflare-style
 * CDN (a loopback stand-in that checks the token); a sale is timed from the signed webhook to the last purge
 * request its run sends, when the CDN is told the last affected path. (The `s3` target's requests are held
 * to their signatures in tests/unit/deploy*.test.ts; a bucket stand-in keeps every object in memory, too
 * much for a whole bench site's photos.)
 */
async function incrementalSection(sizes: number[]) {
  const perSize: Array<{ vehicles: number; p50Ms: number; p95Ms: number; maxMs: number; phases: Record<string, number>; soldToGone: { p50Ms: number; p95Ms: number; maxMs: number; sales: number } }> = [];
  for (const size of sizes) {
    const work = path.join(project, 'data', 'bench', `incremental-${size}`);
    await mkdir(path.join(work, 'sites'), { recursive: true });
    await copyFile(path.join(project, 'sites', `${BENCH_SITE}.yaml`), path.join(work, 'sites', `${BENCH_SITE}.yaml`));
    const cdn = await startPurgeStandin({ token: 'bench-cdn-token' });
    await appendFile(
      path.join(work, 'sites', `${BENCH_SITE}.yaml`),
      `\n# Added by the benchmark: publish every update to a folder behind a loopback stand-in of a CDN.\ndeploy:\n  targets:\n    cdn:\n      kind: dir\n      path: ${path.join(work, 'deploy')}\n      purge: { kind: cloudflare, zoneId: benchzone, apiBaseUrl: ${cdn.url} }\n  onChange: cdn\n`,
    );
    if (!existsSync(path.join(work, 'content'))) await symlink(path.join(project, 'content'), path.join(work, 'content'), 'dir');
    await shareImageCache(work);
    await node([path.join(project, 'scripts/demo-data.ts'), '--site', BENCH_SITE, '--vehicles', String(size)], work);
    await rm(path.join(work, 'data', 'ops'), { recursive: true, force: true });
    await rm(path.join(work, 'deploy'), { recursive: true, force: true });
    await node([path.join(project, 'scripts/build.ts')], work);

    const port = await freePort();
    const secret = 'bench-webhook-secret-0123456789';
    const server = spawn(process.execPath, [path.join(project, 'scripts/start.ts')], {
      cwd: work,
      env: {
        ...process.env,
        OPS_PORT: String(port),
        OPS_HOST: '127.0.0.1',
        OPS_ADMIN_TOKEN: 'bench-admin-token-0123456789',
        SUMMIT_MOTOR_GROUP_WEBHOOK_SECRET: secret,
        CLOUDFLARE_API_TOKEN: 'bench-cdn-token',
      },
      stdio: 'ignore',
    });
    try {
      for (let i = 0; i < 200 && !(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 100));
      const snapshot = (await readSnapshot(BENCH_SITE, work))!;
      const candidates = snapshot.vehicles.filter((v) => v.status === 'in_stock' && v.price > 5000);
      const store = new OpsStore(path.join(work, 'data', 'ops', 'ops.sqlite'));
      const latencies: number[] = [];
      const soldToGone: number[] = [];
      const phases: Record<string, number> = {};
      try {
        // One warm-up change loads the site into the server; it is not counted.
        for (let i = -1; i < CHANGES; i++) {
          const v = candidates[(i + 1) * 37 % candidates.length]!;
          const sale = i >= 0 && i % 2 === 1;
          const event = {
            id: `bench-${size}-${i}-${Date.now()}`,
            type: sale ? 'vehicle.sold' : 'vehicle.updated',
            occurred_at: new Date().toISOString(),
            data: { id: Number(v.id), ...(sale ? {} : { record: { ...v, price: v.price - 100 - i } }) },
          };
          const body = JSON.stringify(event);
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${port}/webhooks/${BENCH_SITE}`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-dealer-signature': sign(secret, body, Math.floor(Date.now() / 1000)) },
          });
          if (response.status !== 202) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
          // "rendered": every file of the site shows the change (the snapshot follows, off the clock).
          while (!['rendered', 'applied'].includes(store.event(BENCH_SITE, event.id)?.status ?? '')) {
            if (store.event(BENCH_SITE, event.id)?.status === 'failed') throw new Error(`event ${event.id} failed: ${store.event(BENCH_SITE, event.id)?.error}`);
            await new Promise((r) => setTimeout(r, 2));
          }
          const elapsed = performance.now() - started;
          // Let the run finish (snapshot written, files uploaded, CDN purged) before the next change, noting
          // when each purge request arrives; then read its phases.
          let purges = cdn.requests.length;
          let lastPurgeAt: number | null = null;
          const notePurge = () => {
            if (cdn.requests.length > purges) [purges, lastPurgeAt] = [cdn.requests.length, performance.now()];
          };
          while (store.event(BENCH_SITE, event.id)?.status !== 'applied') {
            notePurge();
            await new Promise((r) => setTimeout(r, 2));
          }
          while (store.lastBuild(BENCH_SITE)?.status === 'running') {
            notePurge();
            await new Promise((r) => setTimeout(r, 2));
          }
          notePurge();
          if (store.lastBuild(BENCH_SITE)?.status !== 'published') throw new Error(`the run for ${event.id} ended ${store.lastBuild(BENCH_SITE)?.status}: ${store.lastBuild(BENCH_SITE)?.message}`);
          if (i < 0) continue;
          latencies.push(elapsed);
          if (sale) {
            if (lastPurgeAt === null) throw new Error(`the sale ${event.id} purged nothing on the CDN`);
            const url = `/cars/${v.slug}/`;
            if (!cdn.purged().some((u) => u.endsWith(url))) throw new Error(`the CDN was never told ${url} changed`);
            soldToGone.push(lastPurgeAt - started);
          }
          const report = store.lastBuild(BENCH_SITE)?.report as { timingsMs?: Record<string, number> } | null;
          for (const [phase, ms] of Object.entries(report?.timingsMs ?? {})) phases[phase] = (phases[phase] ?? 0) + ms / CHANGES;
        }
      } finally {
        store.close();
      }
      latencies.sort((a, b) => a - b);
      soldToGone.sort((a, b) => a - b);
      const row = {
        vehicles: size,
        p50Ms: Math.round(percentile(latencies, 50)),
        p95Ms: Math.round(percentile(latencies, 95)),
        maxMs: Math.round(latencies.at(-1)!),
        phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])),
        soldToGone: { p50Ms: Math.round(percentile(soldToGone, 50)), p95Ms: Math.round(percentile(soldToGone, 95)), maxMs: Math.round(soldToGone.at(-1)!), sales: soldToGone.length },
      };
      perSize.push(row);
      console.log(`  incremental, ${size} vehicles: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms, max ${row.maxMs} ms; mean ms per phase ${JSON.stringify(row.phases)}`);
      console.log(`  sold to gone (webhook to the last CDN purge), ${size} vehicles, ${row.soldToGone.sales} sales: p50 ${row.soldToGone.p50Ms} ms, p95 ${row.soldToGone.p95Ms} ms, max ${row.soldToGone.maxMs} ms`);
    } finally {
      server.kill('SIGTERM');
      await cdn.close();
    }
  }
  const largest = perSize.at(-1)!;
  return {
    p50Ms: largest.p50Ms,
    p95Ms: largest.p95Ms,
    maxMs: largest.maxMs,
    ratio: perSize.length > 1 ? Math.round((largest.p95Ms / perSize[0]!.p95Ms) * 100) / 100 : null,
    soldToGone: largest.soldToGone,
    coalesceMs: Number(process.env.OPS_COALESCE_MS ?? 50),
    sizes: perSize,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
