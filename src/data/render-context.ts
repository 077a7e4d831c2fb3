import type { SiteConfig } from '../schemas/site-config.ts';
import type { SiteData } from './site-data.ts';

/**
 * What every page render receives as `Astro.locals`. A fresh object per
 * request (Astro passes locals by reference); the site and its data are shared
 * read-only between renders.
 */
export interface RenderLocals {
  site: SiteConfig;
  data: SiteData;
  /** The build's reference time (ISO 8601): date windows and "new arrival" are judged against it, never the wall clock. */
  builtAt: string;
}
