/** Text helpers shared by the build and the islands: slugs, clipped text, counted nouns. */
import { withThousands } from '../rules/formatting.ts';

/** Lowercase, hyphenated slug of a display name. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Longest meta description search engines show in full. */
export const META_DESCRIPTION_MAX = 160;

/** The character that ends clipped text. */
export const ELLIPSIS = '…';

/**
 * Text held to `max` characters: cut at the last word boundary past half the limit (else mid-word),
 * trailing spaces and punctuation dropped, then '…'. Text within the limit is returned as given.
 */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - ELLIPSIS.length);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}${ELLIPSIS}`;
}

/** '1 vehicle' / '182 vehicles'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${withThousands(count)} ${count === 1 ? singular : plural}`;
}
