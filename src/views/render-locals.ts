import type { AnsweredSearches, SearchPageRender, SettledSearch } from '../render/search-page-answers.ts';
import type { SearchLanding } from '../search/routing.ts';
import type { Route } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { ImageIndex } from './images.ts';

/**
 * What every page render receives as `Astro.locals`. A fresh object per
 * request (Astro passes locals by reference); the site, its data, its image
 * index and the public files are shared read-only between renders.
 */
export interface RenderLocals {
  site: SiteConfig;
  data: SiteData;
  /** The manifest entry being rendered: its kind and the data it stands for. */
  route: Route;
  /** Processed images of the site, by source path. */
  images: ImageIndex;
  /**
   * Site paths of the files under `public/` ('/favicon.svg'), listed once by the generator (or the
   * dev server) so that view models can tell whether an image a content file names can be served
   * without reading the disk (see `publicAsset` in `src/views/common.ts`).
   */
  publicFiles: ReadonlySet<string>;
  /**
   * The reference time (ISO 8601) that date windows, "new arrival" and offer expiry are judged
   * against: the snapshot's pull time, never the wall clock, so rendering one snapshot twice gives
   * the same pages (an incremental update equals a full build of the same snapshot).
   */
  asOf: string;
  /**
   * The site's search landing pages and the refinements each stands for (`searchLandings` over the whole
   * route manifest): the stock search island writes a search on the landing page it matches.
   */
  landings: SearchLanding[];
  /**
   * Left here by a search landing page as it renders: the searches its island asked for and a digest of
   * their answers (`src/render/search-page-answers.ts`), which a running site and the next nightly build
   * keep to tell whether a later change would change the page, and what the island settled on.
   */
  searchAnswers?: SearchPageRender;
  /**
   * Given by a running site or a build rendering a search page again: what its island settled on when it
   * was last rendered (by the site, or the build that rendered the live release), which the page renders
   * from while its island's props are the same.
   */
  searchSettled?: SettledSearch;
  /**
   * Given by a running site rendering a search page again: the page's searches as it last asked them,
   * answered over `data`, which its island takes instead of asking again.
   */
  searchAnswered?: AnsweredSearches;
}
