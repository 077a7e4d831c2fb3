/**
 * The files a static host reads besides the pages: sitemap, robots.txt,
 * `_headers` and `_redirects` (Netlify syntax; Cloudflare Pages reads the same
 * files but ignores query-string conditions and 404 rules). Pure functions: the
 * generator calls them after rendering a site and writes what they return into
 * the release folder.
 */
import { createHash } from 'node:crypto';
import { decodeHTMLAttribute } from 'entities';
import { slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, MAP_EMBED_ORIGINS, pagePath, searchPathForCarType, vehiclePath } from '../lib/urls.ts';
import { zonedParts } from '../rules/time.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

// ---------------------------------------------------------------- sitemap

/** One indexable page for the sitemap. */
export interface SitemapEntry {
  /** Site path, e.g. "/cars/2024-mg-zs-12345/". */
  path: string;
  /** ISO 8601 date or date-time of the last change (a vehicle's updated_at); written as YYYY-MM-DD. */
  lastmod?: string | null;
}

/** URLs allowed in one sitemap file (sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * URLs the generator puts in one sitemap file, well under the protocol's limit: a site with more has an
 * index of files of this many. A running site's update then rewrites the file that lists the vehicle it
 * changed (a few hundred kilobytes) and the index, whose lastmods tell crawlers which file to read again,
 * rather than one file of every URL.
 */
export const SITEMAP_URLS_PER_FILE = 5_000;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Percent-encodes what may not appear raw in a URL (spaces, non-ASCII), leaving existing %XX escapes alone. */
function encodePath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]/gu, (c) => encodeURIComponent(c));
}

function absolute(site: SiteConfig, path: string): string {
  return `${site.url}${encodePath(path.startsWith('/') ? path : `/${path}`)}`;
}

/**
 * A lastmod as YYYY-MM-DD: a date is kept, a date-time with an offset is the
 * date it was in the site's time zone, a local date-time keeps its own date.
 * Anything unreadable gives undefined (the element is left out).
 */
export function sitemapDate(value: string | null | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i.exec(value.trim());
  if (!match) return undefined;
  if (!match[2]) return match[1];
  const instant = new Date(value.trim());
  if (Number.isNaN(instant.getTime())) return undefined;
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function uniqueByPath(entries: Iterable<SitemapEntry>): SitemapEntry[] {
  const seen = new Set<string>();
  const out: SitemapEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    out.push(entry);
  }
  return out;
}

export interface SitemapLine {
  text: string;
  lastmod: string | undefined;
}

// Each site's sitemap lines from its last sitemap, by path, with the lastmod each was made for: a running
// site's update changes a few, and working out a lastmod in the site's time zone is most of a line's cost.
// A line is made afresh when its lastmod moves, so one line object always stands for one text. Paths the
// last sitemap did not have are let go, so the table does not grow.
const knownLines = new WeakMap<SiteConfig, Map<string, { lastmod: string; line: SitemapLine }>>();
// The same lines by entry object, for callers that keep their entries (sitemapEntries keeps one per route).
const linesByEntry = new WeakMap<SiteConfig, WeakMap<SitemapEntry, SitemapLine>>();

/** The lines of `entries`, whose paths are unique. */
function sitemapLines(site: SiteConfig, entries: readonly SitemapEntry[]): SitemapLine[] {
  const known = knownLinesOf(site);
  const lines = entries.map((e) => lineOf(site, e, known));
  if (known.size > lines.length) {
    const paths = new Set(entries.map((e) => e.path));
    for (const path of known.keys()) if (!paths.has(path)) known.delete(path);
  }
  return lines;
}

function knownLinesOf(site: SiteConfig): Map<string, { lastmod: string; line: SitemapLine }> {
  let known = knownLines.get(site);
  if (!known) knownLines.set(site, (known = new Map()));
  return known;
}

function lineOf(site: SiteConfig, entry: SitemapEntry, known: Map<string, { lastmod: string; line: SitemapLine }>): SitemapLine {
  let byEntry = linesByEntry.get(site);
  if (!byEntry) linesByEntry.set(site, (byEntry = new WeakMap()));
  const same = byEntry.get(entry);
  if (same) return same;
  const raw = entry.lastmod ?? '';
  let kept = known.get(entry.path);
  if (kept === undefined || kept.lastmod !== raw) {
    const lastmod = sitemapDate(entry.lastmod, site.timeZone);
    kept = { lastmod: raw, line: { text: `  <url><loc>${xmlEscape(absolute(site, entry.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`, lastmod } };
    known.set(entry.path, kept);
  }
  byEntry.set(entry, kept.line);
  return kept.line;
}

