/**
 * Which reviews a location shows, and how star ratings are drawn (spec sections 5 and 9).
 */
import type { SiteConfig } from '../schemas/site-config.ts';

/** The part of a review these rules read. */
export interface ReviewFields {
  rating: number;
  /**
   * The review's title where the source has one. The platform's review records have none, so
   * the heading a review card shows, the reviewer's name, stands in for it.
   */
  title?: string | null | undefined;
  customer_name?: string | null | undefined;
}

/** The title `site.reviews.hiddenTitles` is matched against (reviews without a title are never hidden by it). */
export function reviewTitle(review: Pick<ReviewFields, 'title'>): string {
  return (review.title ?? '').trim();
}

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * The reviews shown, in the order given: rating at least `site.reviews.minRating` (4 by
 * default), title not in `site.reviews.hiddenTitles` (compared ignoring case and surrounding
 * spaces), at most `site.reviews.fullQuantity` (12).
 */
export function visibleReviews<T extends ReviewFields>(
  reviews: readonly T[],
  config: Pick<SiteConfig['reviews'], 'minRating' | 'hiddenTitles' | 'fullQuantity'>,
): T[] {
  const hidden = new Set(config.hiddenTitles.map(normalise));
  return reviews
    .filter((review) => review.rating >= config.minRating && !hidden.has(normalise(reviewTitle(review))))
    .slice(0, config.fullQuantity);
}

/** A rating rounded to one decimal (4.85 -> 4.9), half away from zero, free of binary noise. */
export function roundRating(rating: number): number {
  return Math.round(Number((rating * 10).toPrecision(12))) / 10;
}

/** An average rating as shown: one decimal, '4.0' rather than '4'. */
export function formatAverageRating(rating: number): string {
  return roundRating(rating).toFixed(1);
}

/** How a rating is drawn on five star slots. */
export interface StarDisplay {
  /** Full stars, 0 to 4. */
  full: number;
  /** Fill of the fifth-or-earlier partial star, 0 to 1, one decimal. */
  partial: number;
  /** Empty stars after the partial one. */
  empty: number;
}

/**
 * Star display: up to 4 full stars plus one partial star filled to one decimal, then empty stars
 * up to five slots. The rating is first rounded to one decimal and held to 0..5.
 * 4.3 -> 4 full + 0.3; 5 -> 4 full + a partial star filled to 1.0 (it draws as a full fifth
 * star); 4 -> 4 full + 0.0; 3.7 -> 3 full + 0.7 + 1 empty.
 */
export function starDisplay(rating: number): StarDisplay {
  const value = Math.min(5, Math.max(0, roundRating(rating)));
  const full = Math.min(4, Math.floor(value));
  const partial = roundRating(value - full);
  return { full, partial, empty: 5 - full - 1 };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * How long ago a review (or a reply) was written, as a card says it: 'today', '1 day ago', '12 days ago',
 * '1 month ago', '5 months ago', '1 year ago', '3 years ago', worked out from its date at `now`. Without a
 * usable date, the platform's own words, with the number agreeing ('1 years ago' becomes '1 year ago').
 */
export function reviewAge(date: string | null | undefined, words: string | null | undefined, now: Date): string | null {
  const time = date ? Date.parse(date) : Number.NaN;
  if (Number.isFinite(time) && time <= now.getTime()) {
    const days = Math.floor((now.getTime() - time) / 86_400_000);
    if (days < 1) return 'today';
    if (days < 31) return plural(days, 'day');
    if (days < 365) return plural(Math.max(1, Math.floor(days / 30)), 'month');
    return plural(Math.floor(days / 365), 'year');
  }
  const given = words?.trim();
  if (!given) return null;
  return given.replace(/\b1 (second|minute|hour|day|week|month|year)s\b/g, '1 $1');
}
