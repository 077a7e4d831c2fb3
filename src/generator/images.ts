import { createHash, randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_SIZES, type ImageIndex, type ImageRendition, type ImageSize } from '../views/images.ts';
import type { EvContent } from '../schemas/content.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';

/*
 * The image pipeline: every source image a site uses, at every size its pages show it, as JPEG and WebP
 * (and AVIF where it pays), through a content-addressed cache shared by all sites.
 *
 * - A rendition's cache key is sha256(source bytes + transform spec). The spec names the size, format,
 *   encoder options, PIPELINE_VERSION and the libvips version, so a change to any of them makes new files
 *   instead of serving stale ones. The same photo used by two sites (or two paths) is transformed once.
 * - A warm run reads and hashes the sources (cheap; within one process even that is skipped for an
 *   unchanged file) and finds every rendition in the cache: zero sharp transforms.
 * - Cached files are hard-linked into the site's output, so a site costs no extra disk for its images.
 */

/** Bump to invalidate every cached rendition (a change to how images are cut or encoded). */
export const PIPELINE_VERSION = 1;

/** The formats a rendition is written in. */
export type ImageFormat = 'jpeg' | 'webp' | 'avif';

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', webp: 'webp', avif: 'avif' };

// JPEG is the fallback every browser shows; WebP is what nearly all of them pick. Quality is tuned
// for photos on a listing page: artefacts stay invisible at 1x while a 600x400 card stays near 10-50 KB.
const JPEG_OPTIONS = { quality: 75, mozjpeg: true, progressive: true } as const;
const WEBP_OPTIONS = { quality: 72, effort: 4 } as const;
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;

/*
 * AVIF: measured on this machine (2 shared vCPUs, sharp 0.35.5 / libvips 8.18.7, one image at a time,
 * encode only, from already resized pixels). A real photo (board on a desk, 720x477 source):
 *
 *   size       JPEG q75 mozjpeg   WebP q72        AVIF q50 effort 2   effort 4 (sharp's default)
 *   600x400    26 ms / 54 KB      24 ms / 49 KB   96 ms / 30 KB       874 ms / 30 KB
 *   1200x800   71 ms / 138 KB     76 ms / 97 KB   317 ms / 70 KB      2094 ms / 65 KB
 *
 * and the demo pool's flat placeholder drawings: 600x400 JPEG 8 ms, WebP 11 ms, AVIF e2 33 ms (e3 62, e4 158);
 * 1200x800 JPEG 28 ms, WebP 35 ms, AVIF e2 105 ms (e3 179, e4 477), with AVIF hardly smaller than WebP.
 *
 * So AVIF at effort 2 takes 1.7x-2.2x as long as the JPEG+WebP pair together and saves 30-40% on a
 * photo against WebP; effort 4 saves little more for 7-9x the time of effort 2. Cards are where the bytes add up (12-24 per search,
 * home and listing page, the pages shoppers land on), and one card per vehicle adds ~3% to the cost of
 * the vehicle's whole photo set (20 gallery photos and thumbnails take 1.3-3 s). Whole pipeline, cold,
 * bayside-mg demo pool: 19.0 CPU-s without AVIF, 20.5 CPU-s with card AVIF (+8%). AVIF for the gallery
 * would roughly triple the cost of every new vehicle's photos (a webhook's latency, a cold build's
 * minutes) for one large image per view. Default: AVIF for cards only, at effort 2.
 */
/** Sizes that get an AVIF rendition unless `avif` says otherwise. */
export const DEFAULT_AVIF_SIZES: readonly ImageSize[] = ['card'];

/** Download timeout for an http(s) source, headers and body together. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 30_000;
/** Largest image download accepted: a dealer photo is well under 5 MB; more means a broken link. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 32 * 1024 * 1024;
/**
 * How long a URL whose download failed is left alone before it is tried again: an hour after the first
 * failure, doubling with each failure after it, at most a day. Without it, a feed full of photos on a dead
 * host costs every build the timeouts again.
 */