// Entry lists made from another by replacing some entries with entries of the same paths (see
// sitemapEntriesFollow), and the lines of each list of unique paths with the site they were made for, so a
// list that follows one whose lines are known has its lines made by replacing the same few.
const entriesFollowing = new WeakMap<readonly SitemapEntry[], { previous: readonly SitemapEntry[]; changed: readonly number[] }>();
const linesOfEntries = new WeakMap<readonly SitemapEntry[], { site: SiteConfig; lines: SitemapLine[] }>();

/**
 * Records that `entries` is `previous` with the entries at `changed` replaced by entries of the same paths:
 * the sitemap then makes those lines alone (a running site's update changes a few of 30,000).
 */
export function sitemapEntriesFollow(entries: readonly SitemapEntry[], previous: readonly SitemapEntry[], changed: readonly number[]): void {
  entriesFollowing.set(entries, { previous, changed });
}

/** The lines of `entries` with repeated paths dropped, from the lines of the list it follows where known. */
function uniqueLines(site: SiteConfig, entries: readonly SitemapEntry[]): SitemapLine[] {
  const linesFor = (list: readonly SitemapEntry[]) => {
    const made = linesOfEntries.get(list);
    return made?.site === site ? made.lines : undefined;
  };
  const made = linesFor(entries);
  if (made) return made;
  const follows = entriesFollowing.get(entries);
  const before = follows && linesFor(follows.previous);
  let lines: SitemapLine[];
  if (before) {
    const known = knownLinesOf(site);
    lines = before.slice();
    for (const at of follows.changed) lines[at] = lineOf(site, entries[at]!, known);
  } else {
    const unique = uniqueByPath(entries);
    lines = sitemapLines(site, unique);
    // Lines stand at their entries' places only when no path repeated.
    if (unique.length !== entries.length) return lines;
  }
  linesOfEntries.set(entries, { site, lines });
  return lines;
}

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

function urlset(lines: readonly SitemapLine[]): string {
  return `${URLSET_OPEN}${lines.map((l) => `${l.text}\n`).join('')}${URLSET_CLOSE}`;
}

// Each line's bytes with its line end, made the first time a running site writes the line.
const lineBytes = new WeakMap<SitemapLine, Buffer>();
const [URLSET_OPEN_BYTES, URLSET_CLOSE_BYTES] = [Buffer.from(URLSET_OPEN), Buffer.from(URLSET_CLOSE)];

/** {@link urlset} as bytes in parts, for one gathered write: a running site's update neither joins nor encodes the file. */
function urlsetParts(lines: readonly SitemapLine[]): Buffer[] {
  const parts: Buffer[] = [URLSET_OPEN_BYTES];
  for (const line of lines) {
    let bytes = lineBytes.get(line);
    if (!bytes) lineBytes.set(line, (bytes = Buffer.from(`${line.text}\n`)));
    parts.push(bytes);
  }
  parts.push(URLSET_CLOSE_BYTES);
  return parts;
}

/**
 * One sitemap (`<urlset>`) of a site's indexable pages, with absolute URLs. At
 * most {@link SITEMAP_MAX_URLS} URLs: use {@link sitemapFiles} when a site may
 * have more.
 */
export function sitemapXml(site: SiteConfig, entries: Iterable<SitemapEntry>): string {
  const unique = uniqueByPath(entries);
  if (unique.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`${site.slug}: ${unique.length} URLs do not fit one sitemap (limit ${SITEMAP_MAX_URLS}); use sitemapFiles(), which writes an index and parts.`);
  }
  return urlset(sitemapLines(site, unique));
}

/** One sitemap file's URLs: `sitemap.xml` when the site fits one file, else one part of the index. */
export interface SitemapPart {
  file: string;
  /** Line objects are shared from one sitemap of a site to the next where the path and lastmod are the same. */
  lines: readonly SitemapLine[];
}

/**
 * The URL lists of a site's sitemap files: `sitemap.xml` alone while the pages
 * fit one file; otherwise `sitemap-1.xml`, `sitemap-2.xml` ... each holding up
 * to `maxPerFile` URLs (at most {@link SITEMAP_MAX_URLS}), which {@link sitemapIndexXml}
 * lists in `sitemap.xml`.
 */
export function sitemapParts(site: SiteConfig, entries: Iterable<SitemapEntry>, maxPerFile = SITEMAP_URLS_PER_FILE): SitemapPart[] {
  if (maxPerFile > SITEMAP_MAX_URLS) throw new RangeError(`a sitemap file holds at most ${SITEMAP_MAX_URLS} URLs, not ${maxPerFile}`);
  const lines = Array.isArray(entries) ? uniqueLines(site, entries) : sitemapLines(site, uniqueByPath(entries));
  if (lines.length <= maxPerFile) return [{ file: 'sitemap.xml', lines }];
  const parts: SitemapPart[] = [];
  for (let i = 0; i < lines.length; i += maxPerFile) parts.push({ file: `sitemap-${parts.length + 1}.xml`, lines: lines.slice(i, i + maxPerFile) });
  return parts;
}

