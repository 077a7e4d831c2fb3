import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';
import { event, harness, webhook, type Harness } from '../support/ops-harness.ts';

// The journal decides what a site shows when the platform's events arrive out of order or repeat:
// per record, the event that happened last wins, and event ids are the platform's own, unique per site.

let h: Harness | null = null;
let dir: string | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

const HOUR = 3_600_000;
const priced = (id: string, price: number, occurredAt: Date): WebhookEvent => ({
  id,
  type: 'vehicle.updated',
  occurred_at: occurredAt.toISOString(),
  data: { id: 100187, record: { id: 100187, price } },
});

async function tempStore(): Promise<OpsStore> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ops-journal-'));
  return new OpsStore(path.join(dir, 'ops.sqlite'));
}

describe('events applied in the order they happened', () => {
  it('records an older event arriving after a newer one as superseded, and applies only the newer', async () => {
    h = await harness();
    const now = new Date();
    const newer = priced('evt_newer', 11111, now);
    const older = priced('evt_older', 22222, new Date(now.getTime() - HOUR));

    const first = await h.app.inject(webhook('northside-used', newer));
    expect(first.statusCode).toBe(202);
    const late = await h.app.inject(webhook('northside-used', older));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ status: 'superseded', id: 'evt_older', newer: 'evt_newer' });

    const recorded = h.store.event('northside-used', 'evt_older')!;
    expect(recorded.status).toBe('superseded');
    expect(recorded.error).toContain('evt_newer');
    expect(h.store.pending('northside-used').map((e) => e.event.data.record?.price)).toEqual([11111]);
    expect(h.store.counts('northside-used')).toMatchObject({ pending: 1, superseded: 1 });
  });

  it('ends every vehicle on its newest event when a burst arrives shuffled, with retries', async () => {
    h = await harness();
    const base = Date.parse('2026-11-22T09:00:00Z');
    const events = Array.from({ length: 100 }, (_, v) =>
      Array.from({ length: 5 }, (_, n) => priced(`evt_${v}_${n}`, 10_000 + n, new Date(base + n * 60_000 + v))),
    ).flat();
    // A fixed shuffle, every event delivered twice (a retry), 25 at a time.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const deliveries = [...events, ...events].map((e) => ({ e: { ...e, data: { id: 100000 + Number(e.id.split('_')[1]), record: { ...e.data.record!, id: 100000 + Number(e.id.split('_')[1]) } } }, key: random() }));
    deliveries.sort((a, b) => a.key - b.key);
    for (let i = 0; i < deliveries.length; i += 25) {
      const answers = await Promise.all(deliveries.slice(i, i + 25).map(({ e }) => h!.app.inject(webhook('northside-used', e))));
      for (const answer of answers) expect([200, 202]).toContain(answer.statusCode);
    }
    // Runs apply what was stored, in the order it was stored (each run in occurred_at order). So per vehicle,
    // the events stored to apply must come in the order they happened, ending on the newest.
    const stored = h.store.db
      .prepare("select record_key, occurred_ms, payload from events where site = 'northside-used' and status != 'superseded' order by rowid")
      .all() as Array<{ record_key: string; occurred_ms: number; payload: string }>;
    const last = new Map<string, { occurredMs: number; price: number }>();
    for (const row of stored) {
      const seen = last.get(row.record_key);
      expect(seen === undefined || seen.occurredMs < row.occurred_ms, `${row.record_key} stored in the order they happened`).toBe(true);
      last.set(row.record_key, { occurredMs: row.occurred_ms, price: (JSON.parse(row.payload) as WebhookEvent).data.record!.price as number });
    }
    expect(last.size).toBe(100);
    expect(new Set([...last.values()].map((v) => v.price))).toEqual(new Set([10_004]));
    const counts = h.store.counts('northside-used');
    expect(counts.pending + counts.applied + counts.superseded).toBe(500);
  });

  it('hands pending events to the runner in the order they happened, whatever order they arrived in', async () => {
    const store = await tempStore();
    const t = Date.parse('2026-11-22T09:00:00Z');
    // Three different vehicles, so none supersedes another; they arrive newest first.
    for (const [id, vehicle, at] of [['evt_3', 3, t + 3000], ['evt_1', 1, t + 1000], ['evt_2', 2, t + 2000]] as const) {
      expect(store.journal('bayside-mg', { id, type: 'vehicle.sold', occurred_at: new Date(at).toISOString(), data: { id: vehicle } })).toEqual({ status: 'stored' });
    }
    expect(store.pending('bayside-mg').map((e) => e.eventId)).toEqual(['evt_1', 'evt_2', 'evt_3']);
    store.close();
  });

  it('breaks a tie in occurred_at by event id, so both arrival orders end on the same event', async () => {
    const at = new Date('2026-11-22T09:30:00Z');
    for (const order of [['evt_a', 'evt_b'], ['evt_b', 'evt_a']]) {
      const store = await tempStore();
      for (const id of order) store.journal('bayside-mg', priced(id, id === 'evt_a' ? 1000 : 2000, at));
      const pending = store.pending('bayside-mg');
      expect(pending.at(-1)!.eventId, `arrival order ${order.join(', ')}`).toBe('evt_b');
      store.close();
      await rm(dir!, { recursive: true, force: true });
      dir = null;
    }
  });

  it('treats sale, deletion and update of one vehicle as one record, and an offer as another', async () => {
    const store = await tempStore();
    const t = Date.parse('2026-11-22T09:00:00Z');
    store.journal('bayside-mg', { id: 'evt_sold', type: 'vehicle.sold', occurred_at: new Date(t + 5000).toISOString(), data: { id: '0100187' } });
    // An update made before the sale, delivered after it, must not bring the car back.
    expect(store.journal('bayside-mg', priced('evt_update', 9999, new Date(t)))).toEqual({ status: 'superseded', newer: 'evt_sold' });
    expect(store.journal('bayside-mg', { id: 'evt_offer', type: 'offer.changed', occurred_at: new Date(t).toISOString(), data: { id: 100187 } })).toEqual({ status: 'stored' });
    store.close();
  });
});

