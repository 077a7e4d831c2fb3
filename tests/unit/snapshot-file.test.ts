import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSnapshot, readSnapshotSync, snapshotPath, writeSnapshot } from '../../src/data/snapshot-files.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';

// The snapshot file as writeSnapshot lays it out (a first line, the meta, one vehicle per line, the lists),
// written in parts and read a vehicle line at a time. Records are cut down: these reads are trusted.

const SLUG = 'file-motors';
const NAMES = ['Corolla', 'Škoda Octavia', '東京 Special', 'Ute 🚙', 'Line\nbreak "quoted"'];
const vehicle = (id: number) => ({ id, slug: `car-${id}`, price: 10_000 + id, status: 'in_stock', model: NAMES[id % NAMES.length] }) as unknown as NormalisedVehicle;
const snapshot = (vehicles: NormalisedVehicle[]): Snapshot =>
  ({
    meta: { site: SLUG, pulledAt: '2026-11-01T00:00:00.000Z', source: 'test', counts: { pulled: vehicles.length, published: vehicles.length } },
    vehicles,
    locations: [{ id: 1, name: 'Main St' }],
    reviews: [],
    dealerships: [],
    offers: [],
    models: [],
    removed: [{ id: 9, slug: 'gone-9', removedAt: '2026-10-01T00:00:00.000Z' }],
  }) as unknown as Snapshot;
const read = async () => (await readSnapshot(SLUG, root, { trusted: true }))!;
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'snapshot-file-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

describe('the snapshot file', () => {
  it('holds one vehicle per line, across the parts it is written in, and reads back as written', async () => {
    // More vehicles than one part holds (1,000), some with characters beyond Latin-1.
    const written = snapshot(Array.from({ length: 2_345 }, (_, i) => vehicle(i + 1)));
    await writeSnapshot(written, root);
    const lines = (await readFile(snapshotPath(SLUG, root), 'utf8')).split('\n');
    expect(lines[0]).toMatch(/^\{"generation":"[0-9a-f-]{36}",$/);
    expect(lines[1]).toBe(`"meta":${JSON.stringify(written.meta)},`);
    expect(lines[2]).toBe('"vehicles":[');
    expect(lines.slice(3, 3 + 2_345)).toEqual(written.vehicles.map((v, i) => `${JSON.stringify(v)}${i < 2_344 ? ',' : ''}`));
    expect(lines.slice(3 + 2_345)).toEqual([
      '],',
      `"locations":${JSON.stringify(written.locations)},`,
      '"reviews":[],',
      '"dealerships":[],',
      '"offers":[],',
      '"models":[],',
      `"removed":${JSON.stringify(written.removed)}}`,
      '',
    ]);
    expect(asJson(await read())).toEqual(asJson(written));
    expect(asJson(readSnapshotSync(SLUG, root))).toEqual(asJson(written));
  });

  it('is read without decoding the whole file into one string', async () => {
    await writeSnapshot(snapshot(Array.from({ length: 500 }, (_, i) => vehicle(i + 1))), root);
    const size = (await readFile(snapshotPath(SLUG, root))).length;
    const parse = vi.spyOn(JSON, 'parse');
    expect((await read()).vehicles).toHaveLength(500);
    const longest = Math.max(...parse.mock.calls.map(([text]) => text.length));
    expect(longest).toBeLessThan(size / 20);
  });

  it('reads an empty vehicle list', async () => {
    await writeSnapshot(snapshot([]), root);
    expect(await readFile(snapshotPath(SLUG, root), 'utf8')).toContain('\n"vehicles":[\n\n],\n');
    expect(asJson(await read())).toEqual(asJson(snapshot([])));
  });

  it('reads a file laid out otherwise (written by hand, say) whole', async () => {
    const written = snapshot([vehicle(1), vehicle(2), vehicle(3)]);
    await mkdir(path.dirname(snapshotPath(SLUG, root)), { recursive: true });
    await writeFile(snapshotPath(SLUG, root), JSON.stringify(written, null, 2));
    expect(asJson(await read())).toEqual(asJson(written));
    await writeFile(snapshotPath(SLUG, root), JSON.stringify(written));
    expect(asJson(await read())).toEqual(asJson(written));
  });

  it('fails on a damaged vehicle line as on any damaged file', async () => {
    await writeSnapshot(snapshot([vehicle(1), vehicle(2), vehicle(3)]), root);
    const file = snapshotPath(SLUG, root);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"slug":"car-2"', '"slug":"car-2'));
    await expect(read()).rejects.toThrow(SyntaxError);
    await writeFile(file, text.replace('\n],\n', '\n'));
    await expect(read()).rejects.toThrow(SyntaxError);
  });
});
