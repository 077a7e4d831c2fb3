/** The vehicle page's photo gallery, its 360 spin viewer, and its photos as pictures for Open Graph and JSON-LD. */
import { showThumbnails } from '../../rules/gallery.ts';
import { autoRotates, externalSpinViewerUrl, hotspotsOnFrame, initialSpinView, spinTabs, type PlacedHotspot, type SpinTab, type SpinView } from '../../rules/spin.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { pictureFor, type ImageIndex, type PictureData } from '../images.ts';

/** A video the page plays inline: served by the site, with its poster. */
export interface GalleryVideo {
  src: string;
  type: string;
  /** The slide's photo, shown until the video plays. */
  poster: string | null;
}

export interface GallerySlide {
  /** 1-based position; slides have the id `photo-{n}`. */
  n: number;
  alt: string;
  picture: PictureData | null;
  thumb: PictureData | null;
  /** Where a thumbnail links: its full-size slide in the gallery strip (works without JavaScript). */
  fullHref: string;
  /** A video slide whose video the site serves: played inline, in the strip and full screen. */
  video: GalleryVideo | null;
  /** A video slide whose video is hosted elsewhere: its poster links to the video. */
  videoHref: string | null;
}

/** What the 360 spin viewer island is given: everything it shows, decided here. */
export interface SpinViewerProps {
  name: string;
  /** Frame URLs in order (the WebP rendition: every browser that runs the viewer shows WebP). */
  frames: string[];
  width: number;
  height: number;
  interior: { src: string; width: number; height: number } | null;
  /** Exterior hotspot placements by frame (only frames that have one). */
  hotspots: Record<number, PlacedHotspot[]>;
  interiorHotspots: PlacedHotspot[];
  /** The site lets the viewer turn by itself (reduced motion is checked in the browser). */
  autoRotate: boolean;
  initialView: SpinView;
  /** The gallery's first photo, the placeholder while frames load in full screen. */
  placeholder: string | null;
}

export interface SpinSection {
  tabs: SpinTab[];
  initialView: SpinView;
  /** The external viewer's address (an iframe) for a vehicle with a spin code; null for the built-in viewer. */
  externalUrl: string | null;
  /** The built-in viewer's props; null when the external viewer shows instead. */
  viewer: SpinViewerProps | null;
}

export interface GalleryView {
  slides: GallerySlide[];
  /** The thumbnails strip: more than 3 images (the gallery rule). */
  showThumbnails: boolean;
  /** The 360 viewer with its tabs (Spin, Images, Interior); null where the vehicle or site has none. */
  spin: SpinSection | null;
}

const webp = (picture: PictureData): string => picture.sources.find((s) => s.type === 'image/webp')?.srcset ?? picture.src;

const VIDEO_TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4' };

/** The vehicle's video as the page can play it: a file the site serves (from the image index), or null. */
function servedVideo(source: string | null, images: ImageIndex, poster: PictureData | null): GalleryVideo | null {
  const src = source ? images[source]?.video : undefined;
  const type = src ? VIDEO_TYPES[src.split('.').pop()!.toLowerCase()] : undefined;
  return src && type ? { src, type, poster: poster?.src ?? null } : null;
}

/** The spin viewer of a vehicle, or null (no frames or spin code, or the site has no viewer). */
export function spinSection(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig, placeholder: PictureData | null): SpinSection | null {
  const tabs = spinTabs(vehicle, site);
  if (tabs.length === 0) return null;
  const externalUrl = externalSpinViewerUrl(vehicle, site);
  const frames = externalUrl ? [] : (vehicle.spin_images ?? []).map((f) => pictureFor(images, f, 'spin', site));
  // A frame the pipeline could not make leaves the viewer without a full turn: no built-in viewer.
  if (!externalUrl && (frames.length < 2 || frames.some((f) => f === null))) return null;
  const pictures = frames as PictureData[];
  const interior = pictureFor(images, vehicle.spin_interior_image, 'spin', site);
  const view = initialSpinView(site);
  const hotspots: Record<number, PlacedHotspot[]> = {};
  const exterior = { hotspots: vehicle.hotspots?.exterior, positions: vehicle.hotspots?.exteriorHotspotPositions };
  for (const frame of new Set((exterior.positions ?? []).map((p) => p.activeAngle))) {
    const placed = hotspotsOnFrame(exterior, frame);
    if (placed.length > 0 && frame < pictures.length) hotspots[frame] = placed;
  }
  return {
    // The interior shows in the built-in viewer; an external viewer brings its own.
    tabs: interior && !externalUrl ? tabs : tabs.filter((t) => t.view !== 'interior'),
    initialView: view,
    externalUrl,
    viewer: externalUrl
      ? null
      : {
          name: vehicle.display_name,
          frames: pictures.map(webp),
          width: pictures[0]!.width,
          height: pictures[0]!.height,
          interior: interior ? { src: webp(interior), width: interior.width, height: interior.height } : null,
          hotspots,
          interiorHotspots: hotspotsOnFrame({ hotspots: vehicle.hotspots?.interior, positions: vehicle.hotspots?.interiorHotspotPositions }, 0),
          autoRotate: autoRotates(site, { reducedMotion: false, interacted: false }),
          initialView: view,
          placeholder: placeholder?.src ?? null,
        },
  };
}

/** Every gallery slide of the vehicle with its pictures; the primary image when it has no gallery. */
export function galleryView(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): GalleryView {
  const sources = vehicle.images?.length
    ? vehicle.images
    : vehicle.primary_image_url
      ? [{ image: vehicle.primary_image_url, thumb: null, isVideo: false }]
      : [];
  const videoSource = vehicle.video_url ?? vehicle.external_video_url ?? null;
  const total = sources.length;
  const slides = sources.map((s, i): GallerySlide => {
    const n = i + 1;
    const picture = pictureFor(images, s.image, 'gallery', site);
    const video = s.isVideo ? servedVideo(vehicle.video_url ?? null, images, picture) : null;
    const remote = s.isVideo && !video && videoSource && /^https?:\/\//i.test(videoSource) ? videoSource : null;
    return {
      n,
      alt: `${vehicle.display_name}${s.isVideo ? ' video' : ''}, photo ${n} of ${total}`,
      picture,
      thumb: pictureFor(images, s.thumb ?? s.image, 'thumb', site) ?? pictureFor(images, s.image, 'thumb', site),
      fullHref: `#photo-${n}`,
      video,
      videoHref: remote,
    };
  });
  const first = slides.find((s) => !s.video)?.picture ?? null;
  return { slides, showThumbnails: showThumbnails(vehicle), spin: spinSection(vehicle, images, site, first) };
}

/** Gallery pictures of the photos (video slides left out), for Open Graph and JSON-LD. */
export function galleryPictures(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): PictureData[] {
  const photos = (vehicle.images ?? []).filter((i) => !i.isVideo).map((i) => i.image);
  const sources = photos.length > 0 ? photos : vehicle.primary_image_url ? [vehicle.primary_image_url] : [];
  return sources.map((s) => pictureFor(images, s, 'gallery', site)).filter((p): p is PictureData => p !== null);
}
