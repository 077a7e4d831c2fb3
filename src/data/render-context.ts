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
  /**
   * The reference time (ISO 8601) that date windows, "new arrival" and offer expiry are judged
   * against: the snapshot's pull time, never the wall clock, so rendering one snapshot twice gives
   * the same pages (an incremental update equals a full build of the same snapshot).
   */
  asOf: string;
}
