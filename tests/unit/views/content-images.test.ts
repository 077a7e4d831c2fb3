import { describe, expect, it } from 'vitest';
import { BANNER_SIZES, contentImageJobs, contentImageSource, contentImageUses, contentPicture } from '../../../src/views/content-images.ts';
import type { ImageIndex } from '../../../src/views/images.ts';
import { HomeContentSchema } from '../../../src/schemas/home.ts';
import { NO_FILES, offer, site, siteData } from './fixtures.ts';

const home = HomeContentSchema.parse({
  slides: [{ image: { url: '/content/test-motors/images/home/slide.jpg', alt: 'Cars' }, heading: 'Sale' }],
  overlayBanner: { image: { url: 'https://cdn.example/banner.jpg', alt: '' }, heading: 'Service' },
  categories: { items: [{ title: 'SUVs', image: { url: '/content/test-motors/images/range/suv.jpg', alt: 'An SUV' }, url: '/search/suv' }] },
});

describe('content images', () => {
  it('maps /content/ paths to the feed folder, keeps http(s) URLs, and refuses anything else', () => {
    expect(contentImageSource('/content/test-motors/images/offers/eofy.jpg')).toBe('content/test-motors/images/offers/eofy.jpg');
    expect(contentImageSource('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(contentImageSource('/brands/mg.svg')).toBeNull();
    expect(contentImageSource('/content/test-motors/images/../../../etc/passwd.jpg')).toBeNull();
    expect(contentImageSource('/content/test-motors/logo.svg')).toBeNull();
  });

  it('lists every image the pages show, banners at both banner sizes and cards at the card size', () => {
    const data = siteData({ offers: [offer({ image_url: '/content/test-motors/images/offers/eofy.jpg' })], content: { home } });
    expect(contentImageUses(data)).toEqual([
      { url: '/content/test-motors/images/home/slide.jpg', sizes: ['heroSmall', 'hero'], banner: true },
      { url: 'https://cdn.example/banner.jpg', sizes: ['heroSmall', 'hero'], banner: true },
      { url: '/content/test-motors/images/range/suv.jpg', sizes: ['card'], banner: false },
      { url: '/content/test-motors/images/offers/eofy.jpg', sizes: ['card'], banner: false },
    ]);
    expect(contentImageJobs(data).map((j) => j.source)).toEqual([
      'content/test-motors/images/home/slide.jpg',
      'https://cdn.example/banner.jpg',
      'content/test-motors/images/range/suv.jpg',
      'content/test-motors/images/offers/eofy.jpg',
    ]);
    expect(contentImageJobs(data, site({ images: { cdn: { baseUrl: 'https://img.example' } } }))).toEqual([]);
  });

  it('gives a processed banner every rendition with its width, largest as the fallback', () => {
    const rendition = (w: number, h: number, name: string) => ({ width: w, height: h, jpeg: `/images/${name}.jpg`, webp: `/images/${name}.webp` });
    const images: ImageIndex = { 'content/test-motors/images/home/slide.jpg': { heroSmall: rendition(960, 270, 's'), hero: rendition(1920, 540, 'l') } };
    expect(contentPicture(images, '/content/test-motors/images/home/slide.jpg', BANNER_SIZES, site(), NO_FILES)).toEqual({
      src: '/images/l.jpg',
      width: 1920,
      height: 540,
      sources: [
        { type: 'image/webp', srcset: '/images/s.webp 960w, /images/l.webp 1920w' },
        { type: 'image/jpeg', srcset: '/images/s.jpg 960w, /images/l.jpg 1920w' },
      ],
    });
  });

  it('shows an unprocessed image only when it can be served as it is', () => {
    expect(contentPicture({}, '/content/test-motors/images/home/missing.jpg', BANNER_SIZES, site(), NO_FILES)).toBeNull();
    expect(contentPicture({}, 'https://cdn.example/a.jpg', BANNER_SIZES, site(), NO_FILES)).toMatchObject({ src: 'https://cdn.example/a.jpg', width: 1920, height: 540, sources: [] });
    expect(contentPicture({}, '/promo.jpg', ['card'], site(), new Set(['/promo.jpg']))).toMatchObject({ src: '/promo.jpg', width: 600, height: 400 });
  });
});
