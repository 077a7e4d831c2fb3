import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_RETRY_FIRST_MS, imageJobs, OUTSIDE_FEED_REASON, processImages, unusableReason, type ImageJob, type ProcessImagesOptions } from '../../src/generator/images.ts';
import { IMAGE_SIZES } from '../../src/views/images.ts';
import type { Location } from '../../src/schemas/location.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';

// Test records carry only the fields the image pipeline reads.
const vehicle = (fields: Partial<NormalisedVehicle>): NormalisedVehicle => fields as NormalisedVehicle;
const location = (url: string | null): Location => ({ image: url ? { image: { url } } : null }) as Location;

describe('imageJobs', () => {
  it('asks for the card, gallery, thumb, spin and location sizes, merging sources and skipping videos', () => {
    const jobs = imageJobs({
      vehicles: [
        vehicle({
          primary_image_url: 'images/a-front.jpg',
          images: [
            { image: 'images/a-front.jpg', thumb: 'images/a-front-thumb.jpg', isVideo: false },
            { image: 'images/a-video-poster.jpg', thumb: null, isVideo: true },
            { image: 'images/a-side.jpg' },
          ],
          spin_images: ['images/spin/a-01.jpg', 'images/spin/a-02.jpg'],
          spin_interior_image: 'images/a-interior.jpg',
        }),
        // No primary image: the card shows the first photo that is not a video, as the card does.
        vehicle({ images: [{ image: 'images/b-video.jpg', isVideo: true }, { image: 'https://cdn.example.com/b-1.jpg' }] }),
        vehicle({ images: null, primary_image_url: null }),
      ],
      locations: [location('images/a-side.jpg'), location('images/yard.jpg'), location(null)],
    });
    expect(jobs).toEqual([
      { source: 'images/a-front.jpg', sizes: ['card', 'gallery', 'thumb'] },
      { source: 'images/a-side.jpg', sizes: ['card', 'gallery', 'thumb'] },
      { source: 'images/spin/a-01.jpg', sizes: ['spin'] },
      { source: 'images/spin/a-02.jpg', sizes: ['spin'] },
      { source: 'images/a-interior.jpg', sizes: ['spin'] },
      { source: 'https://cdn.example.com/b-1.jpg', sizes: ['card', 'gallery', 'thumb'] },
      { source: 'images/yard.jpg', sizes: ['card'] },
    ]);
  });

  it('asks for nothing when the site serves its images through an image CDN', () => {
    const data = { vehicles: [vehicle({ primary_image_url: 'images/a.jpg' })], locations: [] };
    expect(imageJobs(data, { images: { cdn: { baseUrl: 'https://img.example.com', quality: 75, width: 640 } } })).toEqual([]);
    expect(imageJobs(data, { images: {} })).toEqual([{ source: 'images/a.jpg', sizes: ['card'] }]);
  });
});

describe('unusableReason', () => {
  // Decided from decode outcomes, never from libvips's message: that buffer is shared by every job in
  // the process, so under load a failed decode reports 'Unknown error' or another image's message.
  const picture = (format: 'jpeg' | 'png' | 'webp') =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c00' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><circle cx="300" cy="200" r="150" fill="#08f"/></svg>') }])
      [format]()
      .toBuffer();
  const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));
  const { width, height } = IMAGE_SIZES.gallery;

  it('names a file cut off part-way through its image data as truncated', async () => {
    expect(await unusableReason(half(await picture('jpeg')), width, height)).toBe(
      'the JPEG file is truncated: its image data ends early, so part of the picture is missing; export or upload the photo again',
    );
    expect(await unusableReason(half(await picture('png')), width, height)).toBe(
      'the PNG file is truncated: its image data ends early, so part of the picture is missing; export or upload the photo again',
    );
  });

  it('tells an unknown format from a damaged header', async () => {
    expect(await unusableReason(Buffer.from('this is not a JPEG, whatever its name says'), width, height)).toBe(
      'unsupported image format (its bytes are not a JPEG, PNG, WebP, AVIF, GIF or TIFF image, whatever its name says)',
    );
    const jpeg = await picture('jpeg');
    const startOfScan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    expect(await unusableReason(jpeg.subarray(0, startOfScan), width, height)).toBe(
      'its header is damaged or cut off, so it cannot be read; export or upload the photo again',
    );
    expect(await unusableReason(half(await picture('webp')), width, height)).toBe(
      'its header is damaged or cut off, so it cannot be read; export or upload the photo again',
    );
  });
});

