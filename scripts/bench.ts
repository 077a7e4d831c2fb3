// Benchmarks a full generation of the demo sites at a chosen size.
//   npm run bench -- --vehicles 10000
//   npm run bench -- --vehicles 100000 --webhook-sizes 1000,10000
// After the measured full build, nightly builds in the same workspace: one right after it (taking what time
// alone changed since), one whose pull brings nothing new (every page carried over from the live release)
// and one after 1% of the vehicles changed price.
// Ends with the stock search's budgets (scripts/bench-search.ts): index size, engine time per refinement
// in Chromium at 1,000, 5,000 and 10,000 vehicles, and a search page's JavaScript.
// Works in data/bench/<vehicles>/ so the demo data is left alone. A warm-up
// build fills the image cache; the measured build then runs in a child process,
// so its peak resident set covers the whole build (workers included). Prints a
// summary, then one JSON object on the last line.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { readSnapshot } from '../src/data/snapshot-files.ts';
import { DEFAULT_COALESCE_MS } from '../src/ops/config.ts';
import { sign } from '../src/ops/signature.ts';
import { OpsStore } from '../src/ops/store.ts';
import type { Vehicle } from '../src/schemas/vehicle.ts';
import { startPurgeStandin, type PurgeStandin } from '../tests/support/purge-standin.ts';
import { startS3Standin, type S3Standin } from '../tests/support/s3-standin.ts';
import { searchBudgets } from './bench-search.ts';
import { vehicleBudgets } from './bench-vehicle.ts';
import { parseCliArgs, runCli } from './cli.ts';

const run = promisify(execFile);
/** Incremental section: changes sent per site size (alternating price changes and sales), to one group site. */
const CHANGES = 20;
const BENCH_SITE = 'summit-motor-group';
const project = path.resolve(import.meta.dirname, '..');
/** The deploy targets sold to gone is measured through, and the stand-ins' credentials. */
type TargetKind = 'dir' | 's3';
const S3_KEYS = { bucket: 'bench-site', region: 'auto', accessKeyId: 'AKIDBENCH', secretAccessKey: 'bench-bucket-secret' };
const BENCH_ENV = {
  OPS_ADMIN_TOKEN: 'bench-admin-token-0123456789',
  SUMMIT_MOTOR_GROUP_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
  CLOUDFLARE_API_TOKEN: 'bench-cdn-token',
  AWS_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
};

/**
 * Waits for the ops server's health check. At 10,000 vehicles and more it takes a while to load the
 * sites (15 s on an idle 2-core machine), so the wait is long and its failure says what happened.
 */
async function untilHealthy(port: number, seconds = 120): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ops server on port ${port} did not answer /healthz within ${seconds} s`);
}

async function node(args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env, FORCE_COLOR: '0' } });
  return stdout;
}

/** Share of vehicles whose price the second nightly build finds changed in the feed. */
const NIGHTLY_CHANGED = 0.01;

await runCli(async () => {
  const args = parseCliArgs({ vehicles: { type: 'string' }, 'webhook-sizes': { type: 'string' }, 'skip-warmup': { type: 'boolean' } });
  const vehicles = Number(args.vehicles ?? 1000);
  if (!Number.isInteger(vehicles) || vehicles <= 0) throw new Error(`--vehicles must be a positive whole number, got ${args.vehicles}`);
  const webhookSizes = args['webhook-sizes'] === undefined ? (vehicles > 1000 ? [1000, vehicles] : [vehicles]) : sizesOf(args['webhook-sizes']);
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

  const measured = await measuredBuild(work, ['--full']);
  const nightly = await nightlySection(work, measured);
  const incremental = await incrementalSection(webhookSizes);
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
    nightly,
    incremental,
    search,
    vehiclePages,
  };
  console.log(
    `\n${vehicles} vehicles -> ${result.pages} pages in ${result.wallSeconds} s wall; render ${result.pagesPerSecond} pages/s; ` +
      `peak RSS ${result.peakRssMb} MB; image transforms ${result.imageTransforms.done} done, ${result.imageTransforms.reused} reused`,
  );
  console.log(
    `nightly right after the full build: ${nightly.first.wallSeconds} s wall, ${nightly.first.rendered} pages rendered; ` +
      `nightly, pull brings nothing new: ${nightly.unchanged.wallSeconds} s wall, ${nightly.unchanged.rendered} pages rendered, ${nightly.unchanged.carried} carried over, ` +
      `${nightly.unchanged.unchangedSites} site(s) keeping their live release; ` +
      `after ${nightly.changed.changedVehicles} vehicles (1%) changed: ${nightly.changed.wallSeconds} s wall, ${nightly.changed.rendered} pages rendered ` +
      `and ${nightly.changed.patched} brought up to date in place ` +
      `(${nightly.changed.renderedShare}% of the pages), render phase ${nightly.changed.renderSeconds} s = ${nightly.changed.renderShareOfFull}% of the full build's, ` +
      `${nightly.changed.changeShareOfFull}% beyond the nothing-new build's`,
  );
  console.log(
    `incremental (signed webhook to every file replaced, ${2 * CHANGES} changes per size, half through each target): p50 ${incremental.p50Ms} ms, p95 ${incremental.p95Ms} ms, ` +
      `max ${incremental.maxMs} ms, ${incremental.sizes.at(-1)!.vehicles}/${incremental.sizes[0]!.vehicles} vehicles p95 ratio ${incremental.ratio ?? 'n/a'}`,
  );
  for (const [kind, figures] of Object.entries(incremental.soldToGone)) {
    console.log(
      `sold to gone through the ${kind} target (signed webhook to the CDN purge of the last affected path; bucket and CDN stand-ins on loopback): ` +
        `p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms over ${figures.sales} sales`,
    );
  }
  console.log(JSON.stringify(result));
});