export const DOWNLOAD_RETRY_FIRST_MS = 60 * 60_000;
export const DOWNLOAD_RETRY_MAX_MS = 24 * 60 * 60_000;

/** The reason reported for a local path that leaves the feed folder; the same whether or not such a file exists. */
export const OUTSIDE_FEED_REASON = 'refused: a local image path must stay inside the feed folder';

/** Which sizes a source image is needed at. `source` is the path or URL exactly as the feed gives it. */
export interface ImageJob {
  source: string;
  sizes: ImageSize[];
}

export interface ImagePipelineResult {
  /** Renditions by source, for the renderer (`pictureFor`). Skipped sources are absent. */
  index: ImageIndex;
  /** Site-relative output paths the site needs, sorted, e.g. `images/ab12cd34ef56ab78-card.webp`. */
  files: string[];
  /** Files encoded by sharp in this run (`done`) and files found in the cache (`reused`). */
  transforms: { done: number; reused: number };
  /** Sources that could not be used (missing, unreadable, not an image, failed download), with why. */
  skipped: Array<{ source: string; reason: string }>;
  seconds: number;
}

export interface ProcessImagesOptions {
  /** Folder that relative source paths resolve against (a file feed's `FEED_ROOT`). */
  feedRoot: string;
  /** The content-addressed cache, shared by every site and build. */
  cacheDir: string;
  /** The site's output folder; files go to `outDir/images/`. */
  outDir: string;
  /** Transforms in flight at once. @default the number of CPUs */
  concurrency?: number;
  /**
   * AVIF renditions: `true` for every size, `false` for none, or the sizes that get one.
   * @default ['card'] (see the measurements above DEFAULT_AVIF_SIZES)
   */
  avif?: boolean | readonly ImageSize[];
  /** Used to download http(s) sources. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default 30 s */
  downloadTimeoutMs?: number;
  /** @default 32 MB */
  maxDownloadBytes?: number;
  /** Called as renditions (one source at one size) finish, reused, transformed or skipped. */
  onProgress?: (done: number, total: number) => void;
  /** The clock that decides when a failed download is tried again. @default the system clock */
  now?: () => Date;
}

const SIZE_ORDER = Object.keys(IMAGE_SIZES) as ImageSize[];

/**
 * Which images a site's data needs at which sizes, one job per source (sizes merged, in the order of
 * IMAGE_SIZES; sources in first-seen order, so the list is stable for the same data):
 * - a vehicle's card image (`primary_image_url`, else its first photo, as the card shows it) at `card`;
 * - every gallery photo at `gallery` and `thumb`. Thumbnails are cut from the full photo (`image`), so
 *   look them up by `image`; the feed's own `thumb` files are not used;
 * - spin frames and the interior spin image at `spin`;
 * - a location's photo at `card`;
 * - the electric microsite's colour and interior images (content `ev-models.yaml`) at `card` and `gallery`.
 * Video slides (`isVideo`) are skipped. A site served through an image CDN (`site.images.cdn`) needs no
 * files: pass its config and the list is empty.
 */
export function imageJobs(
  data: { vehicles: readonly NormalisedVehicle[]; locations: readonly Location[]; content?: { ev?: EvContent | null } },
  site?: Pick<SiteConfig, 'images'>,
): ImageJob[] {
  if (site?.images.cdn) return [];
  const wanted = new Map<string, Set<ImageSize>>();
  const need = (source: string | null | undefined, ...sizes: ImageSize[]): void => {
    const key = source?.trim();
    if (!key) return;
    let set = wanted.get(key);
    if (!set) wanted.set(key, (set = new Set()));
    for (const size of sizes) set.add(size);
  };
  for (const vehicle of data.vehicles) {
    const photos = (vehicle.images ?? []).filter((slide) => !slide.isVideo);
    need(vehicle.primary_image_url ?? photos[0]?.image, 'card');
    for (const photo of photos) need(photo.image, 'gallery', 'thumb');
    for (const frame of vehicle.spin_images ?? []) need(frame, 'spin');
    need(vehicle.spin_interior_image, 'spin');
  }
  for (const location of data.locations) need(location.image?.image?.url, 'card');
  // The electric microsite: each colour's car at both sizes (the compare page and the hero), each cabin as a slide.
  for (const colour of data.content?.ev?.colours ?? []) need(colour.image_url, 'card', 'gallery');
  for (const trim of data.content?.ev?.interiors ?? []) need(trim.image_url, 'card', 'gallery');
  return [...wanted].map(([source, sizes]) => ({ source, sizes: SIZE_ORDER.filter((size) => sizes.has(size)) }));
}

