import { describe, expect, it } from 'vitest';
import {
  applyWatchlistChange,
  COMPARE_LIMIT,
  comparedIds,
  showFavouriteButton,
  showWatchlistButton,
  watchlistClick,
  watchlistSignInUrl,
  watchlistToast,
} from '../../../src/rules/saving.ts';
import type { FavouriteVehicle } from '../../../src/rules/saving.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const car: FavouriteVehicle = { status: 'in_stock', car_type: 'new', price: 24990, images: [{ image: 'images/a.jpg' }], primary_image_url: null };
const favourites = site({ features: { favourites: true } });

describe('favourite/compare button', () => {
  it('shows for an available, priced vehicle with images when favourites are on', () => {
    expect(showFavouriteButton(car, favourites)).toBe(true);
    expect(showFavouriteButton({ ...car, status: 'coming_soon' }, favourites)).toBe(true);
  });

  it('is hidden when favourites are off', () => {
    expect(showFavouriteButton(car, site())).toBe(false);
  });

  it('is hidden for a vehicle that is not available', () => {
    expect(showFavouriteButton({ ...car, status: 'sold' }, favourites)).toBe(false);
  });

  it('is hidden for non-used vehicles on a used-only site', () => {
    const usedOnly = site({ features: { favourites: true }, stock: { usedOnly: true } });
    expect(showFavouriteButton(car, usedOnly)).toBe(false);
    expect(showFavouriteButton({ ...car, car_type: 'demo' }, usedOnly)).toBe(false);
    expect(showFavouriteButton({ ...car, car_type: 'used' }, usedOnly)).toBe(true);
  });

  it('is hidden at a price of 0 and shown at 1', () => {
    expect(showFavouriteButton({ ...car, price: 0 }, favourites)).toBe(false);
    expect(showFavouriteButton({ ...car, price: 1 }, favourites)).toBe(true);
  });

  it('is hidden without images; a primary image counts as one', () => {
    expect(showFavouriteButton({ ...car, images: [] }, favourites)).toBe(false);
    expect(showFavouriteButton({ ...car, images: null }, favourites)).toBe(false);
    expect(showFavouriteButton({ ...car, images: [], primary_image_url: 'images/p.jpg' }, favourites)).toBe(true);
  });
});

describe('watchlist button', () => {
  const watchlist = site({ features: { watchlist: true } });

  it('shows on available vehicles; on sold ones only when already saved', () => {
    expect(showWatchlistButton({ status: 'in_stock' }, false, watchlist)).toBe(true);
    expect(showWatchlistButton({ status: 'sold' }, false, watchlist)).toBe(false);
    expect(showWatchlistButton({ status: 'sold' }, true, watchlist)).toBe(true);
  });

  it('is hidden on sites without a watchlist', () => {
    expect(showWatchlistButton({ status: 'in_stock' }, true, site())).toBe(false);
  });

  it('sends a shopper with no phone on record to sign-in, back to the current page', () => {
    const path = '/cars/2021-toyota-corolla-123';
    const expected = { kind: 'sign-in', url: watchlistSignInUrl(path) };
    expect(watchlistClick(null, { id: 123 }, false, path)).toEqual(expected);
    expect(watchlistClick({ phone: null }, { id: 123 }, false, path)).toEqual(expected);
    expect(watchlistClick({ phone: '  ' }, { id: 123 }, false, path)).toEqual(expected);
  });

  it('saves, or removes when already saved, for a shopper with a phone', () => {
    expect(watchlistClick({ phone: '0412345678' }, { id: 123 }, false, '/')).toEqual({ kind: 'save', phone: '0412345678', carId: 123 });
    expect(watchlistClick({ phone: '0412345678' }, { id: 123 }, true, '/')).toEqual({ kind: 'remove', phone: '0412345678', carId: 123 });
  });

  it('builds the sign-in URL with both paths encoded', () => {
    expect(watchlistSignInUrl('/cars/abc')).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fabc&back=%2Fcars%2Fabc');
    const withQuery = watchlistSignInUrl('/search/used-cars?page=2&make=Mazda CX-5');
    const params = new URL(withQuery, 'https://x.example').searchParams;
    expect(params.get('type')).toBe('watchlist');
    expect(params.get('redirect')).toBe('/search/used-cars?page=2&make=Mazda CX-5');
    expect(params.get('back')).toBe('/search/used-cars?page=2&make=Mazda CX-5');
    expect([...params.keys()]).toEqual(['type', 'redirect', 'back']);
  });

  it('changes the local list at once, without duplicates', () => {
    expect(applyWatchlistChange([1, 2], 3, 'save')).toEqual([1, 2, 3]);
    expect(applyWatchlistChange([1, 3], 3, 'save')).toEqual([1, 3]);
    expect(applyWatchlistChange([1, 3], 3, 'remove')).toEqual([1]);
  });

  it('words the toasts with the vehicle name and a View List action', () => {
    const vehicle = { name: '2021 Toyota Corolla Ascent Sport', year: 2021, make: 'Toyota', model: 'Corolla' };
    expect(watchlistToast('save', vehicle)).toEqual({
      title: 'Car Saved In Watchlist',
      message: '2021 Toyota Corolla Ascent Sport is now available in your watchlist',
      action: 'View List',
    });
    expect(watchlistToast('remove', { ...vehicle, name: null })).toEqual({
      title: 'Car Removed',
      message: '2021 Toyota Corolla is no longer in your watchlist',
      action: 'View List',
    });
  });

  it('takes a display name already worked out', () => {
    expect(watchlistToast('save', '2019 Mazda CX-5 Maxx').message).toBe('2019 Mazda CX-5 Maxx is now available in your watchlist');
  });
});

describe('compare', () => {
  it('lays up to 4 vehicles side by side', () => {
    expect(COMPARE_LIMIT).toBe(4);
  });

  it('compares the 4 saved last until the shopper chooses, in the order they were saved', () => {
    expect(comparedIds([1, 2, 3], null)).toEqual([1, 2, 3]);
    expect(comparedIds([1, 2, 3, 4, 5, 6], null)).toEqual([3, 4, 5, 6]);
  });

  it('compares the chosen ones that are still saved, never more than 4', () => {
    expect(comparedIds([1, 2, 3, 4, 5, 6], [6, 1])).toEqual([1, 6]);
    expect(comparedIds([1, 2, 3], [3, 9])).toEqual([3]);
    expect(comparedIds([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4]);
    expect(comparedIds([1, 2], [])).toEqual([]);
  });
});
