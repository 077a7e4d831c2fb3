import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { carryRemoved, pullSite } from '../../src/data/pull.ts';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { applyEvents } from '../../src/generator/incremental.ts';
import { PRICE_HISTORY_LIMIT } from '../../src/rules/price-history.ts';
import { isAvailable } from '../../src/rules/availability.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';
import { feedVehicle } from '../support/test-site.ts';

// A vehicle's price history through the two ways a snapshot changes: pulls (the feed read again) and
// webhook events applied by the incremental path. The snapshot is always read back through its schema.

const site = parseSiteConfig('name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n', 'sites/test-motors.yaml');
const day = (n: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + n * 86_400_000);

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'price-history-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeFeed(vehicles: Array<Record<string, unknown>>): Promise<void> {
  const dir = path.join(root, 'data', 'feed', 'test-motors');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'vehicles.json'), JSON.stringify(vehicles));
  for (const name of ['locations', 'reviews', 'dealerships']) await writeFile(path.join(dir, `${name}.json`), '[]');
}

async function pullAt(now: Date, vehicles: Array<Record<string, unknown>>): Promise<Snapshot> {
  await writeFeed(vehicles);
  await pullSite(site, { root, now });
  return (await readSnapshot('test-motors', root))!;
}

const historyOf = (snapshot: Snapshot, id: number) => snapshot.vehicles.find((v) => v.id === id)!.price_history;

describe('price history through pulls', () => {
  it('records each change of the listed price a pull sees, stamped when the platform changed it', async () => {
    const first = await pullAt(day(0), [feedVehicle(1, { price: 31990 }), feedVehicle(2, { price: 19990 })]);
    expect(historyOf(first, 1)).toEqual([]);

    // Updated on day 3 (after the last pull), pulled on day 4.
    const second = await pullAt(day(4), [feedVehicle(1, { price: 30990, updated_at: '2026-11-04T02:00:00+10:00' }), feedVehicle(2, { price: 19990 })]);
    expect(historyOf(second, 1)).toEqual([{ at: '2026-11-03T16:00:00.000Z', from: 31990, to: 30990 }]);
    expect(historyOf(second, 2)).toEqual([]);

    // An offer price is the listed price; the record's updated_at is older than the last pull, so the pull's time stands.
    const third = await pullAt(day(9), [feedVehicle(1, { price: 30990, offer_price: 29490, updated_at: '2026-10-01T00:00:00Z' }), feedVehicle(2, { price: 19990 })]);
    expect(historyOf(third, 1)).toEqual([
      { at: '2026-11-03T16:00:00.000Z', from: 31990, to: 30990 },
      { at: day(9).toISOString(), from: 30990, to: 29490 },
    ]);

    // Nothing changed: the history stays as it was.
    const fourth = await pullAt(day(10), [feedVehicle(1, { price: 30990, offer_price: 29490 }), feedVehicle(2, { price: 19990 })]);
    expect(historyOf(fourth, 1)).toEqual(historyOf(third, 1));
  });

  it('keeps only the last 10 changes', async () => {
    for (let n = 0; n <= 12; n++) await pullAt(day(n), [feedVehicle(1, { price: 40000 - n * 100, updated_at: null })]);
    const history = historyOf((await readSnapshot('test-motors', root))!, 1);
    expect(history).toHaveLength(PRICE_HISTORY_LIMIT);
    expect(history[0]).toEqual({ at: day(3).toISOString(), from: 39800, to: 39700 });
    expect(history.at(-1)).toEqual({ at: day(12).toISOString(), from: 38900, to: 38800 });
  });

  it("starts from the feed's history until the snapshot has recorded one, then keeps its own", async () => {
    const feedHistory = [{ at: '2026-10-20T00:00:00Z', from: 33990, to: 31990 }];
    const first = await pullAt(day(0), [feedVehicle(1, { price: 31990, price_history: feedHistory }), feedVehicle(2, { price: 9990 })]);
    expect(historyOf(first, 1)).toEqual(feedHistory);

    // A change the feed's history already ends with is not recorded twice.
    const seen = await pullAt(day(1), [feedVehicle(1, { price: 31990, price_history: feedHistory }), feedVehicle(2, { price: 8990, price_history: [{ at: '2026-11-01T12:00:00Z', from: 9990, to: 8990 }] })]);
    expect(historyOf(seen, 2)).toEqual([{ at: '2026-11-01T12:00:00Z', from: 9990, to: 8990 }]);

    // Once recorded, the snapshot's history stands whatever the feed says.
    const later = await pullAt(day(5), [feedVehicle(1, { price: 30990, price_history: [] }), feedVehicle(2, { price: 8990, price_history: [] })]);
    expect(historyOf(later, 1)).toEqual([...feedHistory, { at: day(5).toISOString(), from: 31990, to: 30990 }]);
    expect(historyOf(later, 2)).toEqual([{ at: '2026-11-01T12:00:00Z', from: 9990, to: 8990 }]);
  });

  it('gives some demo vehicles a history ending in a drop to their listed price', () => {
    const { feed } = generateSiteFeed('northside-used', 200, 20251122, '2026-11-25');
    const withHistory = feed.vehicles.filter((v) => Array.isArray(v.price_history));
    expect(withHistory.length).toBeGreaterThan(20);
    for (const v of withHistory) {
      const history = v.price_history as Array<{ at: string; from: number; to: number }>;
      const last = history.at(-1)!;
      expect(last.to).toBe((v.offer_price as number | null) ?? (v.price as number));
      expect(last.to).toBeLessThan(last.from);
      expect(Date.parse(history[0]!.at)).toBeGreaterThan(Date.parse(v.created_at as string));
      expect(Date.parse(last.at)).toBeLessThan(Date.parse('2026-11-25T00:00:00Z'));
      expect([...history].sort((a, b) => a.at.localeCompare(b.at))).toEqual(history);
    }
    // The same seed and day give the same histories.
    expect(generateSiteFeed('northside-used', 200, 20251122, '2026-11-25').feed.vehicles.map((v) => v.price_history)).toEqual(feed.vehicles.map((v) => v.price_history));
  });
});

