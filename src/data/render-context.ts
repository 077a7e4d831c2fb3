import type { ImageIndex } from '../render/images.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Route } from './route-manifest.ts';
import type { SiteData } from './site-data.ts';

/**
 * What every page render receives as `Astro.locals`. A fresh object per
 * request (Astro passes locals by reference); the site, its data and its image
 * index are shared read-only between renders.
 */
export interface RenderLocals {
  site: SiteConfig;
  data: SiteData;
  /** The manifest entry being rendered: its kind and the data it stands for. */
  route: Route;
  /** Processed images of the site, by source path. */
  images: ImageIndex;
  /** The build's reference time (ISO 8601): date windows and "new arrival" are judged against it, never the wall clock. */
  builtAt: string;
}
