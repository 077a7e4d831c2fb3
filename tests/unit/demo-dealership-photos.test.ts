import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { dealershipPhotoPath, dealershipSvg, withDealershipPhoto, writeDealershipPhotos } from '../../src/data/demo/dealership-photos.ts';

describe('demo dealership photos', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('points a location at the photo of its own showroom', () => {
    const location = withDealershipPhoto({ id: 1, slug: 'bayside-mg-capalaba', name: 'Bayside MG Capalaba', image: { image: { url: 'images/suv-white-front.jpg' } } });
    expect(location.image).toEqual({ image: { url: 'images/dealerships/bayside-mg-capalaba.jpg', thumb: { url: 'images/dealerships/bayside-mg-capalaba.jpg' } } });
    expect(location.name).toBe('Bayside MG Capalaba');
  });

  it('paints the name on the sign, escaped, and the same picture for the same location', () => {
    expect(dealershipSvg('Smith & Sons <Motors>', 'smith')).toContain('Smith &amp; Sons &lt;Motors&gt;');
    expect(dealershipSvg('A', 'a')).toBe(dealershipSvg('A', 'a'));
  });

  it('writes a 1200 x 800 JPEG per location once, and keeps an existing one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'dealerships-'));
    dirs.push(root);
    const locations = [{ name: 'Bayside MG Capalaba', slug: 'bayside-mg-capalaba' }, { name: 'Bayside MG Cleveland', slug: 'bayside-mg-cleveland' }];
    expect(await writeDealershipPhotos(root, locations)).toBe(2);
    const meta = await sharp(path.join(root, dealershipPhotoPath('bayside-mg-capalaba'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 800]);
    expect(await writeDealershipPhotos(root, locations)).toBe(0);
  });
});