describe('the available count through webhook events', () => {
  const event = (n: number, type: WebhookEvent['type'], id: number, record?: Record<string, unknown>): { eventId: string; event: WebhookEvent } => ({
    eventId: `count-${n}`,
    event: { id: `count-${n}`, type, occurred_at: new Date(Date.parse('2026-11-20T00:00:00Z') + n * 60_000).toISOString(), data: { id, ...(record ? { record } : {}) } },
  });

  it('stays the number of available vehicles across a chain of sales, relistings and price changes', async () => {
    let snapshot = await pullAt(day(0), [1, 2, 3, 4, 5].map((id) => feedVehicle(id, { price: 10000 + id * 1000 })));
    const steps = [
      event(1, 'vehicle.sold', 2),
      event(2, 'vehicle.updated', 3, feedVehicle(3, { price: 12500 })),
      event(3, 'vehicle.sold', 4),
      event(4, 'vehicle.updated', 2, feedVehicle(2, { price: 11500, status: 'in_stock' })),
      event(5, 'vehicle.updated', 5, feedVehicle(5, { status: 'coming_soon' })),
    ];
    const counts: number[] = [];
    for (const step of steps) {
      const batch = await applyEvents({ site, snapshot }, [step], { now: day(20) });
      expect(batch.failed).toEqual([]);
      snapshot = batch.snapshot;
      expect(snapshot.meta.counts.available).toBe(snapshot.vehicles.filter(isAvailable).length);
      counts.push(snapshot.meta.counts.available);
    }
    expect(counts).toEqual([4, 4, 3, 4, 4]);
  });
});

describe('price history through webhook events', () => {
  const event = (n: number, type: WebhookEvent['type'], id: number, record?: Record<string, unknown>): { eventId: string; event: WebhookEvent } => ({
    eventId: `evt-${n}`,
    event: { id: `evt-${n}`, type, occurred_at: new Date(Date.parse('2026-11-20T00:00:00Z') + n * 60_000).toISOString(), data: { id, ...(record ? { record } : {}) } },
  });

  it('adds a change per event that moves the listed price, stamped with the event time, as a pull would keep it', async () => {
    const snapshot = await pullAt(day(0), [feedVehicle(1, { price: 31990 }), feedVehicle(2, { price: 19990 }), feedVehicle(3, { price: 9990 })]);
    const batch = await applyEvents({ site, snapshot }, [
      event(1, 'vehicle.updated', 1, feedVehicle(1, { price: 30990 })),
      event(2, 'vehicle.updated', 1, feedVehicle(1, { price: 29990 })),
      event(3, 'vehicle.updated', 2, feedVehicle(2, { price: 19990, km: 20000 })),
      event(4, 'vehicle.sold', 3),
    ], { now: day(20) });
    expect(batch.unchanged).toBe(false);
    expect(historyOf(batch.snapshot, 1)).toEqual([
      { at: '2026-11-20T00:01:00.000Z', from: 31990, to: 30990 },
      { at: '2026-11-20T00:02:00.000Z', from: 30990, to: 29990 },
    ]);
    expect(historyOf(batch.snapshot, 2)).toEqual([]);
    expect(historyOf(batch.snapshot, 3)).toEqual([]);

    // What the incremental path writes is a snapshot the build (and the next pull) reads as it is.
    const { writeSnapshot } = await import('../../src/data/snapshot-files.ts');
    await writeSnapshot(batch.snapshot, root);
    expect((await readSnapshot('test-motors', root))!.vehicles).toEqual(batch.snapshot.vehicles);

    // The next pull of the same prices carries the history on and adds nothing.
    const pulled = await pullAt(day(21), [feedVehicle(1, { price: 29990 }), feedVehicle(2, { price: 19990, km: 20000 }), feedVehicle(3, { price: 9990, status: 'sold', sold: true, sold_date_timestamp: Math.floor(day(20).getTime() / 1000) })]);
    expect(historyOf(pulled, 1)).toEqual(historyOf(batch.snapshot, 1));
  });

  it('changes nothing when a record arrives as it was, history included', async () => {
    const snapshot = await pullAt(day(0), [feedVehicle(1, { price: 31990, price_history: [{ at: '2026-10-20T00:00:00Z', from: 33990, to: 31990 }] })]);
    const v = snapshot.vehicles[0]!;
    const batch = await applyEvents({ site, snapshot }, [event(1, 'vehicle.updated', 1, { ...v })], { now: day(2) });
    expect(batch.unchanged).toBe(true);
    expect(batch.snapshot).toBe(snapshot);
  });

  it('forgets the history of a deleted vehicle, and a re-created one starts from its record', async () => {
    const snapshot = await pullAt(day(0), [feedVehicle(1, { price: 31990 })]);
    const changed = await applyEvents({ site, snapshot }, [event(1, 'vehicle.updated', 1, feedVehicle(1, { price: 30990 }))], { now: day(1) });
    expect(historyOf(changed.snapshot, 1)).toHaveLength(1);
    const gone = await applyEvents({ site, snapshot: changed.snapshot }, [event(2, 'vehicle.deleted', 1)], { now: day(2) });
    expect(gone.snapshot.vehicles).toEqual([]);
    const back = await applyEvents({ site, snapshot: gone.snapshot }, [event(3, 'vehicle.created', 1, feedVehicle(1, { price: 28990 }))], { now: day(3) });
    expect(historyOf(back.snapshot, 1)).toEqual([]);
  });
});

