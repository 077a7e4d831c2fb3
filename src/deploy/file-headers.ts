import { lookup } from 'mrmime';
import { IMMUTABLE, REVALIDATE } from '../generator/host-files.ts';

/**
 * Folders whose files are named by their content (`_astro/` by Vite, image renditions and videos by the
 * image pipeline, search cards and Pagefind's fragments and index chunks by their hash): a name never
 * changes content, so they are cached for a year, as `_headers` says for the hosts that read it.
 */
const CONTENT_NAMED = ['_astro/', 'images/', 'videos/', '_search/cards/', 'pagefind/fragment/', 'pagefind/index/'];

/** Whether a site file's name changes whenever its content does. */
export function isContentNamed(file: string): boolean {
  return CONTENT_NAMED.some((prefix) => file.startsWith(prefix));
}

/** Cache-Control a site file is uploaded with: a year for content-named files, revalidate for the rest. */
export function cacheControlFor(file: string): string {
  return isContentNamed(file) ? IMMUTABLE : REVALIDATE;
}

/** Content-Type a site file is uploaded with; text types say UTF-8. */
export function contentTypeFor(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  // The hosts' own files are plain text; Pagefind's binary chunks have their own extensions.
  if (base === '_headers' || base === '_redirects') return 'text/plain; charset=utf-8';
  const type = lookup(base);
  if (!type) return 'application/octet-stream';
  return /^text\/|^application\/(json|xml|javascript)|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}
