import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import type { SearchRecord } from '../../src/search/engine.ts';
import { decodeIndex, encodeIndex, IndexTextEncoder, INDEX_FORMAT_VERSION } from '../../src/search/index-codec.ts';

// The embedded index travels by column: each field name and each repeated value once. What goes in
// comes back out, and the same records always give the same bytes (so a rebuild with nothing changed
// publishes an identical file, which the CDN keeps cached).

const vehicles = generateSiteFeed('summit-motor-group', 500, 3, '2026-11-22').feed.vehicles as Array<Record<string, unknown>>;
// Some records without a badge or an odometer reading, as real feeds have.
const records = vehicles.map((v, i) => ({
  objectID: String(v.id),
  make: v.make as string,
  model: v.model as string,
  badge: i % 7 === 3 ? null : ((v.badge as string | null) ?? null),
  price: v.price as number,
  km: i % 11 === 5 ? null : ((v.km as number | null) ?? null),
  certified: (v.certified as boolean | null) ?? null,
  tags: [v.tag, v.certified ? 'certified' : null].filter((t): t is string => typeof t === 'string'),
}));

describe('the search index codec', () => {
  it('gives back every record as it went in, nulls and empty lists included', () => {
    const decoded = decodeIndex(JSON.parse(JSON.stringify(encodeIndex(records))));
    expect(decoded).toEqual(records);
    expect(records.some((r) => r.badge === null) && records.some((r) => r.km === null) && records.some((r) => r.tags.length === 0)).toBe(true);
  });

  it('encodes the same records to the same bytes whatever their field order', () => {
    const reordered = records.map((r) => Object.fromEntries(Object.entries(r).reverse())) as typeof records;
    expect(JSON.stringify(encodeIndex(reordered))).toBe(JSON.stringify(encodeIndex(records)));
  });

  it('is smaller than the records as plain JSON, before and after gzip', () => {
    const plain = JSON.stringify(records);
    const encoded = JSON.stringify(encodeIndex(records));
    expect(encoded.length).toBeLessThan(plain.length * 0.6);
    expect(gzipSync(encoded).length).toBeLessThan(gzipSync(plain).length);
  });

  it('refuses a field that mixes kinds of value, and an index of another format version', () => {
    expect(() => encodeIndex([{ objectID: '1', year: 2020 }, { objectID: '2', year: '2021' }])).toThrow('a field holds both n and s values');
    expect(() => decodeIndex({ v: 99 as typeof INDEX_FORMAT_VERSION, n: 0, columns: {} })).toThrow('format 99 is not 1; rebuild the site');
  });

  it('keeps a running encoder byte for byte equal to encoding afresh as records change', () => {
    const encoder = new IndexTextEncoder();
    let current: SearchRecord[] = records;
    const steps: Array<(list: SearchRecord[]) => SearchRecord[]> = [
      (list) => list,
      // One price, as a webhook changes it: only that record is a new object.
      (list) => list.map((r, i) => (i === 40 ? { ...r, price: (r.price as number) + 1000 } : r)),
      // A list edited in place would not be seen; a new list with the same values gives the same bytes.
      (list) => list.map((r, i) => (i === 7 ? { ...r, tags: [...(r.tags as string[]), 'new arrival'] } : r)),
      (list) => list.map((r, i) => (i === 8 ? { ...r, tags: [...(r.tags as string[])] } : r)),
      // A make no other record has: the column's dictionary grows and every id after it moves.
      (list) => list.map((r, i) => (i === 3 ? { ...r, make: 'Aardvark' } : r)),
      (list) => list.filter((_, i) => i !== 100),
      (list) => [...list, { ...list[0]!, objectID: '999999', km: 12 }],
      // A number column gains a gap: its kind changes from differences to plain values.
      (list) => list.map((r, i) => (i === 0 ? { ...r, price: null } : r)),
    ];
    for (const step of steps) {
      current = step(current);
      expect(encoder.encode(current)).toBe(JSON.stringify(encodeIndex(current)));
    }
  });

  it('stays byte for byte equal as values change in place at the edges of its parts, and as columns change kind or dictionary', () => {
    // Over a thousand records, so each column's list spans several parts.
    const many: SearchRecord[] = [0, 1, 2].flatMap((copy) => records.map((r, i) => ({ ...r, objectID: String(100_000 * (copy + 1) + i) })));
    const encoder = new IndexTextEncoder();
    let current = many;
    encoder.encode(current);
    const at = (positions: number[], change: (r: SearchRecord, i: number) => SearchRecord) => (list: SearchRecord[]) => list.map((r, i) => (positions.includes(i) ? change(r, i) : r));
    // The make fewest records have, and the places of its records.
    const rarest = (list: SearchRecord[]) => {
      const places = new Map<unknown, number[]>();
      for (const [i, r] of list.entries()) places.set(r.make, [...(places.get(r.make) ?? []), i]);
      return [...places.values()].sort((a, b) => a.length - b.length)[0]!;
    };
    const steps: Array<(list: SearchRecord[]) => SearchRecord[]> = [
      // Differences at the first and last place, and on both sides of a part's edge.
      at([0, 511, 512, many.length - 1], (r) => ({ ...r, price: (r.price as number) + 7 })),
      // Dictionary ids, values and flags changed to others the column already holds, or to nothing.
      at([1, 512, 1023], (r, i) => ({ ...r, make: many[i + 1]!.make, badge: null, certified: r.certified === true ? false : true })),
      at([2, 700], (r) => ({ ...r, km: r.km === null ? 1234.5 : null })),
      // The records of a make all take another: the dictionary loses it, and every id after it moves.
      (list) => at(rarest(list), (r) => ({ ...r, make: list[0]!.make }))(list),
      (list) => at(rarest(list), (r) => ({ ...r, make: list[0]!.make }))(list),
      // Every missing odometer reading filled with a whole number: the column becomes differences, and back.
      (list) => list.map((r) => (r.km === null || !Number.isInteger(r.km) ? { ...r, km: 10 } : r)),
      at([3], (r) => ({ ...r, km: null })),
      // Every flag gone, then one back: an empty column is stored as strings.
      (list) => list.map((r) => (r.certified === null ? r : { ...r, certified: null })),
      at([4], (r) => ({ ...r, certified: true })),
    ];
    for (const [n, step] of steps.entries()) {
      current = step(current);
      expect(encoder.encode(current), `step ${n}`).toBe(JSON.stringify(encodeIndex(current)));
      // And as bytes in parts, the file a running site writes.
      expect(Buffer.concat(encoder.encodeParts(current)).toString('utf8'), `step ${n}`).toBe(JSON.stringify(encodeIndex(current)));
    }
    // A value of another kind is refused as encoding afresh refuses it.
    expect(() => encoder.encode(at([9], (r) => ({ ...r, price: 'free' }))(current))).toThrow('a field holds both n and s values');
  });
});
