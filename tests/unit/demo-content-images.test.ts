import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { contentImageRecipe, contentImageSvg, writeDemoContentImages } from '../../src/data/demo/content-images.ts';

const brand = { primary: '#b0001e', accent: '#111111' };

describe('demo content images', () => {
  it('reads what to draw from the file name', () => {
    expect(contentImageRecipe('offers/ford-ranger.jpg', 'card')).toMatchObject({ scene: 'road', vehicles: [{ body: 'Ute' }] });
    expect(contentImageRecipe('offers/caravan-show.jpg', 'banner')).toMatchObject({ scene: 'road', vehicles: [{ body: 'Caravan' }] });
    expect(contentImageRecipe('home/precise-price-servicing.jpg', 'banner')).toMatchObject({ scene: 'workshop' });
    expect(contentImageRecipe('offers/group-finance.jpg', 'card')).toMatchObject({ scene: 'backdrop' });
    // A wide range shot lines up three vehicles; a card shows one.
    expect(contentImageRecipe('home/slide-new-stock.jpg', 'banner').vehicles).toHaveLength(3);
    expect(contentImageRecipe('range/suv.jpg', 'card').vehicles).toHaveLength(1);
  });

  it('draws the same picture for the same name, and no caption text', () => {
    const recipe = contentImageRecipe('home/slide-im-range.jpg', 'banner');
    const svg = contentImageSvg(recipe, brand, 7);
    expect(svg).toBe(contentImageSvg(contentImageRecipe('home/slide-im-range.jpg', 'banner'), brand, 7));
    expect(svg).toContain('width="1920" height="540"');
    expect(svg).not.toContain('<text');
    expect(svg).toContain(brand.primary);
  });

  const dir = mkdtemp(path.join(tmpdir(), 'content-images-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('writes the missing images as JPEGs of the slider and card sizes, once', async () => {
    const root = await dir;
    const wanted = [
      { path: 'content/test/images/home/slide.jpg', format: 'banner' as const },
      { path: 'content/test/images/offers/suv.jpg', format: 'card' as const },
    ];
    expect(await writeDemoContentImages(root, wanted, brand)).toBe(2);
    expect(await sharp(path.join(root, wanted[0]!.path)).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 540 });
    expect(await sharp(path.join(root, wanted[1]!.path)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(await writeDemoContentImages(root, wanted, brand)).toBe(0);
  });
});
