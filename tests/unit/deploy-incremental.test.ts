import { appendFile, readFile, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { deploySite } from '../../src/deploy/deploy.ts';
import { MANIFEST_NAME } from '../../src/deploy/targets.ts';
import { buildSites } from '../../src/generator/build.ts';
import { createSiteRunner } from '../../src/ops/site-runner.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';
import { startPurgeStandin, type PurgeStandin } from '../support/purge-standin.ts';
import { startS3Standin, type S3Standin } from '../support/s3-standin.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// A small dealer built in full and deployed to a folder and to a loopback bucket behind a loopback CDN.
// One vehicle's price then changes through the runner the ops server uses: with deploy.onChange set, the
// runner uploads just the files the update replaced, and a full deploy afterwards finds nothing left to do.
const slug = TEST_SITE;
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'incremental-test-secret', region: 'auto' };
let root: string;
let store: OpsStore;
let s3: S3Standin;
let cdn: PurgeStandin;
const log: string[] = [];
const env = { AWS_ACCESS_KEY_ID: KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey, CF_TOKEN: 'cf-token' };
const savedEnv = { ...process.env };

const site = () => findSite(loadAllSiteConfigs('sites', root), slug);

beforeAll(async () => {
  s3 = await startS3Standin({ bucket: 'test-motors', ...KEYS });
  cdn = await startPurgeStandin({ token: env.CF_TOKEN });
  root = await testSiteRoot('deploy-incremental', 60);
  await appendFile(
    path.join(root, 'sites', `${slug}.yaml`),
    [
      'deploy:',
      '  targets:',
      '    local: { kind: dir, path: published }',
      `    bucket: { kind: s3, bucket: test-motors, region: auto, endpoint: "${s3.endpoint}", purge: { kind: cloudflare, zoneId: zone0123, tokenEnv: CF_TOKEN, apiBaseUrl: "${cdn.url}" } }`,
      '  onChange: bucket',
      '',
    ].join('\n'),
  );
  // The runner deploys with the process's environment, as the ops server would.
  Object.assign(process.env, env);
  await buildSites({ root, site: slug, interactive: false });
  store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
}, 240_000);

afterAll(async () => {
  process.env = savedEnv;
  store?.close();
  await s3?.close();
  await cdn?.close();
  await rm(root, { recursive: true, force: true });
});

describe('deploying after an incremental update', () => {
  it("uploads only the changed vehicle's files and the pages that list it, to a folder and to a bucket", async () => {
    const first = { dir: await deploySite(site(), 'local', { root }), s3: await deploySite(site(), 'bucket', { root }) };
    const live = await realpath(path.join(root, 'out', slug));
    expect(first.dir.uploaded.length).toBeGreaterThan(200);
    expect(first.s3.uploaded).toEqual(first.dir.uploaded);

    const snapshot = (await readSnapshot(slug, root))!;
    const vehicle = snapshot.vehicles.find((v) => v.status === 'in_stock' && v.price > 5000)!;
    const vehicleUrl = `/cars/${vehicle.slug}/`;
    const pagesBefore = new Map(await Promise.all(first.dir.uploaded.filter((f) => f.endsWith('.html')).map(async (f) => [f, await readFile(path.join(live, f), 'utf8')] as const)));
    s3.requests.length = 0;
    cdn.requests.length = 0;

    const event: WebhookEvent = { id: 'evt-price', type: 'vehicle.updated', occurred_at: new Date(Date.now() - 60_000).toISOString(), data: { id: Number(vehicle.id), record: { ...vehicle, price: vehicle.price - 750 } } };
    expect(store.journal(slug, event)).toEqual({ status: 'stored' });
    const runner = createSiteRunner({ store, root, appRoot: process.cwd(), log: (l) => log.push(l) });
    const outcome = await runner(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
    expect(outcome.status, outcome.message).toBe('published');
    expect(outcome.kind).toBe('incremental');

    // The runner deployed to the bucket through deployFiles, with just the update's files.
    const puts = s3.requests.filter((r) => r.method === 'PUT').map((r) => r.key);
    expect(puts.at(-1)).toBe(MANIFEST_NAME);
    const onChange = puts.slice(0, -1).sort();
    expect(onChange).toContain(`cars/${vehicle.slug}/index.html`);
    expect(onChange.length).toBeLessThan(first.s3.uploaded.length / 10);
    // Every page uploaded is the vehicle's own or one that showed it before the change.
    for (const file of onChange.filter((f) => f.endsWith('.html'))) {
      expect(file.startsWith(`cars/${vehicle.slug}/`) || pagesBefore.get(file)?.includes(vehicleUrl), `${file} neither belongs to nor lists ${vehicleUrl}`).toBe(true);
    }
    expect(cdn.purged()).toContain(`${site().url}${vehicleUrl}`);

    // A full deploy to the bucket afterwards finds nothing the incremental deploy missed.
    const fullAfter = await deploySite(site(), 'bucket', { root });
    expect(fullAfter.uploaded).toEqual([]);
    expect(fullAfter.deleted).toEqual([]);

    // The folder, deployed in full, takes the same files.
    const second = await deploySite(site(), 'local', { root });
    expect(second.uploaded).toEqual(onChange);
    console.log(`first deploy: ${first.dir.uploaded.length} files; after one price change: ${second.uploaded.length} files (${second.uploaded.filter((f) => f.endsWith('.html')).length} pages) uploaded, ${second.deleted.length} deleted, ${cdn.purged().length} URLs purged`);
  }, 240_000);
});
