import { describe, expect, it } from 'vitest';
import { ViewedVehicleSchema } from '../../../src/schemas/shopper.ts';
import type { ViewedVehicle } from '../../../src/stores/viewed.ts';
import { freshStores } from './storage.ts';

const viewed = (id: number, over: Partial<ViewedVehicle> = {}): ViewedVehicle => ({
  id,
  stocknum: `U${id}`,
  make: 'Mazda',
  model: 'CX-5',
  body: 'Wagon',
  simple_body: 'SUV',
  name: `2019 Mazda CX-5 Maxx ${id}`,
  path: `/cars/2019-mazda-cx-5-${id}/`,
  image: `/images/cx5-${id}.jpg`,
  ...over,
});

describe('viewed vehicles store', () => {
  it('puts the latest view first, once, and keeps the last 12', async () => {
    const { viewed: store } = await freshStores();
    for (let id = 1; id <= 14; id++) store.recordViewed(viewed(id));
    store.recordViewed(viewed(5));
    const ids = store.$viewed.get().map((v) => v.id);
    expect(ids).toEqual([5, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
    expect(store.VIEWED_LIMIT).toBe(12);
  });

  it('keeps the list across a reload, drops entries that are not viewed vehicles, and clears', async () => {
    const { viewed: store, storage } = await freshStores();
    store.recordViewed(viewed(1));
    store.recordViewed(viewed(2, { stocknum: null, body: null, simple_body: null, image: null }));
    expect((await freshStores(storage)).viewed.$viewed.get().map((v) => v.id)).toEqual([2, 1]);

    const list = JSON.parse(storage['dealer-sites:viewed']!) as unknown[];
    storage['dealer-sites:viewed'] = JSON.stringify([
      ...list,
      { ...viewed(3), path: '//evil.example/cars/' },
      { ...viewed(4), path: '/\\evil.example/' },
      { ...viewed(5), path: 'javascript:alert(1)' },
      { ...viewed(6), id: '6' },
      { ...viewed(7), make: 7 },
      'junk',
    ]);
    const reloaded = await freshStores(storage);
    expect(reloaded.viewed.$viewed.get().map((v) => v.id)).toEqual([2, 1]);
    reloaded.viewed.clearViewed();
    expect((await freshStores(storage)).viewed.$viewed.get()).toEqual([]);
  });

  it('holds what it accepts to the viewed-vehicle schema (spec 3)', async () => {
    const { viewed: store } = await freshStores();
    const accepted = [viewed(1), viewed(2, { stocknum: null, body: null, simple_body: null })];
    for (const v of accepted) {
      expect(store.isViewedVehicle(v)).toBe(true);
      expect(ViewedVehicleSchema.safeParse(v).success).toBe(true);
    }
    // What the schema refuses in the spec's fields, the store refuses too.
    for (const bad of [{ id: 0 }, { id: 1.5 }, { stocknum: 5 }, { make: null }, { model: undefined }, { simple_body: 3 }]) {
      const sample = { ...viewed(9), ...bad };
      expect(ViewedVehicleSchema.safeParse(sample).success).toBe(false);
      expect(store.isViewedVehicle(sample)).toBe(false);
    }
  });
});
