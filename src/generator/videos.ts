import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, readdir, realpath, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ImageIndex } from '../views/images.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { OUTSIDE_FEED_REASON } from './images.ts';

/*
 * Videos in the feed folder (a vehicle's `video_url` given as a path, as the demo feed does) are served by
 * the site like its photos: linked into `videos/` under a name made from their content, so they can be
 * cached for a year, and recorded in the image index under their source (`images[source].video`), which the
 * gallery reads. A video at an http(s) address stays where it is (the page links to it).
 */

/** The container types a page can play inline, by extension. */
const PLAYABLE: Record<string, string> = { '.webm': 'video/webm', '.mp4': 'video/mp4' };

/** Largest video published from the feed: a walk-round clip is well under this. */
export const MAX_VIDEO_BYTES = 64 * 1024 * 1024;

/** The MIME type of a published video, from its extension; null when it is not one the page plays. */
export function videoType(file: string): string | null {
  return PLAYABLE[path.extname(file).toLowerCase()] ?? null;
}

/** Feed-folder videos of the vehicles (http(s) addresses and other schemes left out), in first-seen order. */
export function videoSources(vehicles: readonly Pick<NormalisedVehicle, 'video_url'>[]): string[] {
  const seen = new Set<string>();
  for (const vehicle of vehicles) {
    const source = vehicle.video_url?.trim();
    if (source && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(source)) seen.add(source);
  }
  return [...seen];
}

export interface VideoPublishResult {
  /** Site-relative URL of each published video, by source. */
  index: Record<string, string>;
  skipped: Array<{ source: string; reason: string }>;
}

/**
 * Links each feed video into `outDir/videos/<content hash>.<ext>` (copies where a link cannot be made).
 * A path that leaves the feed folder, a missing file, an unplayable type or an oversized file is reported
 * in `skipped`, and its slide keeps the poster only.
 */
export async function publishVideos(sources: readonly string[], options: { feedRoot: string; outDir: string }): Promise<VideoPublishResult> {
  const root = path.resolve(options.feedRoot);
  const rootReal = await realpath(root).catch(() => root);
  const dir = path.join(path.resolve(options.outDir), 'videos');
  const inside = (parent: string, target: string) => target.startsWith(parent + path.sep);
  const result: VideoPublishResult = { index: {}, skipped: [] };
  for (const source of sources) {
    const file = path.resolve(root, source);
    if (source.includes('\0') || !inside(root, file)) {
      result.skipped.push({ source, reason: OUTSIDE_FEED_REASON });
      continue;
    }
    const type = videoType(file);
    if (!type) {
      result.skipped.push({ source, reason: `not a video the page can play (${Object.keys(PLAYABLE).join(', ')})` });
      continue;
    }
    const real = await realpath(file).catch(() => null);
    if (real === null) {
      result.skipped.push({ source, reason: `file not found in the feed folder: ${source}` });
      continue;
    }
    if (!inside(rootReal, real)) {
      result.skipped.push({ source, reason: OUTSIDE_FEED_REASON });
      continue;
    }
    if ((await stat(real)).size > MAX_VIDEO_BYTES) {
      result.skipped.push({ source, reason: `larger than ${MAX_VIDEO_BYTES / 1024 / 1024} MB` });
      continue;
    }
    const name = `${createHash('sha256').update(await readFile(real)).digest('hex').slice(0, 16)}${path.extname(file).toLowerCase()}`;
    const target = path.join(dir, name);
    await mkdir(dir, { recursive: true });
    const present = await stat(target).then(() => true, () => false);
    if (!present) await link(real, target).catch(() => copyFile(real, target));
    result.index[source] = `/videos/${name}`;
  }
  return result;
}

/** Records published videos in the image index (`images[source].video`). */
export function withVideos(images: ImageIndex, videos: Record<string, string>): ImageIndex {
  const merged: ImageIndex = { ...images };
  for (const [source, url] of Object.entries(videos)) merged[source] = { ...merged[source], video: url };
  return merged;
}

/** Video files no vehicle of the site uses any more are removed, as a full build would not link them. */
export async function removeUnusedVideos(releaseDir: string, vehicles: readonly Pick<NormalisedVehicle, 'video_url'>[], images: ImageIndex): Promise<void> {
  const used = new Set(videoSources(vehicles).map((source) => images[source]?.video).filter((url): url is string => Boolean(url)).map((url) => path.basename(url)));
  const dir = path.join(releaseDir, 'videos');
  for (const file of await readdir(dir).catch(() => [] as string[])) if (!used.has(file)) await unlink(path.join(dir, file)).catch(() => {});
}
