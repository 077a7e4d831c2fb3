import type { SiteConfig } from '../schemas/site-config.ts';

/** Absolute public URL of a site path, e.g. canonical links. */
export function absoluteUrl(site: SiteConfig, path: string): string {
  return `${site.url}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A site path with the trailing slash every page URL uses. */
export function pagePath(...segments: string[]): string {
  const joined = segments.map((s) => s.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
  return joined === '' ? '/' : `/${joined}/`;
}

/** Stock search for one car type: /search/new-cars/, /search/used-cars/, ... */
export function searchPathForCarType(carType: string): string {
  return pagePath('search', `${carType}-cars`);
}
