import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startOps, type RunningOps } from '../../src/ops/main.ts';
import { sign } from '../../src/ops/signature.ts';
import type { SiteRunner } from '../../src/ops/site-queue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { event, nowSeconds, SECRETS, TOKEN } from '../support/ops-harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string | null = null;
let ops: RunningOps | null = null;
afterEach(async () => {
  await ops?.close(0);
  ops = null;
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

it('on shutdown, finishes the request in flight and the running build before it closes the journal', async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ops-shutdown-'));
  await symlink(path.resolve('sites'), path.join(root, 'sites'));
  let store: OpsStore | null = null;
  let buildStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (buildStarted = resolve));
  let buildFinishedAt = 0;
  const runner: SiteRunner = async (site) => {
    buildStarted();
    const pending = store!.pending(site);
    await sleep(1500);
    store!.settle(site, pending.map((e) => e.eventId), []);
    buildFinishedAt = Date.now();
    return { status: 'published', kind: 'incremental', pages: pending.length, durationMs: 1500 };
  };
  ops = await startOps({ root, runner, log: () => {}, env: { OPS_ADMIN_TOKEN: TOKEN, OPS_PORT: '0', OPS_DATA_DIR: 'ops', OPS_COALESCE_MS: '10', ...SECRETS } });
  store = ops.store;
  const port = Number(new URL(ops.url).port);

  const first = event();
  const firstBody = JSON.stringify(first);
  const accepted = await fetch(`${ops.url}/webhooks/bayside-mg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dealer-signature': sign(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET, firstBody, nowSeconds()) },
    body: firstBody,
  });
  expect(accepted.status).toBe(202);
  await started;

  // A second webhook is half sent when shutdown begins.
  const second = event();
  const secondBody = JSON.stringify(second);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const answered = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const head = ['POST /webhooks/bayside-mg HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(secondBody)}`, `X-Dealer-Signature: ${sign(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET, secondBody, nowSeconds())}`, 'Connection: close', '', ''].join('\r\n');
  socket.write(head + secondBody.slice(0, 20));
  await sleep(200);

  const running = ops;
  const closing = running.close(10_000).then(() => Date.now());
  await sleep(300);
  // No new connections once shutdown has begun.
  const refused = await new Promise<boolean>((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.on('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.on('error', () => resolve(true));
  });
  expect(refused).toBe(true);

  socket.write(secondBody.slice(20));
  await answered;
  expect(answer).toMatch(/^HTTP\/1\.1 202 /);

  const closedAt = await closing;
  ops = null;
  expect(buildFinishedAt).toBeGreaterThan(0);
  expect(closedAt).toBeGreaterThanOrEqual(buildFinishedAt);

  // The journal was closed cleanly: the first event applied, the second kept for the next start.
  const reopened = new OpsStore(path.join(root, 'ops', 'ops.sqlite'));
  try {
    expect(reopened.db.prepare('select status from events where event_id = ?').get(first.id)).toEqual({ status: 'applied' });
    expect(reopened.pending('bayside-mg').map((e) => e.eventId)).toEqual([second.id]);
  } finally {
    reopened.close();
  }
});
