/**
 * Images that content files name (home page slides and banners, category cards, tabs, offers, the
 * popup), and how they reach a page: through the same responsive image pipeline as vehicle photos.
 *
 * A content image URL is one of:
 * - `/content/<slug>/images/...`: a file in the feed folder (`data/feed/content/<slug>/images/...`);
 *   for the demo dealers the build draws it there (`src/data/demo/content-images.ts`);
 * - an http(s) URL: downloaded once by the pipeline, like a feed photo;
 * - a site path of a file under `public/`: served as it is, without renditions.
 * Pure: the generator decides what to process from {@link contentImageJobs}; templates look the result
 * up with {@link contentPicture}.
 */
import type { SiteData } from '../data/site-data.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { publicAsset } from './common.ts';
import { IMAGE_SIZES, pictureFor, type ImageIndex, type ImageSize, type PictureData } from './images.ts';

/** The sizes a wide banner (slider, overlay banner) is cut at: phones pick the half size. */
export const BANNER_SIZES = ['heroSmall', 'hero'] as const satisfies readonly ImageSize[];
/** Cards (category cards, tabs, offers, the popup) are cut at the card size. */
export const CARD_SIZES = ['card'] as const satisfies readonly ImageSize[];

const CONTENT_PATH = /^\/content\/[a-z0-9-]+\/images\/[A-Za-z0-9._\/-]+\.(jpe?g|png|webp)$/;

/**
 * The pipeline source of a content image URL: `content/...` (relative to the feed folder) for a
 * `/content/<slug>/images/...` path, the URL itself for http(s), null for anything else (a path
 * under `public/`, or a path that tries to leave the content folder).
 */
export function contentImageSource(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (CONTENT_PATH.test(url) && !url.split('/').includes('..')) return url.slice(1);
  return null;
}

/** A content image with the sizes pages show it at, and whether it is a wide banner. */
export interface ContentImageUse {
  url: string;
  sizes: ImageSize[];
  banner: boolean;
}

/** Every content image a site's pages show, with the sizes they show it at (sources merged, first-seen order). */
export function contentImageUses(data: Pick<SiteData, 'content' | 'offers'>): ContentImageUse[] {
  const uses = new Map<string, ContentImageUse>();
  const add = (url: string | null | undefined, sizes: readonly ImageSize[], banner: boolean) => {
    if (!url) return;
    const use = uses.get(url) ?? { url, sizes: [], banner };
    for (const size of sizes) if (!use.sizes.includes(size)) use.sizes.push(size);
    use.banner ||= banner;
    uses.set(url, use);
  };
  const home = data.content.home;
  for (const slide of home?.slides ?? []) add(slide.image.url, BANNER_SIZES, true);
  add(home?.overlayBanner?.image.url, BANNER_SIZES, true);
  for (const card of home?.categories?.items ?? []) add(card.image.url, CARD_SIZES, false);
  for (const tab of home?.tabs?.tabs ?? []) add(tab.image?.url, CARD_SIZES, false);
  for (const offer of data.offers) add(offer.image_url ?? offer.image_or_model_image?.url, CARD_SIZES, false);
  add(data.content.popup?.image, CARD_SIZES, false);
  return [...uses.values()];
}

/** Pipeline jobs for the content images that go through it (`/content/...` and http(s) URLs). */
export function contentImageJobs(data: Pick<SiteData, 'content' | 'offers'>, site?: Pick<SiteConfig, 'images'>): Array<{ source: string; sizes: ImageSize[] }> {
  if (site?.images.cdn) return [];
  return contentImageUses(data).flatMap((use) => {
    const source = contentImageSource(use.url);
    return source ? [{ source, sizes: use.sizes }] : [];
  });
}

/** A responsive picture: every rendition as a `srcset` with widths, so the browser picks by the space it has. */
export interface ResponsivePicture {
  /** The largest JPEG, for browsers that read neither source. */
  src: string;
  width: number;
  height: number;
  /** `srcset` per type (AVIF, WebP, JPEG) over the sizes it was cut at. */
  sources: Array<{ type: string; srcset: string }>;
}

/**
 * The picture of a content image at the given sizes (smallest first), or null when it cannot be shown
 * (not processed, and not an http(s) URL or a file under `public/`). An image served as it is (not
 * processed) is one plain image given the largest size's dimensions.
 */
export function contentPicture(
  images: ImageIndex,
  url: string | null | undefined,
  sizes: readonly ImageSize[],
  site: SiteConfig,
  publicFiles: ReadonlySet<string>,
): ResponsivePicture | null {
  const largest = IMAGE_SIZES[sizes[sizes.length - 1]!];
  const source = contentImageSource(url);
  const pictures = source ? sizes.map((size) => pictureFor(images, source, size, site)).filter((p): p is PictureData => p !== null) : [];
  if (pictures.length === 0) {
    // Not processed (or not processable): served as it is when it is an http(s) URL or a file in public/.
    const plain = publicAsset(url, publicFiles);
    return plain ? { src: plain, width: largest.width, height: largest.height, sources: [] } : null;
  }
  const top = pictures[pictures.length - 1]!;
  const jpegs = pictures.map((p) => `${p.src} ${p.width}w`).join(', ');
  const byType = new Map<string, string[]>();
  for (const picture of pictures) {
    for (const s of picture.sources) byType.set(s.type, [...(byType.get(s.type) ?? []), `${s.srcset} ${picture.width}w`]);
  }
  return {
    src: top.src,
    width: top.width,
    height: top.height,
    sources: [...[...byType].map(([type, list]) => ({ type, srcset: list.join(', ') })), ...(pictures.length > 1 ? [{ type: 'image/jpeg', srcset: jpegs }] : [])],
  };
}
