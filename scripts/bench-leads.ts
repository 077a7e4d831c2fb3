// Load test of the leads API on the real ops server (a child process, as `npm start` runs it):
// 2,000 lead submissions from 500 shoppers at 50 in flight, then the same load again while one
// abusive client floods the API. Reports throughput, latency percentiles, losses (every lead_id
// answered must be in the store, once) and what the rate limit did to the abuser and to everyone
// else. Network traffic stays on 127.0.0.1.
//   npm run bench:leads
//   npm run bench:leads -- --submissions 5000 --concurrency 100
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parseCliArgs, runCli } from './cli.ts';

interface Sample {
  status: number;
  ms: number;
  leadId: number | null;
  key: string;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve('scripts/start.ts')], { env: { ...process.env, ...env, OPS_PORT: String(port), OPS_HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The ops server did not start:\n${output.join('')}`);
}

/** One shopper's lead, as the form island sends it. */
function lead(i: number, site: string): Record<string, unknown> {
  return { site, form: 'enquiry', name: `Shopper${i}`, last_name: 'Bench', email: `shopper${i}@example.com`, phone: '0412 345 678', message: `Is car ${i} still available?`, _page: '/cars/bench/' };
}

async function send(url: string, body: Record<string, unknown>, key: string, client: string): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as { lead_id?: number };
    return { status: response.status, ms: performance.now() - started, leadId: typeof json.lead_id === 'number' ? json.lead_id : null, key };
  } catch {
    return { status: 0, ms: performance.now() - started, leadId: null, key };
  }
}

/** Runs `jobs` with at most `concurrency` in flight. */
async function pool<T>(jobs: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}

function summary(samples: Sample[], seconds: number) {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: samples.length,
    stored: samples.filter((s) => s.status === 201).length,
    refused429: samples.filter((s) => s.status === 429).length,
    failed: samples.filter((s) => s.status === 0 || s.status >= 500).length,
    perSecond: Math.round(samples.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1) ?? 0),
  };
}

await runCli(async () => {
  const args = parseCliArgs({ submissions: { type: 'string' }, concurrency: { type: 'string' }, site: { type: 'string' } });
  const submissions = Number(args.submissions ?? 2000);
  const concurrency = Number(args.concurrency ?? 50);
  const site = args.site ?? 'bayside-mg';
  const shoppers = Math.max(1, Math.floor(submissions / 4));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-leads-'));
  const port = await freePort();
  // Every client is told apart by X-Forwarded-For from the trusted local proxy, as behind a load balancer.
  const server = await startServer(
    { OPS_ADMIN_TOKEN: 'bench-admin-token-0123456789', OPS_DATA_DIR: dataDir, OPS_TRUST_PROXY: '127.0.0.1', OPS_LEAD_RATE_LIMIT: '10' },
    port,
  );
  const url = `http://127.0.0.1:${port}/api/leads`;
  try {
    // Warm up, not counted: the first requests load modules and compile the hot paths, which a
    // server that has been running for a while has long done.
    await pool(Array.from({ length: 300 }, (_, i) => () => send(url, lead(-i - 1, site), `warm-${i}`, `10.255.${Math.floor(i / 8)}.${i % 8}`)), concurrency);

    // 1. The load alone: each shopper sends 4 leads, under the per-client limit.
    const clientOf = (i: number) => `10.${Math.floor((i % shoppers) / 250)}.${(i % shoppers) % 250}.1`;
    let started = performance.now();
    const plain = await pool(Array.from({ length: submissions }, (_, i) => () => send(url, lead(i, site), `plain-${i}`, clientOf(i))), concurrency);
    const plainSeconds = (performance.now() - started) / 1000;

    // A retried submit (same key) must answer with the same lead, not a second one.
    const retried = await pool(plain.slice(0, 50).map((s, i) => () => send(url, lead(i, site), s.key, clientOf(i + shoppers * 2))), 10);
    const retryMismatches = retried.filter((r, i) => r.leadId !== plain[i]!.leadId).length;

    // 2. The same load from new shoppers while one client floods the API.
    const abuser: Sample[] = [];
    let flooding = true;
    const flood = (async () => {
      let n = 0;
      while (flooding) {
        const batch = await Promise.all(Array.from({ length: 10 }, () => send(url, lead(900_000 + n++, site), `abuse-${n}`, '10.99.99.99')));
        abuser.push(...batch);
      }
    })();
    started = performance.now();
    const underAttack = await pool(
      Array.from({ length: submissions }, (_, i) => () => send(url, lead(submissions + i, site), `attack-${i}`, `10.${100 + Math.floor((i % shoppers) / 250)}.${(i % shoppers) % 250}.1`)),
      concurrency,
    );
    const attackSeconds = (performance.now() - started) / 1000;
    flooding = false;
    await flood;

    // Losses: every lead_id answered is in the store, once, with the fields sent.
    const db = new Database(path.join(dataDir, 'ops.sqlite'), { readonly: true });
    const answered = [...plain, ...underAttack, ...abuser].filter((s) => s.status === 201 && s.leadId !== null);
    const find = db.prepare('select idempotency_key from leads where id = ?');
    const lost = answered.filter((s) => (find.get(s.leadId) as { idempotency_key: string } | undefined)?.idempotency_key !== s.key).length;
    const storedRows = (db.prepare("select count(*) n from leads where idempotency_key not like 'warm-%'").get() as { n: number }).n;
    db.close();

    const result = {
      submissions,
      concurrency,
      shoppers,
      load: summary(plain, plainSeconds),
      retriesAnsweredWithTheFirstLead: `${50 - retryMismatches}/50`,
      underAttack: summary(underAttack, attackSeconds),
      abuser: { requests: abuser.length, refused429: abuser.filter((s) => s.status === 429).length, stored: abuser.filter((s) => s.status === 201).length },
      lost,
      leadsStored: storedRows,
      leadsAnswered: answered.length,
    };
    console.log(`Leads API, ${submissions} submissions from ${shoppers} shoppers at ${concurrency} in flight (ops server on 127.0.0.1)`);
    console.log(`  load alone      ${result.load.perSecond}/s, p50 ${result.load.p50Ms} ms, p95 ${result.load.p95Ms} ms, p99 ${result.load.p99Ms} ms, max ${result.load.maxMs} ms; stored ${result.load.stored}, 429 ${result.load.refused429}, failed ${result.load.failed}`);
    console.log(`  with an abuser  ${result.underAttack.perSecond}/s, p50 ${result.underAttack.p50Ms} ms, p95 ${result.underAttack.p95Ms} ms, p99 ${result.underAttack.p99Ms} ms; stored ${result.underAttack.stored}, 429 ${result.underAttack.refused429}`);
    console.log(`  the abuser      ${result.abuser.requests} requests, ${result.abuser.stored} stored, ${result.abuser.refused429} refused with 429`);
    console.log(`  retries         ${result.retriesAnsweredWithTheFirstLead} answered with the first lead`);
    console.log(`  lost            ${lost} (answered ${answered.length}, stored ${storedRows})`);
    console.log(JSON.stringify({ bench: 'leads', ...result }));
    if (lost > 0 || result.load.failed > 0 || result.underAttack.failed > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
});
