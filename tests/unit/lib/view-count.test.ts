import { describe, expect, it } from 'vitest';
import { viewCountUrl, viewsFrom } from '../../../src/lib/view-count.ts';

describe('the vehicle view request', () => {
  it('names the car, the site, the photo count and when the car last changed', () => {
    expect(viewCountUrl('', { slug: '2008-nissan-navara-pro-4x-300227', photosCount: 12, updatedAt: '2026-11-20T01:02:03.000Z' }, 'northside-used')).toBe(
      '/api/cars/2008-nissan-navara-pro-4x-300227/view.json?website_id=northside-used&photos_count=12&updated_at=2026-11-20T01%3A02%3A03.000Z',
    );
    expect(viewCountUrl('https://api.example/', { slug: 'a b', photosCount: 0, updatedAt: null }, 'summit-motor-group')).toBe(
      'https://api.example/api/cars/a%20b/view.json?website_id=summit-motor-group&photos_count=0&updated_at=',
    );
  });

  it('takes a positive whole count from the answer and keeps the built count for anything else', () => {
    expect(viewsFrom({ views: 42, car_fields: { photos_count: 3, updated_at: null } })).toBe(42);
    for (const answer of [null, undefined, 'x', {}, { views: null }, { views: 0 }, { views: -1 }, { views: 2.5 }, { views: '7' }]) expect(viewsFrom(answer)).toBeNull();
  });
});