describe('event ids scoped to their site', () => {
  it('accepts an id first used by another dealer, and still ignores a repeat for the same dealer', async () => {
    h = await harness();
    const shared = event({ id: 'evt_shared_0001' });
    expect((await h.app.inject(webhook('northside-used', shared))).statusCode).toBe(202);
    const other = await h.app.inject(webhook('bayside-mg', { ...shared, data: { id: 200001, record: { id: 200001, price: 25990 } } }));
    expect(other.statusCode).toBe(202);
    expect(other.json()).toEqual({ status: 'accepted', id: 'evt_shared_0001' });
    expect(h.store.event('bayside-mg', 'evt_shared_0001')?.status).toBe('pending');
    expect(h.store.event('northside-used', 'evt_shared_0001')?.event.data.id).toBe(100001);

    const repeat = await h.app.inject(webhook('bayside-mg', { ...shared, data: { id: 200001, record: { id: 200001, price: 25990 } } }));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ status: 'duplicate' });
  });

  it('moves a journal keyed by event id alone to per-site ids in place, keeping every event', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-journal-'));
    const file = path.join(dir, 'ops.sqlite');
    // The journal as databases written before per-site ids hold it.
    const old = new Database(file);
    old.exec(`
      create table events (event_id text primary key, site text not null, type text not null, payload text not null,
        received_at text not null, status text not null default 'pending', applied_at text, error text);
      create index events_pending on events (site, status, received_at);
      create table builds (id integer primary key autoincrement, site text not null, kind text not null, trigger text not null,
        status text not null, started_at text not null, finished_at text, duration_ms integer, pages integer, message text, report text);`);
    const insert = old.prepare('insert into events (event_id, site, type, payload, received_at, status, applied_at) values (?, ?, ?, ?, ?, ?, ?)');
    const applied = priced('evt_applied', 30000, new Date('2026-11-22T10:00:00Z'));
    const waiting = { ...priced('evt_waiting', 31000, new Date('2026-11-22T09:00:00Z')), data: { id: 100200, record: { id: 100200, price: 31000 } } };
    insert.run(applied.id, 'northside-used', applied.type, JSON.stringify(applied), '2026-11-22T10:00:01.000Z', 'applied', '2026-11-22T10:00:02.000Z');
    insert.run(waiting.id, 'northside-used', waiting.type, JSON.stringify(waiting), '2026-11-22T10:00:03.000Z', 'pending', null);
    old.prepare("insert into builds (site, kind, trigger, status, started_at) values ('northside-used', 'full', 'startup', 'published', '2026-11-22T08:00:00Z')").run();
    old.close();

    const store = new OpsStore(file);
    expect(store.event('northside-used', 'evt_applied')?.status).toBe('applied');
    expect(store.pending('northside-used').map((e) => e.eventId)).toEqual(['evt_waiting']);
    expect(store.builds('northside-used')).toHaveLength(1);
    // Per-site ids from now on.
    expect(store.journal('bayside-mg', { ...applied, data: { id: 200001 } })).toEqual({ status: 'stored' });
    // And what the old journal applied still counts as the newest for its record.
    expect(store.journal('northside-used', priced('evt_stale', 1, new Date('2026-11-22T09:59:00Z')))).toEqual({ status: 'superseded', newer: 'evt_applied' });
    store.close();
    // Opening it again finds nothing left to move.
    const again = new OpsStore(file);
    expect(again.counts('northside-used')).toMatchObject({ applied: 1, pending: 1, superseded: 1 });
    again.close();
  });
});

describe('marking events rendered', () => {
  it('marks pending events rendered, keeps them pending for a replay, and leaves every other commit synced', async () => {
    const store = await tempStore();
    const synced = () => store.db.pragma('synchronous', { simple: true });
    expect(synced()).toBe(2);
    store.journal('northside-used', priced('evt_marked', 30000, new Date('2026-11-22T10:00:00Z')));
    store.journal('northside-used', { ...priced('evt_other', 31000, new Date('2026-11-22T10:01:00Z')), data: { id: 100200, record: { id: 100200, price: 31000 } } });

    store.markRendered('northside-used', ['evt_marked']);
    expect(store.event('northside-used', 'evt_marked')?.status).toBe('rendered');
    expect(store.event('northside-used', 'evt_other')?.status).toBe('pending');
    // A rendered event is still owed to the snapshot: a restart replays it as it would a pending one.
    expect(store.pending('northside-used').map((e) => e.eventId)).toEqual(['evt_marked', 'evt_other']);
    // The mark alone skips the wait for the disk; events, leads and builds still commit in FULL.
    expect(synced()).toBe(2);
    store.close();
  });
});
