import type { SiteConfig } from '../../schemas/site-config.ts';
import { fileSource } from './file.ts';
import { httpSource } from './http.ts';
import type { Source } from './source.ts';

/** The source adapter a site's config chooses. A new adapter is added here and in the config schema only. */
export function sourceFor(site: SiteConfig, root = process.cwd()): Source {
  switch (site.source.kind) {
    case 'file':
      return fileSource(site, root);
    case 'http':
      return httpSource(site);
  }
}
