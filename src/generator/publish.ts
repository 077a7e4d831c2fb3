import { spawn } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TEMPORARY_SIBLING } from '../data/feed-files.ts';

/** Root of published sites: out/<slug> is what a static host serves. */
export const OUT = 'out';
const RELEASES = '.releases';
/** Releases kept per site besides the live one, for a quick rollback. */
const KEEP_PREVIOUS = 1;
/**
 * Beside each release that finished, `<release>.complete` says so. It sits next to the folder rather than in
 * it, so a static host never serves it. A release without one was cut short (the build failed or its process
 * died) and never becomes live or a rollback target.
 */
const COMPLETE = '.complete';
/** Where removed releases wait for their files to be deleted (out/.trash), outside anything served. */
const TRASH = '.trash';
/**
 * Release folders are named `<UTC stamp to the millisecond>-<pid of the building process>-<random>`, so
 * they sort in the order they were made even when builds carrying pages over follow each other within a
 * second. Names from before the milliseconds were added are still read.
 */
const RELEASE_NAME = /^\d{8}-\d{6}(?:\d{3})?-(\d+)-[a-z0-9]+$/;

/** Marks a release as finished. */
async function markComplete(releaseDir: string): Promise<void> {
  await writeFile(`${releaseDir}${COMPLETE}`, `${new Date().toISOString()}\n`);
}

