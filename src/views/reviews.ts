/** Ratings and reviews as cards, headings and star rows show them. */
import { countLabel } from '../lib/text.ts';
import { formatAverageRating, reviewAge, starDisplay, visibleReviews, type StarDisplay } from '../rules/reviews.ts';
import type { Location } from '../schemas/location.ts';
import type { Review } from '../schemas/review.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

/** One SVG path drawing five stars side by side in a 100 x 20 box (each star 20 x 20), for star ratings. */
export const STAR_ROW_PATH: string = Array.from({ length: 5 }, (_, star) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 9.5 : 3.9;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(star * 20 + 10 + r * Math.cos(a)).toFixed(1)} ${(10.6 + r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join('L')}Z`;
}).join('');

/** An average rating as cards and headings show it. */
export interface RatingView {
  /** '4.3' */
  text: string;
  stars: StarDisplay;
  count: number | null;
  /** Accessible text: 'Rated 4.3 out of 5 from 12 reviews'. */
  label: string;
}

export function ratingView(average: number | null | undefined, count?: number | null): RatingView | null {
  if (average === null || average === undefined || count === 0) return null;
  const text = formatAverageRating(average);
  const label = `Rated ${text} out of 5${count ? ` from ${countLabel(count, 'review')}` : ''}`;
  return { text, stars: starDisplay(average), count: count ?? null, label };
}

/** One review as a card shows it. */
export interface ReviewView {
  id: string;
  author: string;
  rating: number;
  stars: StarDisplay;
  text: string;
  when: string | null;
  reply: { text: string; when: string | null } | null;
}

export function reviewView(review: Review, now: Date): ReviewView {
  return {
    id: String(review.id),
    author: review.customer_name?.trim() || 'A customer',
    rating: review.rating,
    stars: starDisplay(review.rating),
    text: review.text?.trim() ?? '',
    when: reviewAge(review.review_date, review.review_date_in_words ?? review.created_at_time_ago_in_words, now),
    reply: review.reply_text?.trim() ? { text: review.reply_text.trim(), when: reviewAge(review.reply_date, null, now) } : null,
  };
}

/** The reviews a block shows: the visibility rule (minimum rating, hidden titles, limit) applied. */
export function shownReviews(reviews: readonly Review[], site: Pick<SiteConfig, 'reviews'>, now: Date): ReviewView[] {
  return visibleReviews(reviews, site.reviews).map((review) => reviewView(review, now));
}

/** Average of location ratings weighted by their review counts. */
export function overallRating(locations: readonly Location[]): RatingView | null {
  let sum = 0;
  let count = 0;
  for (const l of locations) {
    const avg = l.reviews?.average_rating ?? l.average_rating;
    const n = l.reviews?.count ?? l.review_count ?? 0;
    if (avg === null || avg === undefined || n === 0) continue;
    sum += avg * n;
    count += n;
  }
  return count === 0 ? null : ratingView(sum / count, count);
}