/** A rendition and the cached files behind it. */
interface Produced {
  rendition: ImageRendition;
  outputs: Array<{ name: string; cached: string }>;
}

/** A source that cannot be used; the message is the reason reported. */
class SkipSource extends Error {}

/** A failed download, remembered beside the cache's downloads as `<sha256(url)>.failed`. */
interface DownloadFailure {
  failures: number;
  lastError: string;
  /** ISO time before which the URL is not tried again. */
  retryAt: string;
}

/** Errors that mean the host itself cannot be reached, so its other URLs in the same run would fail alike. */
const HOST_DOWN = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|timed out/;

// (absolute path, mtime, size) -> sha256 of the bytes: a second run in one process does not re-read them.
const hashMemo = new Map<string, { mtimeMs: number; size: number; hash: string }>();

/**
 * Processes the jobs through the content-addressed cache in `cacheDir` and links the results into
 * `outDir/images`. Sources are paths inside `feedRoot` (relative to it, or absolute), or http(s) URLs
 * (downloaded once into `cacheDir/downloads`, keyed by the URL; a failed download is not tried again for a
 * while, see DOWNLOAD_RETRY_FIRST_MS). A source that cannot be read, downloaded or decoded, or a path
 * outside `feedRoot`, is reported in `skipped`; the others go on.
 */
