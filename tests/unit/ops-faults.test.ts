import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { buildSites } from '../../src/generator/build.ts';
import { sign } from '../../src/ops/signature.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';
import { freePort, OpsProcess } from '../support/ops-process.ts';
import { differencesFromFullBuild } from '../support/site-compare.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// The real ops server (npm start) in a child process, on 127.0.0.1, against a
// small dealer: a burst of 2,000 signed events, a SIGKILL in the middle of it,
// a restart, and the site at the end compared with a full build.
const slug = TEST_SITE;
const secret = 'test-webhook-secret-0123456789';
const env = { NORTHSIDE_USED_WEBHOOK_SECRET: secret, OPS_ADMIN_TOKEN: 'test-admin-token-0123456789', OPS_COALESCE_MS: '100' };
let root: string;
let ops: OpsProcess;

function signedEvent(event: WebhookEvent): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  return { body, headers: { 'content-type': 'application/json', 'x-dealer-signature': sign(secret, body, Math.floor(Date.now() / 1000)) } };
}

/** Sends events 40 at a time; returns the ids the server acknowledged (202 or 200), stopping early on connection errors. */
async function send(events: WebhookEvent[], onSent?: (n: number) => void): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let i = 0; i < events.length; i += 40) {
    const batch = events.slice(i, i + 40);
    const results = await Promise.all(
      batch.map(async (event) => {
        const { body, headers } = signedEvent(event);
        const response = await fetch(`${ops.url}/webhooks/${slug}`, { method: 'POST', body, headers }).catch(() => null);
        return response && (response.status === 202 || response.status === 200) ? event.id : null;
      }),
    );
    acknowledged.push(...results.filter((id): id is string => id !== null));
    onSent?.(i + batch.length);
    if (results.includes(null)) break;
  }
  return acknowledged;
}

async function settled(store: OpsStore): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (store.counts(slug).pending === 0) {
      // Pending is empty once the last run settles; give a run that just started time to finish.
      const last = store.lastBuild(slug);
      if (last && last.status !== 'running') return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`events still pending: ${JSON.stringify(store.counts(slug))}\n${ops.output.slice(-20).join('')}`);
}

beforeAll(async () => {
  root = await testSiteRoot('ops-faults', 60);
  await buildSites({ root, site: slug, interactive: false });
  ops = new OpsProcess({ root, port: await freePort(), env });
}, 240_000);

afterAll(async () => {
  await ops?.kill();
  await rm(root, { recursive: true, force: true });
});

describe('ops server under a burst and a crash', () => {
  it('loses no event across a SIGKILL, coalesces 2,000 events into far fewer builds, and ends equal to a full build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const vehicles = snapshot.vehicles.filter((v) => v.status === 'in_stock');
    // 2,000 price changes cycling over the vehicles, a millisecond apart on the platform; the last change to
    // each vehicle decides its final price.
    const base = Date.now();
    const events: WebhookEvent[] = Array.from({ length: 2000 }, (_, i) => {
      const v = vehicles[i % vehicles.length]!;
      return { id: `burst-${i}`, type: 'vehicle.updated', occurred_at: new Date(base + i).toISOString(), data: { id: Number(v.id), record: { ...v, price: 10_000 + i } } };
    });

    await ops.start();
    const started = performance.now();
    let killedAt = 0;
    const first = await send(events.slice(0, 1000), (n) => {
      if (n >= 600 && killedAt === 0 && ops.running) {
        killedAt = n;
        void ops.kill();
      }
    });
    expect(killedAt).toBeGreaterThan(0);
    // Everything acknowledged before the kill was journalled first.
    const store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
    try {
      for (const id of first) expect(store.event(slug, id), `acknowledged ${id} is in the journal`).not.toBeNull();

      await ops.start();
      const resent = await send(events.slice(0, 1000)); // replays of the acknowledged ones are answered as duplicates
      const rest = await send(events.slice(1000));
      const seconds = (performance.now() - started) / 1000;
      expect(new Set([...first, ...resent, ...rest]).size).toBe(2000);
      await settled(store);

      const counts = store.counts(slug);
      // An event lost to the kill and sent again after a newer one for the same vehicle is superseded:
      // recorded, and rightly not applied over the newer price.
      expect({ ...counts, applied: 0, superseded: 0 }).toEqual({ pending: 0, rendered: 0, applied: 0, failed: 0, superseded: 0 });
      expect(counts.applied + counts.superseded).toBe(2000);
      const builds = store.builds(slug, 10_000).filter((b) => b.status === 'published');
      console.log(`burst: 2000 events in ${seconds.toFixed(1)} s (with a SIGKILL and a restart) applied in ${builds.length} builds, ${counts.superseded} superseded by a newer event`);
      expect(builds.length).toBeLessThan(200);

      const final = (await readSnapshot(slug, root))!;
      for (const v of vehicles) {
        const last = events.filter((e) => e.data.id === Number(v.id)).at(-1)!;
        expect(final.vehicles.find((x) => x.id === v.id)!.price).toBe((last.data.record as { price: number }).price);
      }
    } finally {
      store.close();
    }
    await ops.kill();
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 600_000);
});
