/** Text helpers shared by the build and the islands: slugs, clipped text, counted nouns. */
import { withThousands } from '../rules/formatting.ts';

/**
 * Unicode's bidirectional formatting characters: embeddings and overrides (U+202A-U+202E), isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In feed text they can reverse what a shopper
 * reads (a price or a name shown backwards) and they carry nothing a dealer means to show.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** Text with the bidirectional formatting characters removed. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * `value` as the text of a `<script>` data block (application/json, application/ld+json): its JSON with
 * every `<` escaped, so no `</script>` or `<!--` in the data can end the block or change how it is read.
 */
export function dataBlockText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

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