interface MeasuredBuild {
  pages: number;
  rendered: number;
  /** Vehicle pages whose similar-vehicles section alone was replaced. */
  patched: number;
  carried: number;
  /** Sites whose build made their live release again, which stayed live. */
  unchangedSites: number;
  wallSeconds: number;
  phases: Record<string, number>;
  pagesPerSecond: number;
  peakRssMb: number;
  imageTransforms: { done: number; reused: number };
}

/**
 * The catalogue sizes the webhook section serves side by side, from `--webhook-sizes` (default 1,000 and the
 * bench's own size). Each size gets a workspace of its own holding the site three times over (the release, the
 * deploy folder and the bucket), so at 100,000 vehicles a machine's disk may hold the full build but not its
 * webhook workspace; the latency targets are set at 10,000.
 */
function sizesOf(list: string): number[] {
  const sizes = list.split(',').map((part) => Number(part.trim()));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size <= 0)) {
    throw new Error(`--webhook-sizes must be whole numbers of vehicles separated by commas, e.g. 1000,10000; got ${list}`);
  }
  return sizes;
}

/** One `npm run build` in the workspace, its summary printed and its figures returned. */
async function measuredBuild(work: string, args: string[] = []): Promise<MeasuredBuild> {
  const output = await node([path.join(project, 'scripts/build.ts'), '--json', ...args], work);
  const lines = output.trim().split('\n');
  console.log(lines.slice(0, -1).filter((l) => l.startsWith('  ') || l.startsWith('Built')).join('\n'));
  return JSON.parse(lines.at(-1)!) as MeasuredBuild;
}

/**
 * The nightly job on top of the measured full build: a pull that brings nothing new (every page carried
 * over from the live release), then one after 1% of each site's vehicles changed price in the feed.
 */