export async function processImages(jobs: readonly ImageJob[], options: ProcessImagesOptions): Promise<ImagePipelineResult> {
  const started = performance.now();
  const cacheDir = path.resolve(options.cacheDir);
  const imagesDir = path.join(path.resolve(options.outDir), 'images');
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? availableParallelism()));
  const avifSizes = new Set<ImageSize>(options.avif === true ? SIZE_ORDER : options.avif === false ? [] : (options.avif ?? DEFAULT_AVIF_SIZES));
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const maxDownloadBytes = options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;

  // One libvips thread per image, and as many images in flight as there are CPUs: images in parallel
  // keep the cores busier than threads inside one small image, and memory stays bounded.
  sharp.concurrency(1);

  // Merge duplicate sources (callers may concatenate job lists).
  const merged = new Map<string, Set<ImageSize>>();
  for (const job of jobs) {
    let set = merged.get(job.source);
    if (!set) merged.set(job.source, (set = new Set()));
    for (const size of job.sizes) set.add(size);
  }
  const work = [...merged].map(([source, sizes]) => ({ source, sizes: SIZE_ORDER.filter((size) => sizes.has(size)) }));
  const total = work.reduce((sum, job) => sum + job.sizes.length, 0);

  const index: ImageIndex = {};
  const files = new Set<string>();
  const skipped: ImagePipelineResult['skipped'] = [];
  const transforms = { done: 0, reused: 0 };
  let progress = 0;
  const advance = (n: number): void => {
    progress += n;
    options.onProgress?.(progress, total);
  };
  options.onProgress?.(0, total);
  if (total === 0) return { index, files: [], transforms, skipped, seconds: (performance.now() - started) / 1000 };

  const transformSlots = semaphore(concurrency);
  const madeDirs = new Set<string>();
  const ensureDir = async (dir: string): Promise<void> => {
    if (madeDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  };
  await ensureDir(imagesDir);
  // Renditions being produced in this run, by meta key: two sources with the same bytes share the work.
  const inFlight = new Map<string, Promise<Produced>>();
  const downloads = new Map<string, Promise<string>>();
  const linked = new Map<string, Promise<void>>();
  const now = options.now ?? (() => new Date());
  // Hosts found unreachable in this run, with why: their other URLs are not tried again until the next run.
  const downHosts = new Map<string, string>();
  let feedRootReal: Promise<string> | undefined;

  const linkOut = (cached: string, name: string): Promise<void> => {
    let pending = linked.get(name);
    if (!pending) {
      pending = linkInto(cached, path.join(imagesDir, name));
      linked.set(name, pending);
    }
    files.add(`images/${name}`);
    return pending;
  };

  async function localFileOf(source: string): Promise<{ file: string; downloaded: boolean }> {
    const url = /^https?:\/\//i.test(source) ? source : source.startsWith('//') ? `https:${source}` : null;
    if (!url) return { file: await confined(source), downloaded: false };
    let pending = downloads.get(url);
    if (!pending) {
      pending = rememberedDownload(url);
      downloads.set(url, pending);
    }
    return { file: await pending, downloaded: true };
  }

  /**
   * A feed's local path, only inside the feed folder: a path that leaves it (absolute elsewhere, or through
   * `..`) and other URL schemes are refused before the file system is asked anything, so the reason never
   * says whether a file exists elsewhere; a path that resolves out of the folder through a symbolic link is
   * refused the same way.
   */
  async function confined(source: string): Promise<string> {
    const root = path.resolve(options.feedRoot);
    const file = path.resolve(root, source);
    const inside = (dir: string, target: string) => target.startsWith(dir + path.sep);
    if (source.includes('\0') || /^[a-z][a-z0-9+.-]*:/i.test(source) || !inside(root, file)) throw new SkipSource(OUTSIDE_FEED_REASON);
    feedRootReal ??= realpath(root).catch(() => root);
    const real = await realpath(file).catch(() => null);
    if (real === null) throw new SkipSource(`file not found in the feed folder: ${source}`);
    if (!inside(await feedRootReal, real)) throw new SkipSource(OUTSIDE_FEED_REASON);
    return real;
  }

  /** Downloads a URL unless it failed lately (see DOWNLOAD_RETRY_FIRST_MS) or its host is down in this run. */
  async function rememberedDownload(url: string): Promise<string> {
    const dir = path.join(cacheDir, 'downloads');
    // A download made before is used as it is: the common case of a warm build reads no failure record.
    const downloaded = path.join(dir, sha256(url));
    if (await exists(downloaded)) return downloaded;
    const failureFile = `${downloaded}.failed`;
    const previous = await readFailure(failureFile);
    if (previous && Date.parse(previous.retryAt) > now().getTime()) {
      throw new SkipSource(`download failed ${previous.failures} time(s), not tried again until ${previous.retryAt}: ${previous.lastError}`);
    }
    const host = new URL(url).host;
    const down = downHosts.get(host);
    if (down) throw new SkipSource(`download failed: ${host} is unreachable in this build (${down})`);
    try {
      const file = await download(url, dir, { fetch: fetchImpl, timeoutMs: downloadTimeoutMs, maxBytes: maxDownloadBytes }, ensureDir);
      if (previous) await unlink(failureFile).catch(() => undefined);
      return file;
    } catch (error) {
      if (!(error instanceof SkipSource)) throw error;
      const reason = error.message.replace(/^download failed: /, '');
      if (HOST_DOWN.test(reason)) downHosts.set(host, reason);
      const failures = (previous?.failures ?? 0) + 1;
      const wait = Math.min(DOWNLOAD_RETRY_MAX_MS, DOWNLOAD_RETRY_FIRST_MS * 2 ** (failures - 1));
      const failure: DownloadFailure = { failures, lastError: reason, retryAt: new Date(now().getTime() + wait).toISOString() };
      await ensureDir(dir);
      await writeAtomic(failureFile, JSON.stringify(failure));
      throw error;
    }
  }

  async function renditionOf(sourceHash: string, size: ImageSize, bytes: () => Promise<Buffer>): Promise<Produced> {
    const { width, height } = IMAGE_SIZES[size];
    const geometry = { v: PIPELINE_VERSION, vips: sharp.versions.vips, size, width, height, fit: 'cover', position: 'centre', enlarge: false };
    const formats: ImageFormat[] = avifSizes.has(size) ? ['jpeg', 'webp', 'avif'] : ['jpeg', 'webp'];
    const metaKey = sha256(`${sourceHash}\n${JSON.stringify(geometry)}`);
    const pending = inFlight.get(`${metaKey}:${formats.join(',')}`);
    if (pending) return pending;
    const produce = (async (): Promise<Produced> => {
      const outputs = formats.map((format) => {
        const key = sha256(`${sourceHash}\n${JSON.stringify({ ...geometry, format, options: encoderOptions(format) })}`);
        const name = `${key.slice(0, 16)}-${size}.${EXTENSIONS[format]}`;
        return { format, name, cached: path.join(cacheDir, key.slice(0, 2), name) };
      });
      const metaFile = path.join(cacheDir, metaKey.slice(0, 2), `${metaKey.slice(0, 16)}-${size}.json`);
      const present = await Promise.all(outputs.map((o) => exists(o.cached)));
      let dims = await readDims(metaFile);
      const missing = outputs.filter((_, i) => !present[i]);
      if (missing.length > 0) {
        dims = await transformSlots(async () => {
          const source = await bytes();
          const pixels = await resizedPixels(source, width, height).catch(async () => {
            throw new SkipSource(`not a usable image: ${await unusableReason(source, width, height)}`);
          });
          for (const output of missing) {
            const encoded = await encode(sharp(pixels.data, { raw: pixels.info }), output.format).toBuffer();
            await ensureDir(path.dirname(output.cached));
            await writeAtomic(output.cached, encoded);
          }
          return { width: pixels.info.width, height: pixels.info.height };
        });
        transforms.done += missing.length;
        await ensureDir(path.dirname(metaFile));
        await writeAtomic(metaFile, JSON.stringify(dims));
      } else if (!dims) {
        // The files are cached but their sidecar is gone: read the size from a file's header (no transform).
        const meta = await sharp(outputs[0]!.cached).metadata();
        dims = { width: meta.width, height: meta.height };
        await ensureDir(path.dirname(metaFile));
        await writeAtomic(metaFile, JSON.stringify(dims));
      }
      transforms.reused += outputs.length - missing.length;
      const url = (format: ImageFormat): string | undefined => {
        const output = outputs.find((o) => o.format === format);
        return output ? `/images/${output.name}` : undefined;
      };
      const avif = url('avif');
      const rendition = { width: dims.width, height: dims.height, jpeg: url('jpeg')!, webp: url('webp')!, ...(avif ? { avif } : {}) };
      return { rendition, outputs };
    })();
    inFlight.set(`${metaKey}:${formats.join(',')}`, produce);
    return produce;
  }

  async function processSource(job: ImageJob): Promise<void> {
    let finished = 0;
    try {
      const { file, downloaded } = await localFileOf(job.source);
      let bytesRead: Promise<Buffer> | undefined;
      const bytes = (): Promise<Buffer> => (bytesRead ??= readSource(file));
      const hash = await hashOf(file, bytes);
      const produced: Partial<Record<ImageSize, Produced>> = {};
      // Every size settles before the source is judged, so progress counts each rendition exactly once.
      const results = await Promise.allSettled(
        job.sizes.map(async (size) => {
          produced[size] = await renditionOf(hash, size, bytes);
          finished++;
          advance(1);
        }),
      );
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) {
        // A download that is not a usable image is dropped from the cache, so the next run asks again.
        if (downloaded && failure.reason instanceof SkipSource) await unlink(file).catch(() => undefined);
        throw failure.reason;
      }
      // Only a source usable at every size it is needed at reaches the site.
      const sizes = job.sizes.map((size) => [size, produced[size]!] as const);
      await Promise.all(sizes.flatMap(([, p]) => p.outputs.map((o) => linkOut(o.cached, o.name))));
      index[job.source] = Object.fromEntries(sizes.map(([size, p]) => [size, p.rendition]));
    } catch (error) {
      // A bad source is the feed's problem and is reported; anything else (the cache or output folder
      // unwritable, the disk full) would break every image, so it stops the run.
      if (!(error instanceof SkipSource)) throw error;
      skipped.push({ source: job.source, reason: error.message });
      advance(job.sizes.length - finished);
    }
  }

  // Sources are worked through by a bounded set of workers: reading, hashing, downloading and linking are
  // I/O, so more sources than CPUs are in flight; the transforms themselves wait for a slot.
  let next = 0;
  let fatal: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!fatal && next < work.length) {
      try {
        await processSource(work[next++]!);
      } catch (error) {
        fatal ??= { error };
      }
    }
  };
  // Every worker stops before the error is thrown, so no transform runs on after the call has failed.
  await Promise.all(Array.from({ length: Math.min(work.length, Math.max(8, concurrency * 4)) }, worker));
  if (fatal) throw fatal.error;

  skipped.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
  return { index, files: [...files].sort(), transforms, skipped, seconds: (performance.now() - started) / 1000 };
}