/** `sitemap.xml` as the index of `parts`, each with the latest lastmod of its URLs. */
export function sitemapIndexXml(site: SiteConfig, parts: readonly SitemapPart[]): string {
  return indexXml(site, parts.map((part) => ({ file: part.file, lastmod: latestLastmod(part.lines) })));
}

function latestLastmod(lines: readonly SitemapLine[]): string | undefined {
  let lastmod: string | undefined;
  for (const line of lines) if (line.lastmod !== undefined && (lastmod === undefined || line.lastmod > lastmod)) lastmod = line.lastmod;
  return lastmod;
}

function indexXml(site: SiteConfig, files: ReadonlyArray<{ file: string; lastmod: string | undefined }>): string {
  const index = files.map(({ file, lastmod }) => `  <sitemap><loc>${xmlEscape(absolute(site, `/${file}`))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${index.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The sitemap files of a site: `sitemap.xml` alone while the pages fit one
 * file; otherwise `sitemap.xml` is an index of `sitemap-1.xml`, `sitemap-2.xml`
 * ... each holding up to {@link SITEMAP_URLS_PER_FILE} URLs.
 */
export function sitemapFiles(
  site: SiteConfig,
  entries: Iterable<SitemapEntry>,
  maxPerFile = SITEMAP_URLS_PER_FILE,
): Array<{ file: string; content: string }> {
  const parts = sitemapParts(site, entries, maxPerFile);
  const files = parts.map((part) => ({ file: part.file, content: urlset(part.lines) }));
  return parts.length === 1 ? files : [{ file: 'sitemap.xml', content: sitemapIndexXml(site, parts) }, ...files];
}

/** What a running site last wrote of its sitemap: each file's URL lines and their latest lastmod, and the index when there is one. */
export interface SitemapWritten {
  parts: ReadonlyMap<string, readonly SitemapLine[]>;
  lastmods: ReadonlyMap<string, string | undefined>;
  index: string | null;
}

/**
 * Which sitemap files an update writes and removes, given what was written before: a part whose lines
 * are the same line objects in the same order holds the same text and is left as it is, so a change
 * to one vehicle rewrites the part that lists it (and the index, whose lastmods move), not every part.
 * A part the sitemap no longer has is removed. With nothing known of the last sitemap, every file is
 * written.
 */
export function sitemapChanges(
  site: SiteConfig,
  parts: readonly SitemapPart[],
  previous: SitemapWritten | undefined,
): { write: Array<{ file: string; content: string | Buffer[] }>; remove: string[]; written: SitemapWritten } {
  const write: Array<{ file: string; content: string | Buffer[] }> = [];
  const same = (a: readonly SitemapLine[] | undefined, b: readonly SitemapLine[]) => a !== undefined && a.length === b.length && a.every((line, i) => line === b[i]);
  const moved = new Set(parts.filter((part) => !same(previous?.parts.get(part.file), part.lines)));
  // A part left as it was (so one the last sitemap had) keeps its latest lastmod.
  const lastmods = new Map(parts.map((part) => [part.file, moved.has(part) ? latestLastmod(part.lines) : previous!.lastmods.get(part.file)]));
  const index = parts.length > 1 ? indexXml(site, parts.map((part) => ({ file: part.file, lastmod: lastmods.get(part.file) }))) : null;
  if (index === null) {
    // One file: rewritten when its lines moved, or when sitemap.xml was an index before.
    const only = parts[0]!;
    if (previous === undefined || previous.index !== null || moved.size > 0) write.push({ file: only.file, content: urlsetParts(only.lines) });
  } else {
    if (index !== previous?.index) write.push({ file: 'sitemap.xml', content: index });
    for (const part of moved) write.push({ file: part.file, content: urlsetParts(part.lines) });
  }
  const now = new Set(parts.map((part) => part.file));
  if (index !== null) now.add('sitemap.xml');
  const remove = [...(previous?.parts.keys() ?? [])].filter((file) => !now.has(file));
  return { write, remove, written: { parts: new Map(parts.map((part) => [part.file, part.lines])), lastmods, index } };
}

// ---------------------------------------------------------------- robots.txt

/**
 * robots.txt: everything may be crawled except shopper-only pages (sign-in,
 * success, garage, watchlist, compare) and each vehicle's print, checkout/buy-online and
 * trade-in pages, plus the query-string routes that redirect to them. Rules are
 * prefixes, so `/sign-in` also covers `/sign-in/?type=...`.
 */
export function robotsTxt(site: SiteConfig): string {
  const disallow = [
    '/sign-in',
    '/success',
    '/my-garage',
    '/watchlist',
    '/compare/',
    '/cars/*/print',
    '/cars/*/checkout',
    '/cars/*/buy-online',
    '/cars/*/trade-in',
    '/cars/trade-in',
    '/print',
    '/checkout-journey',
    '/personalised/',
  ];
  return ['User-agent: *', 'Allow: /', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${site.url}/sitemap.xml`, ''].join('\n');
}

