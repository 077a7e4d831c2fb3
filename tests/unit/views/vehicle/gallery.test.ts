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