async function nightlySection(work: string, full: MeasuredBuild) {
  // Time alone changes a site between two pulls (a sold vehicle past its listed days leaves it), and
  // the demo feed's sale times fall at any moment: the first nightly takes whatever time changed since
  // the full build, the second is the one whose pull brings nothing new. Both are reported.
  console.log('Nightly build after the full one (what time alone changed since):');
  const first = await measuredBuild(work);
  console.log('Nightly build, the pull bringing nothing new:');
  const unchanged = await measuredBuild(work);
  let changedVehicles = 0;
  for (const slug of await readdir(path.join(work, 'data', 'feed'))) {
    const file = path.join(work, 'data', 'feed', slug, 'vehicles.json');
    if (!existsSync(file)) continue;
    const feed = JSON.parse(await readFile(file, 'utf8')) as Array<{ price?: number }>;
    const step = Math.round(1 / NIGHTLY_CHANGED);
    for (let i = 0; i < feed.length; i += step) {
      const vehicle = feed[i]!;
      if (typeof vehicle.price === 'number' && vehicle.price > 1000) {
        vehicle.price -= 500;
        changedVehicles++;
      }
    }
    await writeFile(file, JSON.stringify(feed));
  }
  console.log(`Nightly build after ${changedVehicles} vehicles changed price:`);
  const changed = await measuredBuild(work);
  const summary = (b: MeasuredBuild) => ({ wallSeconds: round(b.wallSeconds), rendered: b.rendered, patched: b.patched, carried: b.carried, unchangedSites: b.unchangedSites, renderSeconds: round(b.phases.render ?? 0), phases: Object.fromEntries(Object.entries(b.phases).map(([k, v]) => [k, round(v)])) });
  return {
    first: summary(first),
    unchanged: summary(unchanged),
    changed: {
      ...summary(changed),
      changedVehicles,
      renderedShare: round((100 * changed.rendered) / changed.pages),
      renderShareOfFull: round((100 * (changed.phases.render ?? 0)) / (full.phases.render ?? 1)),
      // The render phase of a build that renders nothing is the constant: its fingerprints, and no linking when
      // it keeps the live release. What the 1% change costs is the rest, linking every page included.
      changeShareOfFull: round((100 * ((changed.phases.render ?? 0) - (unchanged.phases.render ?? 0))) / (full.phases.render ?? 1)),
    },
  };
}

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

/** The bench site's targets: a folder and a bucket, each behind the loopback CDN; `onChange` names one. */
function deployConfig(work: string, s3: S3Standin, cdn: PurgeStandin, onChange: TargetKind): string {
  const purge = `purge: { kind: cloudflare, zoneId: benchzone, apiBaseUrl: ${cdn.url} }`;
  return [
    '',
    '# Added by the benchmark: publish every update to a folder or a bucket, behind a loopback stand-in of a CDN.',
    'deploy:',
    '  targets:',
    `    dir: { kind: dir, path: ${path.join(work, 'deploy')}, ${purge} }`,
    `    s3: { kind: s3, bucket: ${S3_KEYS.bucket}, region: ${S3_KEYS.region}, endpoint: "${s3.endpoint}", ${purge} }`,
    `  onChange: ${onChange}`,
    '',
  ].join('\n');
}


/** Figures of one site size over one target's changes. */
interface Pass {
  /** Signed webhook until every file of the site shows the change, per change. */
  latencies: number[];
  /** Signed webhook until the CDN is asked to purge the last path the sale changed, per sale. */
  soldToGone: number[];
  /** Mean milliseconds per phase of the update runs. */
  phases: Record<string, number>;
}

/** One site size's workspace with its running ops server and the stand-ins its target talks to. */
interface ChangeTarget {
  size: number;
  port: number;
  cdn: PurgeStandin;
  store: OpsStore;
  /** The vehicles the changes pick from: in stock, priced above $5,000. */
  candidates: Vehicle[];
  label: string;
  /** Where its figures go. */
  pass: Pass;
}

/**
 * Sends change `i` (a price change, or a sale every second change) to a running ops server, timed from just
 * before the signed request until the journal marks the event rendered, which the server does only after
 * every file is replaced; then waits for the run to finish (snapshot written, files uploaded to the target,
 * CDN purged), noting when each purge request arrives. Change -1 warms the server up and is not counted.
 */