function encoderOptions(format: ImageFormat): object {
  return format === 'jpeg' ? JPEG_OPTIONS : format === 'webp' ? WEBP_OPTIONS : AVIF_OPTIONS;
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  return format === 'jpeg' ? image.jpeg(JPEG_OPTIONS) : format === 'webp' ? image.webp(WEBP_OPTIONS) : image.avif(AVIF_OPTIONS);
}

/**
 * Why a source that failed to decode cannot be used, decided from its bytes alone, never from the
 * decoder's message. libvips keeps one error buffer for the whole process and sharp empties it at
 * the end of every job, so while other images are being processed a failed decode reports
 * 'Unknown error', or another image's message ('vipspng: libpng read error' for a JPEG): which one
 * depends on timing. Whether a decode fails does not, so the reason comes from decode outcomes:
 * - no readable header: an unsupported format (sharp's own fixed message), or a damaged header;
 * - a header, but more pixels than sharp accepts: too large;
 * - the same cut succeeds once truncation is tolerated (`failOn: 'none'`): truncated, which
 *   `resizedPixels` refuses because the missing part would show as a grey band;
 * - does not decode even then: damaged or incomplete image data.
 */
export async function unusableReason(bytes: Buffer, width: number, height: number): Promise<string> {
  const tolerant = { failOn: 'none' } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, tolerant).metadata();
  } catch (error) {
    return /^Input (buffer|file) contains unsupported image format/.test((error as Error).message)
      ? 'unsupported image format (its bytes are not a JPEG, PNG, WebP, AVIF, GIF or TIFF image, whatever its name says)'
      : 'its header is damaged or cut off, so it cannot be read; export or upload the photo again';
  }
  const format = FORMAT_NAMES[meta.format] ?? meta.format.toUpperCase();
  if (meta.width * meta.height > SHARP_PIXEL_LIMIT) {
    return `the ${format} image is too large (${meta.width}x${meta.height} pixels; at most ${Math.round(SHARP_PIXEL_LIMIT / 1e6)} megapixels are read)`;
  }
  const decodes = await resizedPixels(bytes, width, height, 'none').then(
    () => true,
    () => false,
  );
  return decodes
    ? `the ${format} file is truncated: its image data ends early, so part of the picture is missing; export or upload the photo again`
    : `the ${format} image data is damaged or incomplete and cannot be decoded; export or upload the photo again`;
}

