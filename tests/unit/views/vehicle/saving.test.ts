import { describe, expect, it } from 'vitest';
import type { ImageIndex } from '../../../../src/views/images.ts';
import { resultCardData } from '../../../../src/views/search-records.ts';
import { priceBlockView } from '../../../../src/views/vehicle/price.ts';
import { favouriteRecord } from '../../../../src/views/search-records.ts';
import { vehicleSavingView } from '../../../../src/views/vehicle/saving.ts';
import { NOW, site, vehicle } from './fixtures.ts';

const images: ImageIndex = { 'images/corolla-1.jpg': { card: { width: 600, height: 400, jpeg: '/images/c/corolla-1.jpg', webp: '/images/c/corolla-1.webp' } } };
const withPhotos = { images: [{ image: 'images/corolla-1.jpg' }, { image: 'images/corolla-2.jpg' }] };
const view = (s: ReturnType<typeof site>, v: ReturnType<typeof vehicle>) => vehicleSavingView(v, s, images, priceBlockView(v, s));

describe('saving and sharing on the vehicle page', () => {
  it('offers the favourite toggle, the watchlist and share on an available car, where the site has them', () => {
    const s = { ...site('features: { favourites: true, watchlist: true }\nvehicle: { copyConfirmation: toast }'), url: 'https://www.northsideused.example/' };
    const page = view(s, vehicle(withPhotos));
    expect(page.island).toEqual({
      vehicle: { id: 4101, name: '2024 Toyota Corolla Ascent' },
      favourite: { id: 4101, name: '2024 Toyota Corolla Ascent', slug: '2024-toyota-corolla-ascent-4101', make: 'Toyota', model: 'Corolla', primary_image_url: 'images/corolla-1.jpg' },
      watchlist: { available: true },
      // Spec 2: the site URL with its trailing slash removed, then /cars/{slug}.
      share: { link: 'https://www.northsideused.example/cars/2024-toyota-corolla-ascent-4101', title: '2024 Toyota Corolla Ascent', copy: { style: 'toast', text: 'Copied', durationMs: 3000 } },
      apiBaseUrl: '',
      site: 'test-motors',
      listHref: '/watchlist/',
    });
  });

  it('leaves out the favourite toggle where the rule hides it, and the watchlist on sites without one', () => {
    const page = view(site('features: { favourites: true }'), vehicle({ ...withPhotos, price: 0 }));
    expect(page.island?.favourite).toBeNull();
    expect(page.island?.watchlist).toBeNull();
    expect(page.island?.share?.copy).toEqual({ style: 'inline', text: 'Copied', durationMs: 1500 });
  });

  it('keeps only the watchlist button (shown if already saved) on a sold car, and no island where nothing is left', () => {
    const sold = vehicle({ ...withPhotos, status: 'sold' });
    const watch = view(site('features: { favourites: true, watchlist: true }'), sold).island;
    expect([watch?.favourite, watch?.share, watch?.watchlist]).toEqual([null, null, { available: false }]);
    expect(view(site('features: { favourites: true }'), sold).island).toBeNull();
  });

  it('records the view with the spec fields, the page and a card picture', () => {
    expect(view(site(), vehicle(withPhotos)).viewed).toEqual({
      id: 4101,
      stocknum: null,
      make: 'Toyota',
      model: 'Corolla',
      body: 'Hatch',
      simple_body: 'Hatchback',
      name: '2024 Toyota Corolla Ascent',
      path: '/cars/2024-toyota-corolla-ascent-4101/',
      image: '/images/c/corolla-1.jpg',
    });
  });

  it('shows the sticky header from 500 px with the name, price and enquiry, or SOLD', () => {
    const s = site('vehicle: { enquireLabel: Message Now }');
    expect(view(s, vehicle()).stickyHeader).toEqual({
      offset: 500,
      name: '2024 Toyota Corolla Ascent',
      priceText: '$25,990',
      action: { label: 'Message Now', href: '#enquire', dialog: 'enquire-dialog' },
    });
    expect(view(s, vehicle({ status: 'sold' })).stickyHeader).toMatchObject({ priceText: 'SOLD', action: { label: 'Find Me Something Similar' } });
    expect(view(site('vehicle: { stickyHeaderOffset: 650 }'), vehicle()).stickyHeader.offset).toBe(650);
  });

  it('saves what a result card saves: the same favourite record, where the card offers the toggle', () => {
    const s = site('features: { favourites: true }');
    const cars = [vehicle({ primary_image_url: 'images/p.jpg', ...withPhotos }), vehicle(withPhotos), vehicle({ ...withPhotos, images: [{ image: 'v.mp4', isVideo: true }, ...withPhotos.images] }), vehicle(), vehicle({ ...withPhotos, status: 'sold' })];
    for (const car of cars) expect(favouriteRecord(car, s)).toEqual(resultCardData(car, s, {}, NOW).favourite);
    expect(favouriteRecord(cars[0]!, s)?.primary_image_url).toBe('images/p.jpg');
    expect(favouriteRecord(cars[3]!, s)).toBeNull();
  });
});
