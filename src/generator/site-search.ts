/**
 * Site-wide text search over a site's content pages (offers, pages with their FAQs, locations): a Pagefind
 * index in the release's `pagefind/` folder, which the header's search box loads in the browser. Stock is
 * left out: the stock search answers stock. Only each page's `<main>` is indexed, without the parts marked
 * `data-pagefind-ignore` (stock counts, "open now"), so menus and footers do not match every query and a
 * sale does not change the index; pages that are twins of another are indexed once, under their canonical
 * address. Each page's indexed text has a fingerprint in the build state, and an update re-indexes only
 * when one changes.
 */
import { link, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';
import * as pagefind from 'pagefind';
import type { Route } from '../data/route-manifest.ts';
import { outputFile } from './output-paths.ts';

/** Page kinds a shopper finds through the header's search box. */
export const SITE_SEARCH_KINDS: ReadonlySet<Route['kind']> = new Set(['content-page', 'offer', 'offers', 'location', 'locations']);

export const isSiteSearchPage = (route: Route) => SITE_SEARCH_KINDS.has(route.kind) && !('canonicalPath' in route && route.canonicalPath);

/** A fingerprint of what Pagefind reads on a page: the text of its `<main>` without the ignored parts. */
export function indexedTextFingerprint(html: string): string {
  const document = parseDocument(html);
  const main = DomUtils.findOne((element) => element.name === 'main', document.children, true);
  if (!main) return '';
  for (const ignored of DomUtils.findAll((element) => element.attribs['data-pagefind-ignore'] !== undefined, [main])) DomUtils.removeElement(ignored);
  return createHash('sha256').update(DomUtils.textContent(main).replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 16);
}

/**
 * Indexes the content pages already written to `pagesDir` (the release itself, unless its pages are the
 * live release's) and replaces `releaseDir`'s `pagefind/` folder in one step.
 */
export async function writeSiteSearch(releaseDir: string, routes: readonly Route[], pagesDir = releaseDir): Promise<{ pages: number; fingerprints: Record<string, string> }> {
  const created = await pagefind.createIndex({ rootSelector: 'main', forceLanguage: 'en' });
  if (!created.index) throw new Error(`site search: Pagefind could not start: ${created.errors.join('; ')}`);
  const { index } = created;
  let pages = 0;
  const fingerprints: Record<string, string> = {};
  try {
    for (const route of routes) {
      if (!isSiteSearchPage(route)) continue;
      const content = await readFile(outputFile(pagesDir, route.path, route.kind), 'utf8');
      fingerprints[route.path] = indexedTextFingerprint(content);
      const added = await index.addHTMLFile({ url: route.path, content });
      if (added.errors.length > 0) throw new Error(`site search: ${route.path}: ${added.errors.join('; ')}`);
      pages++;
    }
    const target = path.join(releaseDir, 'pagefind');
    const fresh = `${target}.${process.pid}.tmp`;
    await rm(fresh, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: fresh });
    if (written.errors.length > 0) throw new Error(`site search: ${written.errors.join('; ')}`);
    // Swap folders so a reader sees the old index or the new one, never half of each.
    const old = `${target}.${process.pid}.old`;
    await rename(target, old).catch(() => {});
    await rename(fresh, target);
    await rm(old, { recursive: true, force: true });
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
  return { pages, fingerprints };
}

/**
 * Whether an index made of the pages in `indexed` (their indexed text's fingerprints, by path, as the build
 * state keeps them) is made of just the pages at `paths`: in any order, since the same pages make the same
 * index.
 */
export function indexesPages(indexed: Readonly<Record<string, string>> | undefined, paths: readonly string[]): indexed is Record<string, string> {
  return indexed !== undefined && paths.length === Object.keys(indexed).length && paths.every((p) => indexed[p] !== undefined);
}

/**
 * Links `fromRelease`'s `pagefind/` folder, file by file, into `toRelease`, which has none yet; false when
 * `fromRelease` has none either.
 */
export async function linkSiteSearch(fromRelease: string, toRelease: string): Promise<boolean> {
  const from = path.join(fromRelease, 'pagefind');
  const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => null);
  if (!entries) return false;
  const to = path.join(toRelease, 'pagefind');
  const made = new Set<string>();
  const folder = async (dir: string) => {
    if (!made.has(dir)) await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  await folder(to);
  for (const entry of entries) {
    const target = path.join(to, path.relative(from, entry.parentPath), entry.name);
    if (entry.isDirectory()) await folder(target);
    else {
      await folder(path.dirname(target));
      await link(path.join(entry.parentPath, entry.name), target);
    }
  }
  return true;
}