const FORMAT_NAMES: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', tiff: 'TIFF', heif: 'AVIF/HEIF', svg: 'SVG' };
/** sharp's default `limitInputPixels` (0x3FFF squared), which the pipeline does not change. */
const SHARP_PIXEL_LIMIT = 0x3fff * 0x3fff;

/**
 * The source cut to the size: decoded once, upright (EXIF orientation applied), flattened onto white,
 * sRGB, cover-cropped around the centre, as raw pixels that each format is encoded from. A source smaller
 * than the size is never enlarged: it is cropped to the size's aspect ratio at its own resolution.
 * No metadata survives (sharp strips it unless asked to keep it).
 */
async function resizedPixels(
  bytes: Buffer,
  width: number,
  height: number,
  failOn: 'truncated' | 'none' = 'truncated',
): Promise<{ data: Buffer; info: OutputInfo }> {
  // 'truncated': a cut-off file fails (it would show a grey band); harmless warnings browsers ignore do not.
  const input = { failOn };
  const meta = await sharp(bytes, input).metadata();
  const source = meta.autoOrient ?? { width: meta.width, height: meta.height };
  let target = { width, height };
  if (source.width < width || source.height < height) {
    const scale = Math.min(source.width / width, source.height / height);
    target = { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  }
  return sharp(bytes, input)
    .autoOrient()
    .resize({ ...target, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function readFailure(file: string): Promise<DownloadFailure | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DownloadFailure;
  } catch {
    return null;
  }
}

async function readSource(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SkipSource(code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(error as Error).message}`);
  }
}

async function hashOf(file: string, bytes: () => Promise<Buffer>): Promise<string> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SkipSource(code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(error as Error).message}`);
  }
  if (!info.isFile()) throw new SkipSource(`not a file: ${file}`);
  const known = hashMemo.get(file);
  if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.hash;
  const hash = sha256(await bytes());
  // Bounded, for a long-lived process (the ops server) that sees many feeds.
  if (hashMemo.size >= 100_000) hashMemo.clear();
  hashMemo.set(file, { mtimeMs: info.mtimeMs, size: info.size, hash });
  return hash;
}