// ---------------------------------------------------------------- inline script and style hashes

/** What a page holds inline, as the Content-Security-Policy sees it. */
export interface InlineContent {
  /** 'sha256-...' of every inline executable script (classic, module, importmap, speculationrules), in page order, unique. */
  scripts: string[];
  /** 'sha256-...' of every inline <style> element, in page order, unique. */
  styles: string[];
  /** The page has `style` attributes (governed by style-src-attr, which hashes cannot allow without 'unsafe-hashes'). */
  styleAttributes: boolean;
  /** Inline code no hash-based policy allows: event-handler attributes and javascript: URLs, e.g. `<button onclick>`. */
  blocked: string[];
}

/** MIME types (essence, lower case) of a classic script, from the HTML standard. */
const JS_MIME_TYPES = new Set([
  'application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript',
  'text/ecmascript', 'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2',
  'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5', 'text/jscript', 'text/livescript',
  'text/x-ecmascript', 'text/x-javascript',
]);
/** Script types a browser runs and checks against script-src; anything else (application/ld+json, text/template) is a data block. */
const SCRIPT_KINDS = new Set(['module', 'importmap', 'speculationrules']);

/** Whether a <script> with these attributes is executed (and so needs a hash when inline), per the HTML standard's "prepare the script element". */
export function isExecutableScript(attribs: Record<string, string>): boolean {
  let type: string;
  if (attribs.type !== undefined) type = attribs.type;
  else if (attribs.language !== undefined && attribs.language !== '') type = `text/${attribs.language}`;
  else return true;
  type = type.trim().toLowerCase();
  if (type === '') return true;
  const essence = type.split(';')[0]!.trim();
  return JS_MIME_TYPES.has(essence) || SCRIPT_KINDS.has(type);
}

/** The CSP hash source of a text: 'sha256-' and the base64 SHA-256 of its UTF-8 bytes. */
export function cspHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href']);

/** The text of a page's inline scripts and styles, before hashing. */
export interface InlineTexts {
  /** Text of every inline executable script, in page order (repeats included). */
  scripts: string[];
  /** Text of every inline <style> element, in page order. */
  styles: string[];
  styleAttributes: boolean;
  blocked: string[];
}

/** Tab, line feed, form feed, carriage return or space: what separates a tag's parts. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c;
/** An attribute value as the browser reads it: character references decoded (rare in generated pages). */
const attributeValue = (raw: string) => (raw.includes('&') ? decodeHTMLAttribute(raw) : raw);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** The elements whose text is not markup: it runs to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea']);

/**
 * Whether the attribute name at `html[start, end)` can be one the scan acts on (style, src, type, language,
 * an event handler or a URL attribute), by its length and first letter: `class`, `aria-*` and most others are
 * passed over without being read as text. A name starting beyond ASCII is always read.
 */
function mayBeNamed(html: string, start: number, end: number): boolean {
  const first = html.charCodeAt(start);
  if (first >= 0x80) return true;
  const letter = first | 0x20;
  const length = end - start;
  if (letter === 0x6f) return length > 2; // on…
  switch (length) {
    case 3:
    case 5:
      return letter === 0x73; // src, style
    case 4:
      return letter === 0x74 || letter === 0x68 || letter === 0x64; // type, href, data
    case 6:
      return letter === 0x61; // action
    case 8:
      return letter === 0x6c; // language
    case 10:
      return letter === 0x66 || letter === 0x78; // formaction, xlink:href
    default:
      return false;
  }
}

/** Where the end tag `</name` (any case, then whitespace, `/` or `>`) starts at or after `from`, or -1. */
function endTag(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 2)) {
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() !== name) continue;
    const next = html.charCodeAt(at + 2 + name.length);
    if (Number.isNaN(next) || isSpace(next) || next === 0x2f || next === 0x3e) return at;
  }
  return -1;
}

/**
 * Finds the inline scripts and styles of a page, reading tags the way the HTML tokenizer does: a tag's
 * attributes are read to its closing `>` with quoted values skipped whole, so `<script>` written inside an
 * attribute (a meta description, an aria-label, where `<` may stay raw) is never taken for an element;
 * comments are skipped, and the text of <title> and <textarea> is not markup. Script and style text runs to
 * the matching end tag. Line breaks are normalised (CR LF and lone CR become LF) and NUL becomes U+FFFD, as
 * the browser's input stream does before it hashes. A single pass with no tree, fast enough for every page
 * of a full build; the test suite holds it equal to a full HTML tokenizer over every page the demo sites
 * build and over hostile feed text.
 */
