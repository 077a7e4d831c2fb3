import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/** Root of published sites: out/<slug> is what a static host serves. */
export const OUT = 'out';
const RELEASES = '.releases';
/** Releases kept per site besides the live one, for a quick rollback. */
const KEEP_PREVIOUS = 1;

/** A new, empty release folder for a site, to render into. */
export async function createRelease(slug: string, root = process.cwd()): Promise<string> {
  const stamp = `${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
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
}

/** The release folder currently live for a site, or null. */
export async function liveRelease(slug: string, root = process.cwd()): Promise<string | null> {
  const live = path.resolve(root, OUT, slug);
  if (!existsSync(live)) return null;
  return path.resolve(path.dirname(live), await readlink(live));
}

async function pruneReleases(slug: string, current: string, root: string): Promise<void> {
  const dir = path.resolve(root, OUT, RELEASES, slug);
  const releases = (await readdir(dir)).sort();
  const older = releases.filter((r) => path.join(dir, r) !== current);
  for (const old of older.slice(0, Math.max(0, older.length - KEEP_PREVIOUS))) {
    await rm(path.join(dir, old), { recursive: true, force: true });
  }
}