describe('processImages', () => {
  let root: string;
  let feedRoot: string;
  let count = 0;
  /** A fresh folder under this suite's temporary root. */
  const dir = async (name: string): Promise<string> => {
    const created = path.join(root, `${name}-${++count}`);
    await mkdir(created, { recursive: true });
    return created;
  };

  /** A distinct photo-like JPEG: a coloured background with a shape at a position derived from `seed`. */
  const photo = (width: number, height: number, seed: number): Promise<Buffer> => {
    const hue = (seed * 67) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="hsl(${hue},60%,75%)"/>
      <circle cx="${(seed * 97) % width}" cy="${height / 2}" r="${height / 4}" fill="hsl(${(hue + 180) % 360},70%,40%)"/></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  };

  const JOBS: ImageJob[] = [
    { source: 'images/a.jpg', sizes: ['card', 'gallery', 'thumb'] },
    { source: 'images/b.jpg', sizes: ['gallery', 'thumb'] },
    { source: 'images/spin/s-01.jpg', sizes: ['spin'] },
  ];
  const TRUNCATED_JPEG =
    'not a usable image: the JPEG file is truncated: its image data ends early, so part of the picture is missing; export or upload the photo again';
  // JPEG + WebP for every size, plus AVIF for the card by default.
  const JOB_FILES = 3 + 2 + 2 + 2 + 2 + 2;

  const run = (jobs: readonly ImageJob[], options: Partial<ProcessImagesOptions> & { cacheDir: string; outDir: string }) =>
    processImages(jobs, { feedRoot, concurrency: 2, ...options });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'images-test-'));
    feedRoot = path.join(root, 'feed');
    await mkdir(path.join(feedRoot, 'images', 'spin'), { recursive: true });
    await writeFile(path.join(feedRoot, 'images', 'a.jpg'), await photo(1200, 800, 1));
    await writeFile(path.join(feedRoot, 'images', 'b.jpg'), await photo(1200, 800, 2));
    await writeFile(path.join(feedRoot, 'images', 'spin', 's-01.jpg'), await photo(800, 533, 3));
    await writeFile(path.join(feedRoot, 'images', 'small.jpg'), await photo(450, 450, 4));
    await writeFile(path.join(feedRoot, 'images', 'corrupt.jpg'), Buffer.from('this is not a JPEG, whatever its name says'));
    const whole = await photo(1200, 800, 5);
    await writeFile(path.join(feedRoot, 'images', 'truncated.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('transforms every size and format on a cold run and indexes the files it wrote', async () => {
    const cacheDir = await dir('cache');
    const outDir = await dir('out');
    const progress: Array<[number, number]> = [];
    const result = await run(JOBS, { cacheDir, outDir, onProgress: (done, total) => progress.push([done, total]) });

    expect(result.skipped).toEqual([]);
    expect(result.transforms).toEqual({ done: JOB_FILES, reused: 0 });
    expect(result.files).toHaveLength(JOB_FILES);
    expect((await readdir(path.join(outDir, 'images'))).sort()).toEqual(result.files.map((f) => path.basename(f)).sort());
    expect(progress.at(-1)).toEqual([6, 6]);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((x, y) => x - y));

    const expectedFormats: Record<string, string> = { jpeg: 'jpeg', webp: 'webp', avif: 'heif' };
    for (const job of JOBS) {
      for (const size of job.sizes) {
        const rendition = result.index[job.source]?.[size];
        expect(rendition, `${job.source} at ${size}`).toMatchObject(IMAGE_SIZES[size]);
        expect(Boolean(rendition?.avif)).toBe(size === 'card');
        for (const format of ['jpeg', 'webp', 'avif'] as const) {
          const url = rendition?.[format];
          if (!url) continue;
          expect(url).toMatch(new RegExp(`^/images/[0-9a-f]{16}-${size}\\.(jpg|webp|avif)$`));
          expect(result.files).toContain(url.slice(1));
          const meta = await sharp(path.join(outDir, url)).metadata();
          expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
            format: expectedFormats[format],
            ...IMAGE_SIZES[size],
            exif: undefined,
          });
        }
      }
    }
  });

  it('reuses every cached file on a warm run into a new output folder, linking identical files', async () => {
    const cacheDir = await dir('cache');
    const coldOut = await dir('out');
    const cold = await run(JOBS, { cacheDir, outDir: coldOut });
    const outDir = await dir('out');
    const warm = await run(JOBS, { cacheDir, outDir });

    expect(warm.transforms).toEqual({ done: 0, reused: JOB_FILES });
    expect(warm.index).toEqual(cold.index);
    expect(warm.files).toEqual(cold.files);
    for (const file of warm.files) {
      const info = await stat(path.join(outDir, file));
      // Hard-linked from the cache: the file has at least two names, and the bytes are the cold run's.
      expect(info.nlink).toBeGreaterThanOrEqual(2);
      expect(info.ino).toBe((await stat(path.join(coldOut, file))).ino);
      expect((await readFile(path.join(outDir, file))).equals(await readFile(path.join(coldOut, file)))).toBe(true);
    }
    // Rerunning into the same output folder changes nothing and does no work either.
    const again = await run(JOBS, { cacheDir, outDir });
    expect(again.transforms).toEqual({ done: 0, reused: JOB_FILES });
  });

  it('transforms only the source whose bytes changed', async () => {
    const feed = await dir('feed');
    await mkdir(path.join(feed, 'images'), { recursive: true });
    await writeFile(path.join(feed, 'images', 'a.jpg'), await photo(1200, 800, 11));
    await writeFile(path.join(feed, 'images', 'b.jpg'), await photo(1200, 800, 12));
    const jobs: ImageJob[] = [
      { source: 'images/a.jpg', sizes: ['card', 'thumb'] },
      { source: 'images/b.jpg', sizes: ['card', 'thumb'] },
    ];
    const cacheDir = await dir('cache');
    const before = await run(jobs, { feedRoot: feed, cacheDir, outDir: await dir('out') });
    expect(before.transforms).toEqual({ done: 10, reused: 0 });

    await writeFile(path.join(feed, 'images', 'b.jpg'), await photo(1200, 800, 13));
    const after = await run(jobs, { feedRoot: feed, cacheDir, outDir: await dir('out') });
    expect(after.transforms).toEqual({ done: 5, reused: 5 });
    expect(after.index['images/a.jpg']).toEqual(before.index['images/a.jpg']);
    expect(after.index['images/b.jpg']?.card?.jpeg).not.toBe(before.index['images/b.jpg']?.card?.jpeg);
  });

  it('skips missing, corrupt and truncated sources with reasons while the others succeed', async () => {
    const jobs: ImageJob[] = [
      { source: 'images/missing.jpg', sizes: ['card', 'gallery'] },
      { source: 'images/corrupt.jpg', sizes: ['card', 'gallery', 'thumb'] },
      { source: 'images/truncated.jpg', sizes: ['gallery'] },
      { source: 'images/a.jpg', sizes: ['thumb'] },
    ];
    const cacheDir = await dir('cache');
    const outDir = await dir('out');
    const progress: number[] = [];
    const result = await run(jobs, { cacheDir, outDir, onProgress: (done) => progress.push(done) });

    expect(result.skipped).toEqual([
      {
        source: 'images/corrupt.jpg',
        reason: 'not a usable image: unsupported image format (its bytes are not a JPEG, PNG, WebP, AVIF, GIF or TIFF image, whatever its name says)',
      },
      { source: 'images/missing.jpg', reason: 'file not found in the feed folder: images/missing.jpg' },
      { source: 'images/truncated.jpg', reason: TRUNCATED_JPEG },
    ]);
    expect(Object.keys(result.index)).toEqual(['images/a.jpg']);
    expect(result.files).toHaveLength(2);
    expect(result.transforms).toEqual({ done: 2, reused: 0 });
    expect(progress.at(-1)).toBe(7);
  });

  it('gives every truncated source the same reason while many images are decoded at once', async () => {
    // libvips's error buffer is shared by every job in the process: with decodes failing and succeeding
    // side by side, the decoder's own message is lost ('Unknown error') or mixed with another image's.
    const feed = await dir('feed');
    const jobs: ImageJob[] = [];
    for (let i = 0; i < 24; i++) {
      const whole = await photo(1200, 800, 100 + i);
      const kind = i % 3 === 0 ? 'good' : i % 3 === 1 ? 'jpeg' : 'png';
      const bytes = kind === 'png' ? await sharp(whole).png().toBuffer() : whole;
      const name = `${kind}-${i}.${kind === 'png' ? 'png' : 'jpg'}`;
      await writeFile(path.join(feed, name), kind === 'good' ? bytes : bytes.subarray(0, Math.floor(bytes.length / 2)));
      jobs.push({ source: name, sizes: ['card', 'gallery', 'thumb'] });
    }
    const result = await run(jobs, { feedRoot: feed, cacheDir: await dir('cache'), outDir: await dir('out'), concurrency: 4, avif: false });

    expect(Object.keys(result.index).sort()).toEqual(jobs.map((j) => j.source).filter((s) => s.startsWith('good')).sort());
    expect(result.skipped).toHaveLength(16);
    for (const { source, reason } of result.skipped) {
      expect(reason, source).toBe(source.endsWith('.png') ? TRUNCATED_JPEG.replace('JPEG', 'PNG') : TRUNCATED_JPEG);
    }
  });

  it('never enlarges a small source: it is cut to the aspect ratio at its own resolution', async () => {
    const outDir = await dir('out');
    const result = await run([{ source: path.join(feedRoot, 'images', 'small.jpg'), sizes: ['card', 'thumb'] }], {
      cacheDir: await dir('cache'),
      outDir,
      avif: false,
    });
    const renditions = Object.values(result.index)[0];
    expect(renditions?.card).toMatchObject({ width: 450, height: 300 });
    expect(renditions?.card?.avif).toBeUndefined();
    expect(renditions?.thumb).toMatchObject(IMAGE_SIZES.thumb);
    const meta = await sharp(path.join(outDir, renditions!.card!.webp)).metadata();
    expect([meta.width, meta.height]).toEqual([450, 300]);
  });

  it('writes byte-identical files for the same inputs, whatever the cache', async () => {
    const firstOut = await dir('out');
    const first = await run(JOBS, { cacheDir: await dir('cache'), outDir: firstOut, avif: true });
    const secondOut = await dir('out');
    const second = await run(JOBS, { cacheDir: await dir('cache'), outDir: secondOut, avif: true });
    expect(second.transforms.done).toBe(first.transforms.done);
    expect(second.files).toEqual(first.files);
    expect(first.files.filter((f) => f.endsWith('.avif'))).toHaveLength(6);
    expect(second.index).toEqual(first.index);
    for (const file of first.files) {
      const [a, b] = await Promise.all([readFile(path.join(firstOut, file)), readFile(path.join(secondOut, file))]);
      expect(a.length).toBeGreaterThan(0);
      expect(a.equals(b), file).toBe(true);
      expect((await stat(path.join(firstOut, file))).ino).not.toBe((await stat(path.join(secondOut, file))).ino);
    }
  });

  describe('http sources', () => {
    let server: Server;
    let base: string;
    const requests: string[] = [];
    let image: Buffer;

    beforeAll(async () => {
      image = await photo(1200, 800, 21);
      server = createServer((request, response) => {
        requests.push(request.url ?? '');
        if (request.url === '/photos/car.jpg') {
          response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length });
          response.end(image);
        } else if (request.url === '/photos/slow.jpg') {
          setTimeout(() => response.end(image), 2_000).unref();
        } else {
          response.writeHead(404, { 'content-type': 'text/plain' });
          response.end('not found');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('downloads once, reuses the download on a warm run, and skips a 404 and a timeout', async () => {
      const jobs: ImageJob[] = [
        { source: `${base}/photos/car.jpg`, sizes: ['card', 'thumb'] },
        { source: `${base}/photos/gone.jpg`, sizes: ['card'] },
        { source: `${base}/photos/slow.jpg`, sizes: ['card'] },
      ];
      const cacheDir = await dir('cache');
      const fetched: string[] = [];
      const countingFetch: typeof fetch = (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      };
      const options = { cacheDir, fetch: countingFetch, downloadTimeoutMs: 300 };
      const cold = await run(jobs, { ...options, outDir: await dir('out') });

      expect(cold.transforms).toEqual({ done: 5, reused: 0 });
      expect(cold.skipped).toEqual([
        { source: `${base}/photos/gone.jpg`, reason: 'download failed: HTTP 404 Not Found' },
        { source: `${base}/photos/slow.jpg`, reason: 'download failed: timed out after 0.3 s' },
      ]);
      expect(cold.index[`${base}/photos/car.jpg`]?.card).toMatchObject(IMAGE_SIZES.card);
      expect(requests.filter((r) => r === '/photos/car.jpg')).toHaveLength(1);

      const requestsBefore = requests.length;
      const outDir = await dir('out');
      const warm = await run(jobs.slice(0, 1), { ...options, outDir });
      expect(warm.transforms).toEqual({ done: 0, reused: 5 });
      expect(requests.length).toBe(requestsBefore);
      expect(fetched.filter((url) => url.endsWith('/car.jpg'))).toHaveLength(1);
      expect(warm.index).toEqual({ [`${base}/photos/car.jpg`]: cold.index[`${base}/photos/car.jpg`] });
      for (const file of warm.files) expect((await stat(path.join(outDir, file))).size).toBeGreaterThan(0);
    });

    it('remembers a failed download and does not ask again until its back-off is over, then retries', async () => {
      let clock = Date.parse('2026-11-22T09:00:00Z');
      const now = () => new Date(clock);
      let healthy = false;
      const hits: string[] = [];
      const flaky = createServer((request, response) => {
        hits.push(request.url ?? '');
        if (healthy) {
          response.writeHead(200, { 'content-type': 'image/jpeg' });
          response.end(image);
        } else {
          response.writeHead(503, { 'content-type': 'text/plain' });
          response.end('unavailable');
        }
      });
      await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/photos/flaky.jpg`;
        const jobs: ImageJob[] = [{ source: url, sizes: ['card'] }];
        const options = { cacheDir: await dir('cache'), now, avif: false as const };

        const first = await run(jobs, { ...options, outDir: await dir('out') });
        expect(first.skipped).toEqual([{ source: url, reason: 'download failed: HTTP 503 Service Unavailable' }]);
        expect(hits).toHaveLength(1);

        // Within the hour: not asked again, and the report says until when.
        clock += DOWNLOAD_RETRY_FIRST_MS - 60_000;
        const second = await run(jobs, { ...options, outDir: await dir('out') });
        expect(hits).toHaveLength(1);
        expect(second.skipped[0]!.reason).toBe('download failed 1 time(s), not tried again until 2026-11-22T10:00:00.000Z: HTTP 503 Service Unavailable');

        // After it: asked again; a second failure doubles the wait.
        clock += 120_000;
        await run(jobs, { ...options, outDir: await dir('out') });
        expect(hits).toHaveLength(2);
        clock += DOWNLOAD_RETRY_FIRST_MS + 60_000;
        expect((await run(jobs, { ...options, outDir: await dir('out') })).skipped[0]!.reason).toMatch(/^download failed 2 time\(s\), not tried again until 2026-11-22T12:01:00\.000Z/);
        expect(hits).toHaveLength(2);

        // Once the host answers, the photo is published and the failure forgotten.
        healthy = true;
        clock += 2 * DOWNLOAD_RETRY_FIRST_MS;
        const recovered = await run(jobs, { ...options, outDir: await dir('out') });
        expect(recovered.skipped).toEqual([]);
        expect(recovered.index[url]?.card).toBeDefined();
        expect(hits).toHaveLength(3);
        expect((await readdir(path.join(options.cacheDir, 'downloads'))).filter((f) => f.endsWith('.failed'))).toEqual([]);
      } finally {
        flaky.closeAllConnections();
        await new Promise<void>((resolve) => flaky.close(() => resolve()));
      }
    });

    it('gives up on the rest of a host\'s photos in a build once the host cannot be reached', async () => {
      // A port nothing listens on: every connection is refused.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      let attempts = 0;
      const countingFetch: typeof fetch = (input, init) => {
        attempts++;
        return fetch(input, init);
      };
      const jobs: ImageJob[] = Array.from({ length: 40 }, (_, i) => ({ source: `http://127.0.0.1:${port}/photos/${i}.jpg`, sizes: ['card'] }));
      const result = await run(jobs, { cacheDir: await dir('cache'), outDir: await dir('out'), fetch: countingFetch, concurrency: 1 });
      expect(result.skipped).toHaveLength(40);
      // The workers in flight when the first refusal came back tried theirs; nobody after them.
      expect(attempts).toBeLessThan(40);
      expect(result.skipped.filter((s) => s.reason.includes('is unreachable in this build'))).toHaveLength(40 - attempts);
    });
  });

  it('publishes no file from outside the feed folder, and its reason does not tell whether the file exists', async () => {
    // A real image outside the feed folder, and a link inside the folder that points at it.
    const outside = path.join(root, 'private-photo.jpg');
    await writeFile(outside, await photo(1200, 800, 9));
    await symlink(outside, path.join(feedRoot, 'images', 'linked-out.jpg'));
    const sources = [
      outside,
      path.join(root, 'no-such-photo.jpg'),
      '../private-photo.jpg',
      'images/../../private-photo.jpg',
      '../no-such-photo.jpg',
      'images/linked-out.jpg',
      'file:///etc/hostname',
    ];
    const outDir = await dir('out');
    const jobs: ImageJob[] = [...sources, 'images/a.jpg'].map((source) => ({ source, sizes: ['gallery'] }));
    const result = await run(jobs, { cacheDir: await dir('cache'), outDir });
    expect(Object.keys(result.index)).toEqual(['images/a.jpg']);
    expect(result.skipped.map((s) => s.source).sort()).toEqual([...sources].sort());
    for (const skipped of result.skipped) expect(skipped.reason, skipped.source).toBe(OUTSIDE_FEED_REASON);
    expect(await readdir(path.join(outDir, 'images'))).toHaveLength(2);
  });

  it('stops with the error when the cache cannot be written, instead of skipping every image', async () => {
    const blocked = path.join(await dir('blocked'), 'cache');
    await writeFile(blocked, 'a file where the cache folder should be');
    await expect(run(JOBS, { cacheDir: blocked, outDir: await dir('out') })).rejects.toThrow(/ENOTDIR|EEXIST/);
  });

  it('does nothing for an empty job list', async () => {
    const outDir = await dir('out');
    const result = await run([], { cacheDir: path.join(outDir, 'cache'), outDir });
    expect(result).toMatchObject({ index: {}, files: [], transforms: { done: 0, reused: 0 }, skipped: [] });
    expect(await readdir(outDir)).toEqual([]);
  });
});