export function inlineTexts(source: string): InlineTexts {
  const html = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const found: InlineTexts = { scripts: [], styles: [], styleAttributes: false, blocked: [] };
  const blocked = new Set<string>();
  const n = html.length;
  let i = html.indexOf('<');
  while (i !== -1 && i < n) {
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      if (close === -1) break;
      i = html.indexOf('<', close + 3);
      continue;
    }
    if (!isLetter(html.charCodeAt(i + 1))) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    // The tag name runs to whitespace, '/' or '>'. It is read as text only where it can matter (see
    // mayBeNamed): most of a page's tags and attributes are passed over without a string made of them.
    let j = i + 1;
    while (j < n) {
      const c = html.charCodeAt(j);
      if (isSpace(c) || c === 0x2f || c === 0x3e) break;
      j++;
    }
    const [tagStart, tagEnd] = [i + 1, j];
    let tagName: string | undefined;
    const name = () => (tagName ??= html.slice(tagStart, tagEnd).toLowerCase());
    // Attributes, to the '>' that is not inside a quoted value.
    let src = false;
    let type: string | undefined;
    let language: string | undefined;
    for (;;) {
      while (j < n && (isSpace(html.charCodeAt(j)) || html.charCodeAt(j) === 0x2f)) j++;
      if (j >= n || html.charCodeAt(j) === 0x3e) break;
      const nameStart = j;
      // An attribute name may start with '=' or a quote (a parse error the tokenizer tolerates).
      j++;
      while (j < n) {
        const c = html.charCodeAt(j);
        if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
        j++;
      }
      const nameEnd = j;
      while (j < n && isSpace(html.charCodeAt(j))) j++;
      let [valueStart, valueEnd] = [j, j];
      if (html.charCodeAt(j) === 0x3d) {
        j++;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        const quote = html.charCodeAt(j);
        if (quote === 0x22 || quote === 0x27) {
          const close = html.indexOf(quote === 0x22 ? '"' : "'", j + 1);
          const stop = close === -1 ? n : close;
          [valueStart, valueEnd] = [j + 1, stop];
          j = stop + 1;
        } else {
          valueStart = j;
          while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x3e) j++;
          valueEnd = j;
        }
      }
      if (!mayBeNamed(html, nameStart, nameEnd)) continue;
      const attribute = html.slice(nameStart, nameEnd).toLowerCase();
      const value = () => attributeValue(html.slice(valueStart, valueEnd));
      if (attribute === 'style') found.styleAttributes = true;
      else if (attribute === 'src') src = true;
      else if (attribute === 'type') type ??= value();
      else if (attribute === 'language') language ??= value();
      if (attribute.length > 2 && attribute.startsWith('on')) blocked.add(`<${name()} ${attribute}>`);
      else if (URL_ATTRIBUTES.has(attribute) && /^\s*javascript:/i.test(value())) {
        blocked.add(`<${name()} ${attribute}="javascript:...">`);
      }
    }
    const contentStart = j + 1;
    const tagLength = tagEnd - tagStart;
    if ((tagLength === 5 || tagLength === 6 || tagLength === 8) && RAW_TEXT.has(name())) {
      const element = name();
      const close = endTag(html, element, contentStart);
      const stop = close === -1 ? n : close;
      if (element === 'style') found.styles.push(html.slice(contentStart, stop).replaceAll('\0', '\uFFFD'));
      else if (element === 'script' && !src && isExecutableScript(type === undefined && language === undefined ? {} : { ...(type !== undefined ? { type } : {}), ...(language !== undefined ? { language } : {}) })) {
        found.scripts.push(html.slice(contentStart, stop).replaceAll('\0', '\uFFFD'));
      }
      i = close === -1 ? -1 : html.indexOf('<', close + 2);
      continue;
    }
    i = html.indexOf('<', contentStart);
  }
  found.blocked = [...blocked];
  return found;
}

/**
 * The inline scripts and styles of a page given as UTF-8 bytes. The markup the scan looks for is ASCII, and
 * in a Latin-1 reading every byte is one character, so the page is read that way, which costs a fraction
 * of decoding UTF-8. Where an inline text holds anything beyond ASCII (which that reading would garble),
 * the page is decoded properly and scanned again, so every hash is of the text the browser sees.
 */
export function inlineTextsOf(page: Buffer): InlineTexts {
  const found = inlineTexts(page.toString('latin1'));
  const ascii = (text: string) => !/[^\x00-\x7f]/.test(text);
  return found.scripts.every(ascii) && found.styles.every(ascii) ? found : inlineTexts(page.toString('utf8'));
}

