/** The vehicle page's photo gallery, and its photos as pictures for Open Graph and JSON-LD. */
import { showThumbnails } from '../../rules/gallery.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { pictureFor, type ImageIndex, type PictureData } from '../images.ts';

export interface GallerySlide {
  /** 1-based position; slides have the id `photo-{n}`. */
  n: number;
  alt: string;
  picture: PictureData | null;
  thumb: PictureData | null;
  /** Where a thumbnail links: its full-size slide in the gallery strip (works without JavaScript). */
  fullHref: string;
  /** Video slides show their poster with a link to the video, when the vehicle has one. */
  videoHref: string | null;
}

export interface GalleryView {
  slides: GallerySlide[];
  /** The thumbnails strip: more than 3 images (the gallery rule). */
  showThumbnails: boolean;
}

/** Every gallery slide of the vehicle with its pictures; the primary image when it has no gallery. */
export function galleryView(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): GalleryView {
  const sources = vehicle.images?.length
    ? vehicle.images
    : vehicle.primary_image_url
      ? [{ image: vehicle.primary_image_url, thumb: null, isVideo: false }]
      : [];
  const video = vehicle.video_url ?? vehicle.external_video_url ?? null;
  const total = sources.length;
  const slides = sources.map((s, i): GallerySlide => {
    const n = i + 1;
    const picture = pictureFor(images, s.image, 'gallery', site);
    return {
      n,
      alt: `${vehicle.display_name}${s.isVideo ? ' video' : ''}, photo ${n} of ${total}`,
      picture,
      thumb: pictureFor(images, s.thumb ?? s.image, 'thumb', site) ?? pictureFor(images, s.image, 'thumb', site),
      fullHref: `#photo-${n}`,
      videoHref: s.isVideo ? video : null,
    };
  });
  return { slides, showThumbnails: showThumbnails(vehicle) };
}

/** Gallery pictures of the photos (video slides left out), for Open Graph and JSON-LD. */
export function galleryPictures(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): PictureData[] {
  const photos = (vehicle.images ?? []).filter((i) => !i.isVideo).map((i) => i.image);
  const sources = photos.length > 0 ? photos : vehicle.primary_image_url ? [vehicle.primary_image_url] : [];
  return sources.map((s) => pictureFor(images, s, 'gallery', site)).filter((p): p is PictureData => p !== null);
}
