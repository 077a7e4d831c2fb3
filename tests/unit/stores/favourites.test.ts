import { beforeEach, describe, expect, it } from 'vitest';
import { FavouriteSchema } from '../../../src/schemas/shopper.ts';
import type { Favourite } from '../../../src/stores/favourites.ts';
import { freshStores } from './storage.ts';

const favourite = (id: number): Favourite => ({ id, name: `2021 Kia Cerato ${id}`, slug: `2021-kia-cerato-${id}`, make: 'Kia', model: 'Cerato', primary_image_url: `images/cerato-${id}.jpg` });
const dataLayer = () => (globalThis as unknown as { window: { dataLayer: unknown[] } }).window.dataLayer;

beforeEach(() => {
  (globalThis as { window?: unknown }).window = { dataLayer: [] };
});

describe('favourites store', () => {
  it('adds and removes, recording the favourite event (39) on adding only', async () => {
    const { favourites } = await freshStores();
    expect(favourites.toggleFavourite(favourite(1))).toBe(true);
    expect(favourites.toggleFavourite(favourite(2))).toBe(true);
    expect(favourites.toggleFavourite(favourite(1))).toBe(false);
    expect(favourites.$favourites.get().map((f) => f.id)).toEqual([2]);
    expect(dataLayer()).toMatchObject([
      { event: 'dealer_event', eventId: 39, car_id: 1 },
      { event: 'dealer_event', eventId: 39, car_id: 2 },
    ]);
  });

  it('keeps the favourites across a reload and drops what is not a favourite', async () => {
    const { favourites, storage } = await freshStores();
    favourites.toggleFavourite(favourite(1));
    favourites.toggleFavourite({ ...favourite(2), primary_image_url: null });
    expect((await freshStores(storage)).favourites.$favourites.get().map((f) => f.id)).toEqual([1, 2]);
    storage['dealer-sites:favourites'] = JSON.stringify([favourite(3), { ...favourite(4), id: '4' }, { ...favourite(5), name: null }, 7]);
    expect((await freshStores(storage)).favourites.$favourites.get().map((f) => f.id)).toEqual([3]);
  });

  it('stores favourites the favourite schema accepts (spec 3)', async () => {
    const { favourites, storage } = await freshStores();
    favourites.toggleFavourite(favourite(8));
    for (const stored of JSON.parse(storage['dealer-sites:favourites']!) as unknown[]) expect(FavouriteSchema.safeParse(stored).success).toBe(true);
  });
});