/**
 * Finds the inline scripts and styles of a page (see {@link inlineTexts}) and returns their CSP hashes.
 * JSON-LD and other data blocks are not executed and are not listed.
 */
export function inlineScriptHashes(html: string): InlineContent {
  const found = inlineTexts(html);
  return {
    scripts: [...new Set(found.scripts.map(cspHash))],
    styles: [...new Set(found.styles.map(cspHash))],
    styleAttributes: found.styleAttributes,
    blocked: found.blocked,
  };
}

/** What {@link headersFile} needs from a site's pages, gathered page by page while the generator writes them. */
export interface InlineHashCollector {
  add(html: string): void;
  /** Hashes sorted, so the policy is the same whatever order the pages were rendered in. */
  result(): { scriptHashes: string[]; styleHashes: string[]; styleAttributes: boolean; blocked: string[] };
}

export function collectInlineHashes(): InlineHashCollector {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const blocked = new Set<string>();
  let styleAttributes = false;
  return {
    add(html) {
      const found = inlineScriptHashes(html);
      for (const h of found.scripts) scripts.add(h);
      for (const h of found.styles) styles.add(h);
      for (const b of found.blocked) blocked.add(b);
      styleAttributes ||= found.styleAttributes;
    },
    result: () => ({ scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort(), styleAttributes, blocked: [...blocked].sort() }),
  };
}

// ---------------------------------------------------------------- _headers

export interface HeadersOptions {
  /** Hashes ('sha256-...') of every inline executable script in the site's HTML. */
  scriptHashes: string[];
  /** Hashes of every inline <style> element. */
  styleHashes: string[];
  /**
   * The pages carry `style` attributes, which hashes cannot allow: adds
   * `style-src-attr 'unsafe-inline'`. Pass what {@link inlineScriptHashes}
   * found. Defaults to true because BaseLayout sets the theme's custom
   * properties in a `style` attribute on <html>; once the theme moves to a
   * <style> element (its hash then lands in `styleHashes`), pass false or the
   * scan's result and style attributes are blocked.
   */
  styleAttributes?: boolean;
  /** Extra origins the pages' scripts call (runtime APIs: leads, watchlist, phone reveal). */
  connectSrc?: string[];
  /** Extra image origins. */
  imgSrc?: string[];
  /** Extra frame origins (video or map embeds). */
  frameSrc?: string[];
}

/** Cache-Control for content-hashed files. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control for HTML and every other file that keeps its name across releases (the hosts' own default). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

function origin(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Hosts the Algolia lite client (v5) reads from: the DSN host and its three fallbacks. */
export function algoliaHosts(appId: string): string[] {
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, `https://${id}-1.algolianet.com`, `https://${id}-2.algolianet.com`, `https://${id}-3.algolianet.com`];
}

/** The Content-Security-Policy every page of the site satisfies. */
export function contentSecurityPolicy(site: SiteConfig, options: HeadersOptions): string {
  const quoted = (hashes: string[]) => unique(hashes).sort().map((h) => `'${h.replace(/^'|'$/g, '')}'`);
  const img = ["'self'", 'data:', ...(site.images.cdn ? [origin(site.images.cdn.baseUrl)] : []), ...(options.imgSrc ?? []).map(origin)];
  const connect = [
    "'self'",
    ...(site.api.baseUrl ? [origin(site.api.baseUrl)] : []),
    ...(site.search.backend.kind === 'algolia' ? algoliaHosts(site.search.backend.appId) : []),
    ...(options.connectSrc ?? []).map(origin),
  ];
  const service = site.forms.servicePage;
  // A booking page of this site itself is framed under 'self'; one elsewhere, under its origin.
  const bookingFrame = service.mode !== 'form' && service.iframeUrl ? (service.iframeUrl.startsWith('/') ? "'self'" : origin(service.iframeUrl)) : null;
  const frames = [
    ...(bookingFrame ? [bookingFrame] : []),
    // Location pages load the map embed when the shopper asks for it.
    ...MAP_EMBED_ORIGINS,
    ...(options.frameSrc ?? []).map(origin),
  ];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // The site search (Pagefind) runs WebAssembly: 'wasm-unsafe-eval' allows compiling it, not eval().
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...quoted(options.scriptHashes)]],
    ['style-src', ["'self'", ...quoted(options.styleHashes)]],
    ...((options.styleAttributes ?? true) ? [['style-src-attr', ["'unsafe-inline'"]] as [string, string[]]] : []),
    ['img-src', unique(img)],
    ['font-src', ["'self'"]],
    ['connect-src', unique(connect)],
    ...(frames.length ? [['frame-src', unique(frames)] as [string, string[]]] : []),
    ['form-action', unique(["'self'", ...(site.api.baseUrl ? [origin(site.api.baseUrl)] : [])])],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/**
 * The `_headers` file (Netlify and Cloudflare Pages syntax): security headers
 * with a Content-Security-Policy for every path, and a year's immutable caching
 * for the content-hashed `/_astro/*` and `/images/*`.
 *
 * HTML gets no Cache-Control line: both hosts already send
 * `public, max-age=0, must-revalidate` by default, and a line under `/*` would
 * also match `/_astro/*`, where hosts join the two values into one
 * contradictory header. The preview server applies the same default.
 */
