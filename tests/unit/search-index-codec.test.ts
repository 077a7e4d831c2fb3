import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { decodeIndex, encodeIndex, INDEX_FORMAT_VERSION } from '../../src/search/index-codec.ts';

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
});
