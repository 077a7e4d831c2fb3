import { describe, expect, it } from 'vitest';
import { formatAverageRating, reviewAge, starDisplay, visibleReviews } from '../../../src/rules/reviews.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const review = (id: number, rating: number, customer_name = `Customer ${id}`) => ({ id, rating, customer_name });

describe('which reviews are shown', () => {
  it('keeps ratings of 4 and above by default and drops 3.9', () => {
    const reviews = [review(1, 5), review(2, 4), review(3, 3.9), review(4, 1)];
    expect(visibleReviews(reviews, site().reviews).map((r) => r.id)).toEqual([1, 2]);
  });

  it('uses the configured minimum rating', () => {
    const reviews = [review(1, 5), review(2, 4.9), review(3, 4.5)];
    expect(visibleReviews(reviews, site({ reviews: { minRating: 4.9 } }).reviews).map((r) => r.id)).toEqual([1, 2]);
  });

  it('hides reviews whose title is listed, ignoring case and spaces', () => {
    const config = site({ reviews: { hiddenTitles: ['Test Review', 'Staff Member'] } }).reviews;
    const reviews = [
      { id: 1, rating: 5, title: 'test review ', customer_name: 'Sam' },
      { id: 2, rating: 5, title: 'Staff Member', customer_name: 'Jane' },
      { id: 3, rating: 5, title: 'Great service', customer_name: 'Test Review' },
      { id: 4, rating: 5, title: null, customer_name: 'Staff Member' },
    ];
    // Only the title is matched: a reviewer who happens to share a hidden title's words stays visible.
    expect(visibleReviews(reviews, config).map((r) => r.id)).toEqual([3, 4]);
  });

  it('takes at most 12 reviews after filtering, in the given order', () => {
    const reviews = [review(0, 2), ...Array.from({ length: 14 }, (_, i) => review(i + 1, 5))];
    const shown = visibleReviews(reviews, site().reviews);
    expect(shown).toHaveLength(12);
    expect(shown[0]!.id).toBe(1);
    expect(shown[11]!.id).toBe(12);
    expect(visibleReviews(reviews.slice(0, 12), site().reviews)).toHaveLength(11);
  });
});

describe('star display', () => {
  it.each([
    [4.3, { full: 4, partial: 0.3, empty: 0 }],
    [5, { full: 4, partial: 1, empty: 0 }],
    [4, { full: 4, partial: 0, empty: 0 }],
    [4.96, { full: 4, partial: 1, empty: 0 }],
    [4.94, { full: 4, partial: 0.9, empty: 0 }],
    [3.7, { full: 3, partial: 0.7, empty: 1 }],
    [1, { full: 1, partial: 0, empty: 3 }],
    [0, { full: 0, partial: 0, empty: 4 }],
  ])('%s -> %o', (rating, display) => {
    expect(starDisplay(rating)).toEqual(display);
  });

  it('never draws more than 4 full stars or a fill outside 0..1', () => {
    expect(starDisplay(7)).toEqual({ full: 4, partial: 1, empty: 0 });
    expect(starDisplay(-1)).toEqual({ full: 0, partial: 0, empty: 4 });
  });
});

describe('average rating', () => {
  it.each([
    [4.8, '4.8'],
    [4, '4.0'],
    [4.85, '4.9'],
    [4.849, '4.8'],
    [4.95, '5.0'],
  ])('%s is shown as %s', (value, text) => {
    expect(formatAverageRating(value)).toBe(text);
  });
});

describe('reviewAge', () => {
  const now = new Date('2026-11-25T12:00:00+10:00');
  it('says how long ago from the date, with the number agreeing', () => {
    expect(reviewAge('2026-11-25', null, now)).toBe('today');
    expect(reviewAge('2026-11-24', null, now)).toBe('1 day ago');
    expect(reviewAge('2026-11-13', null, now)).toBe('12 days ago');
    expect(reviewAge('2026-10-20', null, now)).toBe('1 month ago');
    expect(reviewAge('2026-05-01', null, now)).toBe('6 months ago');
    expect(reviewAge('2025-11-01', null, now)).toBe('1 year ago');
    expect(reviewAge('2023-01-01', null, now)).toBe('3 years ago');
  });

  it("falls back to the platform's words, mending '1 years ago', and to nothing", () => {
    expect(reviewAge(null, '1 years ago', now)).toBe('1 year ago');
    expect(reviewAge('not a date', '1 months ago', now)).toBe('1 month ago');
    expect(reviewAge(null, '11 years ago', now)).toBe('11 years ago');
    expect(reviewAge('2027-01-01', 'about 2 months', now)).toBe('about 2 months');
    expect(reviewAge(null, '  ', now)).toBeNull();
  });
});