/** A new, empty release folder for a site, to render into. */
export async function createRelease(slug: string, root = process.cwd()): Promise<string> {
  const stamp = `${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18)}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
  const dir = path.resolve(root, OUT, RELEASES, slug, stamp);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Makes a finished release live: out/<slug> is a symlink, replaced by renaming
 * a new symlink over it, so readers see either the old site or the new one,
 * never a mix. Older releases beyond the previous one are removed.
 */
export async function publishRelease(slug: string, releaseDir: string, root = process.cwd()): Promise<void> {
  // Marked finished before it goes live: a crash after this leaves a complete release, one before it none.
  await markComplete(releaseDir);
  // The release live until now finished too, even if it went live before releases were marked.
  const previous = await liveRelease(slug, root).catch(() => null);
  if (previous && existsSync(previous) && !existsSync(`${previous}${COMPLETE}`)) await markComplete(previous);
  const live = path.resolve(root, OUT, slug);
  const target = path.relative(path.dirname(live), releaseDir);
  if (existsSync(live) && !lstatSync(live).isSymbolicLink()) {
    // An output folder from an older layout: move it aside so the symlink can take its place.
    await rename(live, `${live}.old-${process.pid}`);
    await rm(`${live}.old-${process.pid}`, { recursive: true, force: true });
  }
  const next = `${live}.next-${process.pid}`;
  await rm(next, { force: true });
  await symlink(target, next, 'dir');
  await rename(next, live);
  await pruneReleases(slug, releaseDir, root);
}

/** Removes a release that will not be published (a failed build). */
export async function discardRelease(releaseDir: string): Promise<void> {
  await rm(releaseDir, { recursive: true, force: true });
  await rm(`${releaseDir}${COMPLETE}`, { force: true });
}

/**
 * Removes a release that will not be published because the live one is the same: out of the releases
 * folder at once, its files deleted in the background.
 */
export async function dropRelease(releaseDir: string): Promise<void> {
  await removeRelease({ name: path.basename(releaseDir), dir: releaseDir, complete: false, building: false });
}

/** The release folder currently live for a site, or null. */
export async function liveRelease(slug: string, root = process.cwd()): Promise<string | null> {
  const live = path.resolve(root, OUT, slug);
  if (!existsSync(live)) return null;
  return path.resolve(path.dirname(live), await readlink(live));
}

/** Whether the process that made a release or a temporary file may still be writing it. */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface ReleaseEntry {
  name: string;
  dir: string;
  complete: boolean;
  /** Whether the process that built it is still running (a build in progress). */
  building: boolean;
}

/**
 * Where an update holds the files it replaced in a live release until its new files are all in place
 * (`ReplacedFiles`): in out/.trash, beside the releases, which start-up clears.
 */
export function replacedFilesDir(releaseDir: string): string {
  return path.resolve(releaseDir, '..', '..', '..', TRASH, 'replaced');
}

async function releasesOf(slug: string, root: string): Promise<ReleaseEntry[]> {
  const dir = path.resolve(root, OUT, RELEASES, slug);
  const names = await readdir(dir).catch(() => [] as string[]);
  const markers = new Set(names.filter((n) => n.endsWith(COMPLETE)).map((n) => n.slice(0, -COMPLETE.length)));
  return names
    .filter((n) => !n.endsWith(COMPLETE))
    .sort()
    .map((name) => {
      const pid = RELEASE_NAME.exec(name)?.[1];
      return { name, dir: path.join(dir, name), complete: markers.has(name), building: !markers.has(name) && pid !== undefined && processAlive(Number(pid)) };
    });
}

/**
 * Takes a release out of the releases folder at once, by renaming it into out/.trash, and deletes its
 * files in a detached process: tens of thousands of pages take seconds to unlink, which no build or
 * update should wait for. Whatever a killed deletion leaves is removed at the next start-up
 * ({@link cleanAbandonedReleases}).
 */
async function removeRelease(release: ReleaseEntry): Promise<void> {
  const trash = path.resolve(release.dir, '..', '..', '..', TRASH);
  const doomed = path.join(trash, `${path.basename(path.dirname(release.dir))}-${release.name}-${process.pid}`);
  await mkdir(trash, { recursive: true });
  const moved = await rename(release.dir, doomed).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rm(`${release.dir}${COMPLETE}`, { force: true });
  if (moved) deleteInBackground(doomed);
}

/**
 * Deletes `dir` in a detached process at the lowest CPU priority: unlinking a release's files costs the
 * kernel seconds, which a build or update running meanwhile gets first. Where `nice` is missing, in this process.
 */
function deleteInBackground(dir: string): void {
  const inProcess = () => void rm(dir, { recursive: true, force: true }).catch(() => {});
  try {
    const child = spawn('nice', ['-n', '19', 'rm', '-rf', '--', dir], { detached: true, stdio: 'ignore' });
    child.on('error', inProcess);
    child.unref();
  } catch {
    inProcess();
  }
}

/**
 * Keeps the live release and the newest complete one before it; removes older complete releases and
 * releases cut short by a build that is no longer running. A partial release is never kept in place of a
 * complete one.
 */
async function pruneReleases(slug: string, current: string, root: string): Promise<void> {
  const releases = (await releasesOf(slug, root)).filter((r) => r.dir !== current);
  const complete = releases.filter((r) => r.complete);
  const keep = new Set(complete.slice(Math.max(0, complete.length - KEEP_PREVIOUS)).map((r) => r.name));
  for (const release of releases) if (!keep.has(release.name) && !release.building) await removeRelease(release);
}

/** What {@link cleanAbandonedReleases} removed. */
export interface ReleaseCleanup {
  /** Release folders a build left unfinished. */
  partialReleases: string[];
  /** Temporary files a killed process left in releases. */
  temporaryFiles: number;
}

/**
 * Start-up cleaning after a crash, for every site: removes releases whose build died before finishing,
 * and `*.<pid>.tmp` files left in the remaining releases by a process that is gone. A live release from
 * before completion markers existed was finished (it went live) and is marked so.
 */
export async function cleanAbandonedReleases(root = process.cwd()): Promise<ReleaseCleanup> {
  const cleanup: ReleaseCleanup = { partialReleases: [], temporaryFiles: 0 };
  // Removed releases whose deletion was cut short.
  await rm(path.resolve(root, OUT, TRASH), { recursive: true, force: true });
  const slugs = await readdir(path.resolve(root, OUT, RELEASES)).catch(() => [] as string[]);
  for (const slug of slugs) {
    const live = await liveRelease(slug, root).catch(() => null);
    for (const release of await releasesOf(slug, root)) {
      if (release.dir === live && !release.complete) await markComplete(release.dir);
      else if (!release.complete && !release.building) {
        await removeRelease(release);
        cleanup.partialReleases.push(path.relative(root, release.dir));
        continue;
      }
      for (const entry of await readdir(release.dir, { recursive: true, withFileTypes: true })) {
        const pid = entry.isFile() ? TEMPORARY_SIBLING.exec(entry.name)?.[1] : undefined;
        if (pid === undefined || processAlive(Number(pid))) continue;
        await rm(path.join(entry.parentPath, entry.name), { force: true });
        cleanup.temporaryFiles++;
      }
    }
  }
  return cleanup;
}