/** Downloads `url` into `dir` (named by a hash of the URL) unless it is there already; returns the file. */
async function download(
  url: string,
  dir: string,
  options: { fetch: typeof fetch; timeoutMs: number; maxBytes: number },
  ensureDir: (dir: string) => Promise<void>,
): Promise<string> {
  const file = path.join(dir, sha256(url));
  if (await exists(file)) return file;
  let response: Response;
  try {
    response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
  } catch (error) {
    throw new SkipSource(`download failed: ${downloadError(error, options.timeoutMs)}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new SkipSource(`download failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (!response.body) throw new Error('empty response');
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > options.maxBytes) {
        await reader.cancel();
        throw new Error(`larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
      }
      chunks.push(value);
    }
  } catch (error) {
    throw new SkipSource(`download failed: ${downloadError(error, options.timeoutMs)}`);
  }
  if (received === 0) throw new SkipSource('download failed: empty response');
  await ensureDir(dir);
  await writeAtomic(file, Buffer.concat(chunks));
  return file;
}

function downloadError(error: unknown, timeoutMs: number): string {
  const e = error as Error;
  if (e?.name === 'TimeoutError') return `timed out after ${timeoutMs / 1000} s`;
  const cause = (e?.cause as Error | undefined)?.message;
  return cause ? `${e.message} (${cause})` : String(e?.message ?? error);
}

/** Hard-links a cached file to `target` (copies when linking is impossible, e.g. across devices). */
async function linkInto(cached: string, target: string): Promise<void> {
  try {
    await link(cached, target);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      const [a, b] = await Promise.all([stat(cached), stat(target)]);
      if (a.ino === b.ino && a.dev === b.dev) return;
    } else if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') {
      throw error;
    }
  }
  // Replace through a temporary name, so a reader of the output never sees a missing or partial file.
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await link(cached, temporary);
  } catch {
    await copyFile(cached, temporary);
  }
  await rename(temporary, target);
}

async function writeAtomic(file: string, data: string | Buffer): Promise<void> {
  // A unique temporary name: worker threads share a pid, and other builds may share the cache.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

async function readDims(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { width?: unknown; height?: unknown };
    return typeof value.width === 'number' && typeof value.height === 'number' ? { width: value.width, height: value.height } : null;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Runs at most `limit` tasks at once. */
function semaphore(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else active--;
    }
  };
}
