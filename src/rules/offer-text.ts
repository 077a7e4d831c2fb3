/**
 * Offer text collapsing (spec sections 4 and 9) and the scrolling offers banner.
 */
import type { SiteConfig } from '../schemas/site-config.ts';

/** Labels of the expand/collapse toggle. */
export const VIEW_MORE = 'view more';
export const VIEW_LESS = 'view less';

/** Appended to a cut text. */
export const ELLIPSIS = '...';

/** What an offer text shows. */
export interface CollapsibleText {
  text: string;
  /** The text is longer than the limit, so it has a toggle. */
  collapsible: boolean;
  /** Toggle label: 'view more' when collapsed, 'view less' when expanded; null without a toggle. */
  toggleLabel: typeof VIEW_MORE | typeof VIEW_LESS | null;
}

/**
 * A text as shown collapsed or expanded. Longer than `limit` characters (counted as characters
 * the shopper sees, so an emoji counts once) and collapsed: the first `limit` characters, trailing
 * spaces removed, then '...', with a 'view more' toggle; expanded: the whole text with 'view less'.
 * A text of exactly `limit` characters is shown whole, without a toggle. Pass plain text: cutting
 * HTML could break a tag.
 */
export function collapsibleText(text: string, limit: number, expanded: boolean): CollapsibleText {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, collapsible: false, toggleLabel: null };
  if (expanded) return { text, collapsible: true, toggleLabel: VIEW_LESS };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}${ELLIPSIS}`, collapsible: true, toggleLabel: VIEW_MORE };
}

/** An offer's description, cut at `site.offers.textLimit` (160) while collapsed. */
export function offerDescription(
  text: string,
  offers: Pick<SiteConfig['offers'], 'textLimit'>,
  expanded: boolean,
): CollapsibleText {
  return collapsibleText(text, offers.textLimit, expanded);
}

/** An offer's disclaimer, cut at `site.offers.disclaimerLimit` (200) while collapsed. */
export function offerDisclaimer(
  text: string,
  offers: Pick<SiteConfig['offers'], 'disclaimerLimit'>,
  expanded: boolean,
): CollapsibleText {
  return collapsibleText(text, offers.disclaimerLimit, expanded);
}

/**
 * The scrolling offers banner's items: its text repeated `repeat` times (20 by default,
 * `site.offers.scrollingBanner.repeat`).
 */
export function scrollingBannerItems(
  banner: Pick<SiteConfig['offers']['scrollingBanner'], 'text' | 'repeat'>,
): string[] {
  return Array.from({ length: banner.repeat }, () => banner.text);
}
