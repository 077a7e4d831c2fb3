import type { SiteConfig } from '../schemas/site-config.ts';

/** The sizes pages show images at. Cards are 600x400, as the spec's image loads. */
export const IMAGE_SIZES = {
  card: { width: 600, height: 400 },
  gallery: { width: 1200, height: 800 },
  thumb: { width: 150, height: 100 },
  spin: { width: 800, height: 533 },
  /** The promotions slider and wide banners (the spec's 1920x540), and their half size for phones. */
  hero: { width: 1920, height: 540 },
  heroSmall: { width: 960, height: 270 },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** One processed size of a source image: site-relative URLs of each format. */
export interface ImageRendition {
  width: number;
  height: number;
  jpeg: string;
  webp: string;
  avif?: string;
}

/**
 * Renditions of every source image a site uses, keyed by the source path or
 * URL exactly as the feed gives it. Built by the image pipeline before rendering.
 */
export type ImageIndex = Record<string, ImageIndexEntry>;

/** A source's renditions by size; a video from the feed folder has its published file (`/videos/...`) instead. */
export type ImageIndexEntry = Partial<Record<ImageSize, ImageRendition>> & { video?: string };

/**
 * The index entries of every image a vehicle names (its primary image, each slide and its video), in order: what a
 * card, a feed row or any other per-vehicle output reads from the index. Entries are replaced, never
 * changed in place, so the same list means the same pictures.
 */
export function vehicleImageEntries(
  vehicle: { primary_image_url?: string | null; video_url?: string | null; images?: ReadonlyArray<{ image: string }> | null },
  images: ImageIndex,
): Array<ImageIndexEntry | undefined> {
  const entries: Array<ImageIndexEntry | undefined> = [vehicle.primary_image_url ? images[vehicle.primary_image_url] : undefined, vehicle.video_url ? images[vehicle.video_url] : undefined];
  for (const slide of vehicle.images ?? []) entries.push(images[slide.image]);
  return entries;
}

/** What a <picture> element needs. */
export interface PictureData {
  src: string;
  width: number;
  height: number;
  sources: Array<{ type: string; srcset: string }>;
}

/**
 * The picture for a source image at a size: pre-generated renditions, or URL
 * transforms on the site's image CDN. Null when the image is unknown (it was
 * skipped by the pipeline), so the page can show its placeholder.
 */
export function pictureFor(images: ImageIndex, source: string | null | undefined, size: ImageSize, site: SiteConfig): PictureData | null {
  if (!source) return null;
  const { width, height } = IMAGE_SIZES[size];
  const cdn = site.images.cdn;
  if (cdn) {
    const w = size === 'card' ? cdn.width : width;
    const url = `${cdn.baseUrl}/${source.replace(/^\/+/, '')}`;
    const join = url.includes('?') ? '&' : '?';
    return { src: `${url}${join}w=${w}&q=${cdn.quality}`, width: w, height: Math.round((w * height) / width), sources: [] };
  }
  const rendition = images[source]?.[size];
  if (!rendition) return null;
  return {
    src: rendition.jpeg,
    width: rendition.width,
    height: rendition.height,
    sources: [
      ...(rendition.avif ? [{ type: 'image/avif', srcset: rendition.avif }] : []),
      { type: 'image/webp', srcset: rendition.webp },
    ],
  };
}
