import { describe, expect, it } from 'vitest';
import { normaliseChanged, normaliseVehicles } from '../../src/data/normalise.ts';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { catalogueFollows } from '../../src/search/query.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { VehicleSchema, type Vehicle } from '../../src/schemas/vehicle.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { feedVehicle } from '../support/test-site.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const site = (extra = '') => parseSiteConfig(`name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n${extra}`, 'sites/test-motors.yaml');

// Forty vehicles, many sharing a feed slug, so the catalogue holds slugs given out with their ids appended.
const records = Array.from({ length: 40 }, (_, i) => VehicleSchema.parse(feedVehicle(i + 1, { slug: `car-${i % 20}`, price: 10_000 + i * 500, status: i % 9 === 0 ? 'sold' : 'in_stock' })));

describe('normalising the changed records of a catalogue', () => {
  for (const [label, extra] of [['a site listing sold vehicles', ''], ['an in-stock-only site', 'stock:\n  inStockOnly: true\n']] as const) {
    it(`gives what normalising the whole catalogue gives, or declines, on ${label}`, () => {
      const s = site(extra);
      const catalogue = normaliseVehicles(records, s, NOW).vehicles;
      const byId = new Map(catalogue.map((v) => [Number(v.id), v]));
      const { next: random, pick } = seededRandom(label.length);
      // Edits as events bring them: a platform record (with its feed slug) or the listed vehicle marked sold.
      const edits: Array<(v: NormalisedVehicle) => Vehicle> = [
        (v) => ({ ...records[Number(v.id) - 1]!, price: v.price - 250 }),
        (v) => ({ ...v, status: 'sold', sold: true }),
        (v) => ({ ...records[Number(v.id) - 1]!, slug: pick(['car-0', 'car-3', 'car-9', `car-${v.id}`]) }),
        (v) => ({ ...records[Number(v.id) - 1]!, make: 'Mazda', slug: null }),
        (v) => ({ ...v, price: v.price + 1 }),
      ];
      let taken = 0;
      for (let round = 0; round < 300; round++) {
        const chosen = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(catalogue)))];
        const changed = chosen.map((v) => pick(edits)(v));
        const replaced = new Map(changed.map((r) => [Number(r.id), r]));
        const whole = normaliseVehicles(
          catalogue.map((v) => replaced.get(Number(v.id)) ?? v),
          s,
          NOW,
          undefined,
          byId,
        ).vehicles;
        const fast = normaliseChanged(catalogue, byId, changed, s, NOW);
        if (fast === null) continue;
        taken++;
        expect(fast, JSON.stringify(changed.map((r) => [r.id, r.slug, r.status]))).toEqual(whole);
        // Vehicles not changed stay the same objects, as the whole normalisation keeps them.
        for (const [i, v] of fast.entries()) if (!replaced.has(Number(v.id))) expect(v).toBe(whole[i]);
      }
      // Edits that move a slug or unpublish a vehicle are declined; the rest are many.
      expect(taken).toBeGreaterThan(30);
    });
  }

  it('declines a record of a vehicle the catalogue does not have, and a catalogue the filters no longer pass', () => {
    const catalogue = normaliseVehicles(records, site(), NOW).vehicles;
    const byId = new Map(catalogue.map((v) => [Number(v.id), v]));
    expect(normaliseChanged(catalogue, byId, [VehicleSchema.parse(feedVehicle(99))], site(), NOW)).toBeNull();
    // The changed record itself passes (another make, the same slug); the rest of the catalogue does not.
    expect(normaliseChanged(catalogue, byId, [{ ...catalogue[1]!, make: 'Mazda' }], site('stock:\n  excludeMakes: [Toyota]\n'), NOW)).toBeNull();
    expect(normaliseChanged(catalogue, byId, [{ ...catalogue[1]!, price: 1 }], site(), NOW)).not.toBeNull();
  });

  it('checks the filters again on the vehicles a catalogue that follows a checked one brought', () => {
    const s = site('stock:\n  inStockOnly: true\n');
    const checked = normaliseVehicles(records, s, NOW).vehicles;
    const price = (list: readonly NormalisedVehicle[]) => [{ ...list[0]!, price: list[0]!.price + 1 }];
    expect(normaliseChanged(checked, new Map(checked.map((v) => [Number(v.id), v])), price(checked), s, NOW)).not.toBeNull();
    // A catalogue made from it with one vehicle no longer published here: it is not taken as published.
    const unpublished = checked.map((v, i) => (i === 5 ? { ...v, status: 'sold' as const } : v));
    catalogueFollows(unpublished, checked);
    expect(normaliseChanged(unpublished, new Map(unpublished.map((v) => [Number(v.id), v])), price(unpublished), s, NOW)).toBeNull();
    // One whose new vehicle is published: it is, and gives what the whole normalisation gives.
    const cut = checked.map((v, i) => (i === 5 ? { ...v, price: v.price - 300 } : v));
    catalogueFollows(cut, checked);
    const byId = new Map(cut.map((v) => [Number(v.id), v]));
    const changed = price(cut);
    expect(normaliseChanged(cut, byId, changed, s, NOW)).toEqual(normaliseVehicles([...changed, ...cut.slice(1)], s, NOW, undefined, byId).vehicles);
  });
});
