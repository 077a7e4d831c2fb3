import { describe, expect, it } from 'vitest';
import type { ImageIndex } from '../../../../src/views/images.ts';
import { galleryView } from '../../../../src/views/vehicle/gallery.ts';
import { site, vehicle } from './fixtures.ts';

describe('gallery', () => {
  const images = (n: number) => Array.from({ length: n }, (_, i) => ({ image: `images/p${i + 1}.jpg`, thumb: `images/p${i + 1}-t.jpg` }));
  const index: ImageIndex = { 'images/p1.jpg': { gallery: { width: 1200, height: 800, jpeg: '/images/p1-gallery.jpg', webp: '/images/p1-gallery.webp' } } };

  it('shows thumbnails only with more than 3 images, each linking to its slide', () => {
    expect(galleryView(vehicle({ images: images(3) }), {}, site()).showThumbnails).toBe(false);
    const view = galleryView(vehicle({ images: images(4) }), index, site());
    expect(view.showThumbnails).toBe(true);
    expect(view.slides.map((s) => s.fullHref)).toEqual(['#photo-1', '#photo-2', '#photo-3', '#photo-4']);
    expect(view.slides[0]!.picture?.src).toBe('/images/p1-gallery.jpg');
    expect(view.slides[1]!.picture).toBeNull();
    expect(view.slides[3]!.alt).toBe('2024 Toyota Corolla Ascent, photo 4 of 4');
  });

  it('falls back to the primary image when there is no gallery', () => {
    expect(galleryView(vehicle({ images: [], primary_image_url: 'images/p1.jpg' }), index, site()).slides).toHaveLength(1);
  });
});

describe('gallery video slides', () => {
  const photo = (name: string) => ({ gallery: { width: 1200, height: 800, jpeg: `/images/${name}.jpg`, webp: `/images/${name}.webp` } });
  const slides = [
    { image: 'images/p1.jpg', isVideo: false },
    { image: 'images/p2.jpg', isVideo: true },
  ];

  it('plays a video the site serves inline, with its slide photo as the poster', () => {
    const index: ImageIndex = { 'images/p2.jpg': photo('p2'), 'videos/suv-white.webm': { video: '/videos/0123456789abcdef.webm' } };
    const view = galleryView(vehicle({ images: slides, video_url: 'videos/suv-white.webm' }), index, site());
    expect(view.slides[1]!.video).toEqual({ src: '/videos/0123456789abcdef.webm', type: 'video/webm', poster: '/images/p2.jpg' });
    expect(view.slides[1]!.videoHref).toBeNull();
    expect(view.slides[0]!.video).toBeNull();
  });

  it('links to a video hosted elsewhere, and offers nothing for a feed video the build could not publish', () => {
    const hosted = galleryView(vehicle({ images: slides, video_url: 'https://media.example/v/1.mp4' }), {}, site());
    expect(hosted.slides[1]!.video).toBeNull();
    expect(hosted.slides[1]!.videoHref).toBe('https://media.example/v/1.mp4');
    const missing = galleryView(vehicle({ images: slides, video_url: 'videos/missing.webm' }), {}, site());
    expect(missing.slides[1]!.video).toBeNull();
    expect(missing.slides[1]!.videoHref).toBeNull();
  });
});

describe('spin viewer section', () => {
  const spin = (name: string) => ({ spin: { width: 800, height: 533, jpeg: `/images/${name}-spin.jpg`, webp: `/images/${name}-spin.webp` } });
  const frames = Array.from({ length: 36 }, (_, i) => `images/spin/f${i + 1}.jpg`);
  const index: ImageIndex = {
    ...Object.fromEntries(frames.map((f, i) => [f, spin(`f${i + 1}`)])),
    'images/interior.jpg': spin('interior'),
    'images/p1.jpg': { gallery: { width: 1200, height: 800, jpeg: '/images/p1-gallery.jpg', webp: '/images/p1-gallery.webp' } },
  };
  const hotspots = {
    exterior: [{ id: 'h1', description: 'LED headlights' }, { id: 'h2', description: 'Alloy wheels' }],
    interior: [{ id: 'h3', description: 'Touchscreen' }],
    exteriorHotspotPositions: [{ hotspotId: 'h1', activeAngle: 0, posX: 32, posY: 57 }, { hotspotId: 'h2', activeAngle: 9, posX: 31, posY: 60 }],
    interiorHotspotPositions: [{ hotspotId: 'h3', activeAngle: 0, posX: 60, posY: 62 }],
  };
  const spinVehicle = (extra: Record<string, unknown> = {}) =>
    vehicle({ images: [{ image: 'images/p1.jpg' }], spin_images: frames, spin_interior_image: 'images/interior.jpg', hotspots, ...extra });

  it('gives the viewer its frames (WebP), interior, hotspots by frame and the first photo as placeholder', () => {
    const section = galleryView(spinVehicle(), index, site())!.spin!;
    expect(section.tabs.map((t) => t.label)).toEqual(['Spin', 'Images', 'Interior']);
    expect(section.initialView).toBe('spinner');
    expect(section.externalUrl).toBeNull();
    const viewer = section.viewer!;
    expect(viewer.frames).toHaveLength(36);
    expect(viewer.frames[0]).toBe('/images/f1-spin.webp');
    expect([viewer.width, viewer.height]).toEqual([800, 533]);
    expect(viewer.interior).toEqual({ src: '/images/interior-spin.webp', width: 800, height: 533 });
    expect(viewer.hotspots).toEqual({ 0: [{ id: 'h1', description: 'LED headlights', x: 32, y: 57 }], 9: [{ id: 'h2', description: 'Alloy wheels', x: 31, y: 60 }] });
    expect(viewer.interiorHotspots).toEqual([{ id: 'h3', description: 'Touchscreen', x: 60, y: 62 }]);
    expect(viewer.autoRotate).toBe(true);
    expect(viewer.placeholder).toBe('/images/p1-gallery.jpg');
  });

  it('follows the site: gallery first, no auto-rotation, no viewer at all', () => {
    const gallery = galleryView(spinVehicle(), index, site('vehicle:\n  spinDefaultView: gallery\n  spinAutoRotate: false'))!.spin!;
    expect(gallery.initialView).toBe('gallery');
    expect(gallery.viewer!.autoRotate).toBe(false);
    expect(galleryView(spinVehicle(), index, site('features:\n  spinViewer: false')).spin).toBeNull();
  });

  it('has no viewer without frames, or when a frame has no rendition', () => {
    expect(galleryView(vehicle({ images: [{ image: 'images/p1.jpg' }] }), index, site()).spin).toBeNull();
    const { [frames[5]!]: _missing, ...partial } = index;
    expect(galleryView(spinVehicle(), partial, site()).spin).toBeNull();
  });

  it('drops the Interior tab when the interior image has no rendition', () => {
    const { 'images/interior.jpg': _gone, ...noInterior } = index;
    expect(galleryView(spinVehicle(), noInterior, site())!.spin!.tabs.map((t) => t.label)).toEqual(['Spin', 'Images']);
  });

  it('shows the external viewer for a vehicle with a spin code where the site configures it', () => {
    const withViewer = site('vehicle:\n  spinExternalViewerUrl: https://spins.example.com/view/{code}');
    const section = galleryView(spinVehicle({ spin_code: 'AB12CD' }), index, withViewer).spin!;
    expect(section.externalUrl).toBe('https://spins.example.com/view/AB12CD');
    expect(section.viewer).toBeNull();
    expect(galleryView(spinVehicle({ spin_code: 'AB12CD' }), index, site()).spin!.externalUrl).toBeNull();
  });
});