export function headersFile(site: SiteConfig, options: HeadersOptions): string {
  const security: Array<[string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(site, options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Frame-Options', 'DENY'],
  ];
  const block = (path: string, headers: Array<[string, string]>) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    `# Response headers for ${site.name} (${site.url}). Generated by the build; edit src/generator/host-files.ts instead.\n` +
      `# HTML and other unhashed files keep the host default Cache-Control: ${REVALIDATE}.`,
    block('/*', security),
    ...ownBookingPageBlock(site, security),
    block('/_astro/*', [['Cache-Control', IMMUTABLE]]),
    block('/images/*', [['Cache-Control', IMMUTABLE]]),
    block('/_search/cards/*', [['Cache-Control', IMMUTABLE]]),
  ].join('\n\n') + '\n';
}

/**
 * The site's own booking page (the service page's iframe showing a path of this site) may be framed by
 * the site itself: its rule replaces the frame headers every page has (Cloudflare's `! Name` detach).
 */
function ownBookingPageBlock(site: SiteConfig, security: Array<[string, string]>): string[] {
  const { mode, iframeUrl } = site.forms.servicePage;
  if (mode === 'form' || !iframeUrl?.startsWith('/')) return [];
  const policy = security.find(([name]) => name === 'Content-Security-Policy')![1].replace("frame-ancestors 'none'", "frame-ancestors 'self'");
  const path = pagePath(iframeUrl).replace(/\/$/, '');
  return [[`${path}/*`, '  ! Content-Security-Policy', '  ! X-Frame-Options', `  Content-Security-Policy: ${policy}`, '  X-Frame-Options: SAMEORIGIN'].join('\n')];
}

// ---------------------------------------------------------------- _redirects

/** The vehicle fields the redirects need. */
export interface RedirectVehicle {
  id: number | string;
  slug: string;
  car_type: string;
  make_slug: string;
  model_slug: string;
  simple_body: string;
}

export interface RedirectData {
  vehicles: RedirectVehicle[];
  /** Locations, for /contact-us/{name slug} links where a location's name slug differs from its slug. */
  locations?: Array<{ slug?: string | null; name?: string | null }>;
  /**
   * Every page path the site publishes (the route manifest's paths). When given,
   * alternate shapes are only redirected to pages that exist and never from a
   * path that is itself a page.
   */
  pages?: Iterable<string>;
  /** Vehicles that left the site: their pages redirect to the closest search page. */
  removed?: Array<{ slug: string; make_slug: string; model_slug: string }>;
}

const LOCATION_BASES = ['contact-us', 'our-location', 'locations'] as const;

