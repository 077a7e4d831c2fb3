/**
 * The markup of a vehicle page's similar-vehicles section around its cards, and the splice that replaces
 * the section in a published page. A running site brings a page's similar vehicles up to date this way
 * when nothing else on the page changed: the section is made by the same function the page template uses
 * (`src/render/vehicle-cards.ts`), so the spliced page is byte for byte the page a full render writes.
 * No React here: the generator's own process uses the splice.
 */
import { readFile } from 'node:fs/promises';

/** How the section opens: once on a vehicle page. */
export const SIMILAR_SECTION_START = '<section aria-labelledby="similar-heading"';
const SECTION_END = '</section>';

/** The section around the cards' markup, in order. */
export function similarSectionMarkup(cards: readonly string[]): string {
  return (
    `${SIMILAR_SECTION_START} class="border-t border-slate-200 py-8">` +
    '<h2 id="similar-heading" class="text-2xl font-bold">Similar vehicles</h2>' +
    `<ul class="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${cards.map((card) => `<li class="grid">${card}</li>`).join('')}</ul>` +
    SECTION_END
  );
}

/**
 * `page` with its similar-vehicles section replaced by `section`; null when the page does not hold exactly
 * one such section. Result cards hold no `<section>` of their own (and feed text in them is escaped), so
 * the section ends at the first closing tag after its start.
 */
export function spliceSimilarSection(page: Buffer, section: string): Buffer | null {
  const start = page.indexOf(SIMILAR_SECTION_START);
  if (start < 0 || page.indexOf(SIMILAR_SECTION_START, start + 1) >= 0) return null;
  const end = page.indexOf(SECTION_END, start);
  if (end < 0) return null;
  return Buffer.concat([page.subarray(0, start), Buffer.from(section), page.subarray(end + SECTION_END.length)]);
}

/** The published page in `file` with its similar-vehicles section replaced; null when it is missing or holds no such section. */
export async function withSimilarSection(file: string, section: string): Promise<Buffer | null> {
  const page = await readFile(file).catch(() => null);
  return page && spliceSimilarSection(page, section);
}