describe('what a webhook batch leaves as it was', () => {
  const event = (id: number, record: Record<string, unknown>): { eventId: string; event: WebhookEvent } => ({
    eventId: `evt-${id}`,
    event: { id: `evt-${id}`, type: 'vehicle.updated', occurred_at: '2026-11-20T00:00:00.000Z', data: { id, record } },
  });

  // A running site knows what did not change by identity: the search records, feed lines and
  // fingerprints it worked out from those objects are kept.
  it('keeps the objects of the vehicles and lists it did not change', async () => {
    const snapshot = await pullAt(day(0), [feedVehicle(1, { price: 31990 }), feedVehicle(2, { price: 19990 }), feedVehicle(3, { price: 9990 })]);
    const batch = await applyEvents({ site, snapshot }, [event(2, feedVehicle(2, { price: 18990 }))], { now: day(1) });
    const byId = (s: Snapshot, id: number) => s.vehicles.find((v) => v.id === id);
    expect(byId(batch.snapshot, 1)).toBe(byId(snapshot, 1));
    expect(byId(batch.snapshot, 3)).toBe(byId(snapshot, 3));
    expect(byId(batch.snapshot, 2)).not.toBe(byId(snapshot, 2));
    expect(byId(batch.snapshot, 2)!.price).toBe(18990);
    for (const list of ['offers', 'locations', 'reviews', 'models', 'dealerships'] as const) expect(batch.snapshot[list]).toBe(snapshot[list]);
  });

  it('carries the vehicles removed before as a pull would, past their days or not, whether vehicles were edited or deleted', async () => {
    await pullAt(day(0), [1, 2, 3, 4].map((id) => feedVehicle(id, { price: 20000 + id })));
    const snapshot = await pullAt(day(10), [1, 2, 3].map((id) => feedVehicle(id, { price: 20000 + id })));
    expect(snapshot.removed.map((r) => r.id)).toEqual([4]);
    const cases = [
      { now: day(20), events: [event(1, feedVehicle(1, { price: 18990 }))], removed: [4] },
      // Ninety days on, the removed vehicle's redirect goes.
      { now: day(101), events: [event(1, feedVehicle(1, { price: 18990 }))], removed: [] },
      { now: day(20), events: [{ eventId: 'evt-del', event: { id: 'evt-del', type: 'vehicle.deleted' as const, occurred_at: day(20).toISOString(), data: { id: 2 } } }], removed: [2, 4] },
    ];
    for (const { now, events, removed } of cases) {
      const batch = await applyEvents({ site, snapshot }, events, { now });
      expect(batch.snapshot.removed.map((r) => r.id)).toEqual(removed);
      expect(batch.snapshot.removed).toEqual(carryRemoved(snapshot, batch.snapshot, now));
    }
    // Edited in place with nothing past its days, the list is the one it was.
    expect((await applyEvents({ site, snapshot }, cases[0]!.events, { now: day(20) })).snapshot.removed).toBe(snapshot.removed);
  });
});