async function sendChange(target: ChangeTarget, i: number): Promise<void> {
  const { size, port, cdn, store, candidates, label, pass } = target;
  const status = (id: string) => store.event(BENCH_SITE, id)?.status ?? '';
  const v = candidates[((i + 1) * 37) % candidates.length]!;
  const sale = i >= 0 && i % 2 === 1;
  const event = {
    id: `bench-${label}-${size}-${i}-${Date.now()}`,
    type: sale ? 'vehicle.sold' : 'vehicle.updated',
    occurred_at: new Date().toISOString(),
    data: { id: Number(v.id), ...(sale ? {} : { record: { ...v, price: v.price - 100 - i } }) },
  };
  const body = JSON.stringify(event);
  const purgesBefore = cdn.requests.length;
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/webhooks/${BENCH_SITE}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-dealer-signature': sign(BENCH_ENV.SUMMIT_MOTOR_GROUP_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) },
  });
  if (response.status !== 202) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  while (!['rendered', 'applied'].includes(status(event.id))) {
    if (status(event.id) === 'failed') throw new Error(`event ${event.id} failed: ${store.event(BENCH_SITE, event.id)?.error}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  const elapsed = performance.now() - started;
  let purges = cdn.requests.length;
  let lastPurgeAt: number | null = purges > purgesBefore ? performance.now() : null;
  const notePurge = () => {
    if (cdn.requests.length > purges) [purges, lastPurgeAt] = [cdn.requests.length, performance.now()];
  };
  while (status(event.id) !== 'applied' || store.lastBuild(BENCH_SITE)?.status === 'running') {
    notePurge();
    await new Promise((r) => setTimeout(r, 2));
  }
  notePurge();
  if (store.lastBuild(BENCH_SITE)?.status !== 'published') throw new Error(`the run for ${event.id} ended ${store.lastBuild(BENCH_SITE)?.status}: ${store.lastBuild(BENCH_SITE)?.message}`);
  if (i < 0) return;
  pass.latencies.push(elapsed);
  if (sale) {
    if (lastPurgeAt === null) throw new Error(`the sale ${event.id} purged nothing on the CDN`);
    const url = `/cars/${v.slug}/`;
    if (!cdn.requests.slice(purgesBefore).some((r) => r.authorized && r.urls.some((u) => u.endsWith(url)))) throw new Error(`the CDN was never told ${url} changed`);
    pass.soldToGone.push(lastPurgeAt - started);
  }
  const report = store.lastBuild(BENCH_SITE)?.report as { timingsMs?: Record<string, number> } | null;
  for (const [phase, ms] of Object.entries(report?.timingsMs ?? {})) pass.phases[phase] = (pass.phases[phase] ?? 0) + ms / CHANGES;
}

function stats(values: number[]): { p50Ms: number; p95Ms: number; maxMs: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(sorted, 50)), p95Ms: Math.round(percentile(sorted, 95)), maxMs: Math.round(sorted.at(-1)!) };
}

/** A site size's benchmark workspace: the bench site alone, built in full, with its own bucket and CDN stand-ins. */
interface SizeWorkspace {
  size: number;
  work: string;
  siteFile: string;
  baseConfig: string;
  cdn: PurgeStandin;
  s3: S3Standin;
  passes: Partial<Record<TargetKind, Pass & { deploySeconds: number }>>;
}

async function sizeWorkspace(size: number): Promise<SizeWorkspace> {
  const work = path.join(project, 'data', 'bench', `incremental-${size}`);
  await mkdir(path.join(work, 'sites'), { recursive: true });
  if (!existsSync(path.join(work, 'content'))) await symlink(path.join(project, 'content'), path.join(work, 'content'), 'dir');
  await shareImageCache(work);
  const siteFile = path.join(work, 'sites', `${BENCH_SITE}.yaml`);
  const baseConfig = await readFile(path.join(project, 'sites', `${BENCH_SITE}.yaml`), 'utf8');
  await writeFile(siteFile, baseConfig);
  await node([path.join(project, 'scripts/demo-data.ts'), '--site', BENCH_SITE, '--vehicles', String(size)], work);
  for (const dir of ['data/ops', 'deploy', 'bucket']) await rm(path.join(work, dir), { recursive: true, force: true });
  await node([path.join(project, 'scripts/build.ts')], work);
  const cdn = await startPurgeStandin({ token: BENCH_ENV.CLOUDFLARE_API_TOKEN });
  const s3 = await startS3Standin({ ...S3_KEYS, bodiesDir: path.join(work, 'bucket') }).catch(async (error: unknown) => {
    await cdn.close();
    throw error;
  });
  return { size, work, siteFile, baseConfig, cdn, s3, passes: {} };
}

/**
 * One group site of each size, built in full and served by the real ops server, which publishes each
 * update (`deploy.onChange`) to a target behind a Cloudflare-style CDN (loopback stand-ins of a bucket that
 * checks every SigV4 signature and of the purge API that checks the token). Each target first gets the
 * whole site with `npm run deploy`, as production would hold it; then CHANGES single-vehicle changes go
 * to each size once with the folder as the target and once with the bucket.
 *
 * Every size's server runs at once, and the sizes take turns change by change, so a busy moment on the
 * machine falls on all of them alike: the ratio of their figures is the point, and one size measured
 * minutes after the other would carry the drift of the machine's load in between.
 *
 * Reported: webhook to files on disk (both passes), and sold to gone per target, from the signed webhook
 * to the last purge request the sale's run sends, when the CDN is told the last affected path.
 */
async function incrementalSection(sizes: number[]) {
  const workspaces: SizeWorkspace[] = [];
  try {
    for (const size of sizes) workspaces.push(await sizeWorkspace(size));
    for (const kind of ['dir', 's3'] as const) {
      const targets: ChangeTarget[] = [];
      const servers: ChildProcess[] = [];
      try {
        for (const space of workspaces) {
          const { work, siteFile, baseConfig, s3, cdn } = space;
          await writeFile(siteFile, baseConfig + deployConfig(work, s3, cdn, kind));
          // The target holds the whole site before the changes, as it would in production (off the clock).
          const deployStarted = performance.now();
          await node([path.join(project, 'scripts/deploy.ts'), '--site', BENCH_SITE, '--target', kind], work, BENCH_ENV);
          space.passes[kind] = { latencies: [], soldToGone: [], phases: {}, deploySeconds: round((performance.now() - deployStarted) / 1000) };
        }
        for (const { work, size, cdn, passes } of workspaces) {
          const port = await freePort();
          servers.push(spawn(process.execPath, [path.join(project, 'scripts/start.ts')], { cwd: work, env: { ...process.env, ...BENCH_ENV, OPS_PORT: String(port), OPS_HOST: '127.0.0.1' }, stdio: 'ignore' }));
          await untilHealthy(port);
          const snapshot = (await readSnapshot(BENCH_SITE, work))!;
          const candidates = snapshot.vehicles.filter((v) => v.status === 'in_stock' && v.price > 5000);
          targets.push({ size, port, cdn, store: new OpsStore(path.join(work, 'data', 'ops', 'ops.sqlite')), candidates, label: kind, pass: passes[kind]! });
        }
        // One warm-up change per size loads the site into its server; it is not counted.
        for (let i = -1; i < CHANGES; i++) {
          for (const target of targets) await sendChange(target, i);
        }
      } finally {
        for (const target of targets) target.store.close();
        await Promise.all(
          servers.map((server) => {
            if (server.exitCode !== null || server.signalCode !== null) return;
            const exited = new Promise((resolve) => server.once('exit', resolve));
            server.kill('SIGTERM');
            return exited;
          }),
        );
      }
    }
  } finally {
    for (const { cdn, s3 } of workspaces) {
      await s3.close();
      await cdn.close();
    }
  }

  const perSize = workspaces.map(({ size, passes }) => {
    const [dir, s3] = [passes.dir!, passes.s3!];
    const latencies = [...dir.latencies, ...s3.latencies];
    const phases: Record<string, number> = {};
    for (const pass of [dir, s3]) for (const [phase, ms] of Object.entries(pass.phases)) phases[phase] = Math.round(((phases[phase] ?? 0) + ms / 2) * 10) / 10;
    const soldToGone = Object.fromEntries(
      (['dir', 's3'] as const).map((kind) => [kind, { ...stats(passes[kind]!.soldToGone), sales: passes[kind]!.soldToGone.length, deploySeconds: passes[kind]!.deploySeconds }]),
    ) as Record<TargetKind, ReturnType<typeof stats> & { sales: number; deploySeconds: number }>;
    // Each change's figure in the order sent (the folder's pass, then the bucket's), so an outlier can be placed.
    const row = { vehicles: size, ...stats(latencies), phases, soldToGone, latenciesMs: latencies.map(Math.round) };
    console.log(`  incremental, ${size} vehicles, ${latencies.length} changes: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms, max ${row.maxMs} ms; mean ms per phase ${JSON.stringify(row.phases)}`);
    for (const kind of ['dir', 's3'] as const) {
      const figures = soldToGone[kind];
      console.log(`  sold to gone through the ${kind} target, ${size} vehicles, ${figures.sales} sales: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms (whole-site deploy before: ${figures.deploySeconds} s)`);
    }
    return row;
  });
  const largest = perSize.at(-1)!;
  return {
    p50Ms: largest.p50Ms,
    p95Ms: largest.p95Ms,
    maxMs: largest.maxMs,
    ratio: perSize.length > 1 ? Math.round((largest.p95Ms / perSize[0]!.p95Ms) * 100) / 100 : null,
    soldToGone: largest.soldToGone,
    coalesceMs: Number(process.env.OPS_COALESCE_MS ?? DEFAULT_COALESCE_MS),
    sizes: perSize,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
