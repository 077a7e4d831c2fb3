/** Dealer comments on the vehicle page (spec sections 4 and 9). */
import type { SiteConfig } from '../schemas/site-config.ts';

export type CommentsSite = {
  vehicle: Pick<SiteConfig['vehicle'], 'commentsLimit' | 'commentsToggle' | 'commentsPendingText'>;
};

/** What the Dealer Comments section shows. */
export type CommentsView =
  | { kind: 'pending'; text: string }
  | { kind: 'full'; text: string; toggle: null }
  | { kind: 'truncated'; text: string; expanded: boolean; toggle: string };

const TOGGLE_LABELS = {
  'more-less': { more: 'more...', less: 'less...' },
  'show-more-less': { more: 'Show More', less: 'Show Less' },
} as const;

/**
 * Cuts `text` to at most `limit` characters without splitting an HTML tag (`<br>`) or character
 * entity (`&amp;`): a cut that would land inside one moves back to before it. Trailing
 * whitespace of the cut text is dropped.
 */
export function cutText(text: string, limit: number): string {
  let end = limit;
  const head = text.slice(0, end);
  const openTag = head.lastIndexOf('<');
  if (openTag > head.lastIndexOf('>')) end = openTag;
  const amp = text.slice(0, end).lastIndexOf('&');
  if (amp >= 0 && /^&#?[a-z0-9]*$/i.test(text.slice(amp, end)) && /^&#?[a-z0-9]+;/i.test(text.slice(amp))) end = amp;
  return text.slice(0, end).trimEnd();
}

/**
 * Spec 4 and 9: empty, null or whitespace-only comments show the pending text ('Dealer comments
 * are pending. Please check back here later.'). Comments up to `vehicle.commentsLimit` (400)
 * characters, after trimming, show in full; longer ones show the first 400 with a 'more...' toggle
 * ('Show More' with `commentsToggle: show-more-less`) and, expanded, in full with 'less...'
 * ('Show Less').
 */
export function commentsView(comments: string | null | undefined, site: CommentsSite, expanded: boolean): CommentsView {
  const text = comments?.trim() ?? '';
  if (text === '') return { kind: 'pending', text: site.vehicle.commentsPendingText };
  if (text.length <= site.vehicle.commentsLimit) return { kind: 'full', text, toggle: null };
  const labels = TOGGLE_LABELS[site.vehicle.commentsToggle];
  return expanded
    ? { kind: 'truncated', text, expanded: true, toggle: labels.less }
    : { kind: 'truncated', text: cutText(text, site.vehicle.commentsLimit), expanded: false, toggle: labels.more };
}
