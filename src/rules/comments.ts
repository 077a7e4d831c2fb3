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

/** Tags that end a line or block, so a cut may fall just before them as at a space. */
const BREAKING_TAG = /^<\/?(br|p|div|li|ul|ol|h[1-6]|blockquote|table|tr|td|th|hr)\b/i;
const ENTITY = /^&#?[a-z0-9]+;/i;

/**
 * Walks comments (plain text or sanitised HTML) as a reader sees them: a tag counts no
 * characters, an entity (`&amp;`) one. Returns the number of visible characters and the string
 * index where the visible character number `limit + 1` starts (the text's length when it fits).
 */
function scan(text: string, limit: number): { visible: number; cutAt: number; boundary: number } {
  let visible = 0;
  let boundary = -1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '<') {
      const close = text.indexOf('>', i);
      // A stray '<' that opens no tag is shown as a character.
      if (close > i && /^<\/?[a-z!]/i.test(text.slice(i, i + 3))) {
        if (BREAKING_TAG.test(text.slice(i, close + 1))) boundary = i;
        i = close + 1;
        continue;
      }
    }
    if (visible === limit) return { visible: visible + 1, cutAt: i, boundary: /\s/.test(c) ? i : boundary };
    if (/\s/.test(c)) boundary = i;
    const entity = c === '&' ? ENTITY.exec(text.slice(i, i + 12)) : null;
    i += entity ? entity[0].length : 1;
    visible++;
  }
  return { visible, cutAt: text.length, boundary };
}

/** Characters a reader sees in comments: tags count none, an entity one. */
export function visibleLength(text: string): number {
  return scan(text, Number.POSITIVE_INFINITY).visible;
}

/**
 * Cuts comments to at most `limit` visible characters (tags count none, an entity one) at a word
 * boundary: before the last space or line-breaking tag (`<br>`, `</p>`) that keeps within the
 * limit, never inside a word, a tag or an entity. A single word longer than the limit is cut at
 * the limit. Trailing whitespace is dropped; tags left open are for the caller to close (the view
 * sanitises the preview).
 */
export function cutText(text: string, limit: number): string {
  const { cutAt, boundary } = scan(text, limit);
  if (cutAt >= text.length) return text.trimEnd();
  const end = boundary > 0 ? boundary : cutAt;
  return text.slice(0, end).trimEnd();
}

/**
 * Spec 4 and 9: empty, null or whitespace-only comments show the pending text ('Dealer comments
 * are pending. Please check back here later.'). Comments up to `vehicle.commentsLimit` (400)
 * visible characters, after trimming, show in full; longer ones show at most the first 400, cut at
 * a word boundary (`cutText`), with a 'more...' toggle
 * ('Show More' with `commentsToggle: show-more-less`) and, expanded, in full with 'less...'
 * ('Show Less').
 */
export function commentsView(comments: string | null | undefined, site: CommentsSite, expanded: boolean): CommentsView {
  const text = comments?.trim() ?? '';
  if (text === '') return { kind: 'pending', text: site.vehicle.commentsPendingText };
  if (visibleLength(text) <= site.vehicle.commentsLimit) return { kind: 'full', text, toggle: null };
  const labels = TOGGLE_LABELS[site.vehicle.commentsToggle];
  return expanded
    ? { kind: 'truncated', text, expanded: true, toggle: labels.less }
    : { kind: 'truncated', text: cutText(text, site.vehicle.commentsLimit), expanded: false, toggle: labels.more };
}
