// Benchmarks a full generation of the demo sites at a chosen size.
//   npm run bench -- --vehicles 10000
// Works in data/bench/<vehicles>/ so the demo data is left alone. A warm-up
// build fills the image cache; the measured build then runs in a child process,
// so its peak resident set covers the whole build (workers included). Prints a
// summary, then one JSON object on the last line.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseCliArgs, runCli } from './cli.ts';

const run = promisify(execFile);
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
  const result = {
    vehicles,
    pages: measured.pages,
    wallSeconds: round(measured.wallSeconds),
    phases: Object.fromEntries(Object.entries(measured.phases).map(([k, v]) => [k, round(v)])),
    pagesPerSecond: Math.round(measured.pagesPerSecond),
    peakRssMb: Math.round(measured.peakRssMb),
    imageTransforms: measured.imageTransforms,
  };
  console.log(
    `\n${vehicles} vehicles -> ${result.pages} pages in ${result.wallSeconds} s wall; render ${result.pagesPerSecond} pages/s; ` +
      `peak RSS ${result.peakRssMb} MB; image transforms ${result.imageTransforms.done} done, ${result.imageTransforms.reused} reused`,
  );
  console.log(JSON.stringify(result));
});

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