/** A token safe in a _redirects line (no whitespace, no comment marker). */
function safe(token: string): boolean {
  return token !== '' && !/[\s#]/.test(token);
}

/**
 * The `_redirects` file (Netlify syntax; first matching rule wins; a rule does
 * not apply where a file exists). Covers the platform's query-string routes
 * (/print, /checkout-journey, /cars/trade-in, /personalised/finance), the
 * alternate URL shapes of the spec, the /used-car/ breadcrumb shapes for sites
 * that use them, and finally the 404 page for everything else.
 *
 * Placeholder rules are used where the query value is the slug itself; only the
 * routes keyed by numeric id need a line per vehicle.
 */
export function redirectsFile(site: SiteConfig, data: RedirectData): string {
  const pages = data.pages ? new Set(data.pages) : null;
  const lines: string[] = [`# Redirects for ${site.name} (${site.url}). Generated by the build; edit src/generator/host-files.ts instead.`];
  const seen = new Set<string>();
  const isPage = (path: string) => pages?.has(pagePath(path)) ?? false;
  const exists = (target: string) => !pages || !target.startsWith('/') || pages.has(target.split('?')[0]!);
  /** A rule from a path (no query condition) to a target; skipped where the source is a page or the target is missing. */
  const alias = (from: string, to: string, status = 301) => {
    const target = to.startsWith('/') && !to.includes('?') ? pagePath(to) : to;
    if (pagePath(from) === target || isPage(from) || !exists(target) || seen.has(from)) return;
    seen.add(from);
    lines.push(`${from} ${target} ${status}`);
  };
  const section = (title: string) => lines.push('', `# ${title}`);
  const { features, urls } = site;
  const internal = (link: string) => link.startsWith('/');

  // Query-string routes of the platform.
  section('Query-string routes: car_id is the slug for /print and /checkout-journey, the numeric id for the others');
  if (features.print !== 'off') lines.push(`/print car_id=:slug /cars/:slug/print/ 301`);
  const checkout = features.reserve || features.onlinePurchase;
  if (checkout) {
    lines.push(`/checkout-journey car_id=:slug /cars/:slug/${urls.checkoutSegment}/ 301`);
    const other = urls.checkoutSegment === 'checkout' ? 'buy-online' : 'checkout';
    lines.push(`/cars/:slug/${other} /cars/:slug/${urls.checkoutSegment}/ 301`);
  }
  if (features.tradeIn) {
    for (const v of data.vehicles) {
      const id = String(v.id);
      if (safe(id) && safe(v.slug)) lines.push(`/cars/trade-in car_id=${id} ${vehiclePath(v, 'trade-in')} 301`);
    }
    lines.push(`/cars/trade-in /trade-in/ 302`);
  } else {
    lines.push(`/cars/trade-in ${pagePath(urls.sellMyCar)} 302`);
  }
  const financePage = site.finance.pageLink;
  const financeTarget = internal(financePage) ? pagePath(financePage) : financePage;
  lines.push(`/personalised/finance car_id=:id ${financeTarget}${financeTarget.includes('?') ? '&' : '?'}car_id=:id 301`);
  lines.push(`/personalised/finance ${financeTarget} 301`);

  // Alternate URL shapes.
  section('Alternate URL shapes');
  for (const from of ['/contact', '/contact-us']) alias(from, urls.contact);
  for (const from of ['/sell-my-car', '/sell-your-car']) alias(from, urls.sellMyCar);
  if (!features.tradeIn) alias('/trade-in', urls.sellMyCar);
  alias('/pages/warranty', '/warranty/');
  if (site.template === 'brand' || pages?.has('/models/')) alias('/new-vehicles', '/models/');
  for (const from of ['/finance-enquiry', '/apply-for-finance']) {
    if (from !== financePage) alias(from, urls.financeEnquiry);
  }
  if (!internal(financePage)) alias('/finance', financePage, 302);
  if (!internal(urls.serviceBooking)) alias('/service', urls.serviceBooking, 302);

  // Location detail pages under the other bases, and by name slug.
  const base = urls.locationBase;
  const slugs = new Set((data.locations ?? []).map((l) => l.slug).filter((s): s is string => !!s));
  for (const location of data.locations ?? []) {
    if (!location.slug || !location.name) continue;
    const nameSlug = slugify(location.name);
    if (!nameSlug || nameSlug === location.slug || slugs.has(nameSlug)) continue;
    for (const b of LOCATION_BASES) alias(`/${b}/${nameSlug}`, pagePath(base, location.slug));
  }
  for (const b of LOCATION_BASES) {
    if (b !== base) lines.push(`/${b}/:slug /${base}/:slug/ 301`);
  }

  // Breadcrumb links of sites that use /used-car/...: one line per value in stock.
  if (urls.breadcrumbBase === 'used-car') {
    section('Breadcrumb shapes under /used-car/ to their search pages');
    const sorted = (values: Iterable<string>) => [...new Set(values)].filter(safe).sort();
    for (const t of sorted(data.vehicles.map((v) => v.car_type))) alias(`/used-car/${t}`, searchPathForCarType(t));
    for (const make of sorted(data.vehicles.map((v) => v.make_slug))) alias(`/used-car/${make}`, pagePath('search', make));
    for (const model of sorted(data.vehicles.map((v) => `${v.make_slug}/${v.model_slug}`))) alias(`/used-car/${model}`, pagePath('search', model));
    for (const body of sorted(data.vehicles.map((v) => slugify(v.simple_body)))) alias(`/used-car/${body}`, pagePath('search', body));
  }

  // Pages of vehicles that left the site go to the nearest search page that exists.
  const removed = (data.removed ?? []).filter((v) => safe(v.slug) && !isPage(vehiclePath(v)));
  if (removed.length > 0) {
    section('Vehicles no longer listed, to their model, make or all stock');
    for (const v of removed) {
      const target = [pagePath('search', v.make_slug, v.model_slug), pagePath('search', v.make_slug)].find(exists) ?? ALL_STOCK_PATH;
      lines.push(`/cars/${v.slug} ${target} 301`, `/cars/${v.slug}/* ${target} 301`);
    }
  }

  section('Everything else');
  lines.push('/* /404.html 404', '');
  return lines.join('\n');
}
