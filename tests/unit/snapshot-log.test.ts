import { mkdtemp, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendSnapshotChanges, readSnapshot, readSnapshotSync, snapshotLogPath, snapshotPath, snapshotVersion, writeSnapshot } from '../../src/data/snapshot-files.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';

// The snapshot's change log: an update appends what it changed, a read replays it over the file, a whole
// write starts a new generation. Records here are cut down to what the log handles (reads are trusted).

const SLUG = 'log-motors';
const vehicle = (id: number, price = 10_000 + id, slug = `car-${id}`) => ({ id, slug, price, status: 'in_stock' }) as unknown as NormalisedVehicle;
const snapshot = (vehicles: NormalisedVehicle[], extra: Partial<Snapshot> = {}): Snapshot =>
  ({
    meta: { site: SLUG, pulledAt: '2026-11-01T00:00:00.000Z', source: 'test', counts: { pulled: vehicles.length, published: vehicles.length } },
    vehicles,
    locations: [],
    reviews: [],
    dealerships: [],
    offers: [],
    models: [],
    removed: [],
    ...extra,
  }) as unknown as Snapshot;
const read = async () => (await readSnapshot(SLUG, root, { trusted: true }))!;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'snapshot-log-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the snapshot change log', () => {
  it('appends just what an update changed, and a read replays it to the snapshot after the update', async () => {
    await writeSnapshot(snapshot([vehicle(1), vehicle(2), vehicle(3), vehicle(5)]), root);
    const first = await read();
    const fileBefore = await readFile(snapshotPath(SLUG, root), 'utf8');

    // Vehicle 2's price changes, 3 leaves, 4 arrives, 5's slug moves (another record took it), an offer appears.
    const next = snapshot([vehicle(1), vehicle(2, 1), vehicle(4), vehicle(5, undefined, 'car-5-5')], {
      meta: { ...first.meta, updatedAt: '2026-11-02T00:00:00.000Z' },
      offers: [{ id: 7, title: 'Sale' }] as unknown as Snapshot['offers'],
    });
    await appendSnapshotChanges(first, next, new Set([2, 3, 4]), root);

    expect(await readFile(snapshotPath(SLUG, root), 'utf8')).toBe(fileBefore);
    const [line, ...rest] = (await readFile(snapshotLogPath(SLUG, root), 'utf8')).split('\n');
    expect(rest).toEqual(['']);
    const logged = JSON.parse(line!) as { vehicles: NormalisedVehicle[]; deleted: number[]; lists: Record<string, unknown> };
    expect(logged.vehicles.map((v) => v.id)).toEqual([2, 4, 5]);
    expect(logged.deleted).toEqual([3]);
    expect(Object.keys(logged.lists)).toEqual(['offers']);
    expect(await read()).toEqual(next);
    // Read at once (a test's setup): the same snapshot.
    expect(readSnapshotSync(SLUG, root)).toEqual(next);

    // A second update on top of the first.
    const third = { ...next, vehicles: next.vehicles.filter((v) => v.id !== 1), meta: { ...next.meta, updatedAt: '2026-11-03T00:00:00.000Z' } };
    await appendSnapshotChanges(next, third, new Set([1]), root);
    expect(await read()).toEqual(third);
    expect(readSnapshotSync(SLUG, root)).toEqual(third);
  });

  it('changes the version caches watch on every logged change', async () => {
    await writeSnapshot(snapshot([vehicle(1)]), root);
    const first = await read();
    const before = await snapshotVersion(SLUG, root);
    await appendSnapshotChanges(first, snapshot([vehicle(1, 5)]), new Set([1]), root);
    expect(await snapshotVersion(SLUG, root)).not.toBe(before);
  });

  it('ignores a line a crash cut short, and the next update starts on a line of its own', async () => {
    await writeSnapshot(snapshot([vehicle(1), vehicle(2)]), root);
    const first = await read();
    const next = snapshot([vehicle(1, 1), vehicle(2)]);
    await appendSnapshotChanges(first, next, new Set([1]), root);
    await appendFile(snapshotLogPath(SLUG, root), '{"generation":"cut sh');
    expect(await read()).toEqual(next);

    const after = snapshot([vehicle(1, 1), vehicle(2, 2)]);
    await appendSnapshotChanges(next, after, new Set([2]), root);
    expect(await read()).toEqual(after);
    expect((await readFile(snapshotLogPath(SLUG, root), 'utf8')).split('\n')).toHaveLength(3);
  });

  it('leaves out changes logged against a snapshot file that has since been written whole', async () => {
    await writeSnapshot(snapshot([vehicle(1)]), root);
    const first = await read();
    await appendSnapshotChanges(first, snapshot([vehicle(1, 1)]), new Set([1]), root);
    const staleLog = await readFile(snapshotLogPath(SLUG, root), 'utf8');
    // A pull writes the snapshot whole; a crash before the old log was removed leaves it behind.
    const pulled = snapshot([vehicle(1, 99), vehicle(8)]);
    await writeSnapshot(pulled, root);
    await expect(stat(snapshotLogPath(SLUG, root))).rejects.toThrow();
    await writeFile(snapshotLogPath(SLUG, root), staleLog);
    expect(await read()).toEqual(pulled);
  });

  it('writes the snapshot whole when the previous one was not read from disk, or the log has grown past the fold size', async () => {
    await writeSnapshot(snapshot([vehicle(1)]), root);
    const unknown = snapshot([vehicle(1)]);
    const next = snapshot([vehicle(1, 3)]);
    await appendSnapshotChanges(unknown, next, new Set([1]), root);
    await expect(stat(snapshotLogPath(SLUG, root))).rejects.toThrow();
    expect(await read()).toEqual(next);

    let current = await read();
    for (let price = 1; price <= 3; price++) {
      const following = snapshot([vehicle(1, price)]);
      await appendSnapshotChanges(current, following, new Set([1]), root, { foldBytes: 1 });
      current = following;
    }
    // The first change made the log; the next found it past the fold size and wrote the snapshot whole, and so on.
    expect((await readFile(snapshotLogPath(SLUG, root), 'utf8')).split('\n')).toHaveLength(2);
    expect(await read()).toEqual(current);
  });

  it('refuses a damaged line in the middle of the log, naming the file and line', async () => {
    await writeSnapshot(snapshot([vehicle(1)]), root);
    await writeFile(snapshotLogPath(SLUG, root), 'not json\n');
    await expect(read()).rejects.toThrow(/log-motors\.changes\.jsonl line 1 is damaged/);
  });
});
