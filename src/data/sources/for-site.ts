import type { SiteConfig } from '../../schemas/site-config.ts';
import { fileSource } from './file.ts';
import { httpSource, type ResponseCache } from './http.ts';
import type { Source } from './source.ts';

export interface SourceOptions {
  root?: string;
  /** Conditional-request cache for the http source. */
  cache?: ResponseCache;
  env?: Record<string, string | undefined>;
}

/** The source adapter a site's config chooses. A new adapter is added here and in the config schema only. */
export function sourceFor(site: SiteConfig, options: SourceOptions = {}): Source {
  switch (site.source.kind) {
    case 'file':
      return fileSource(site, options.root);
    case 'http':
      return httpSource(site, { ...(options.cache ? { cache: options.cache } : {}), ...(options.env ? { env: options.env } : {}) });
  }
}
