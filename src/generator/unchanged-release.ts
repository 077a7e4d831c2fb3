/**
 * Whether a build came out as the live release, file for file, so that nothing need be published.
 *
 * A build whose every page is carried over from the live release (the nightly job on a night the pull
 * brings nothing new) still makes its images, search files, feeds, sitemap and other host files in a new
 * release, but leaves out its pages: linking tens of thousands of them, each in a folder of its own, is
 * most of such a build. If those files are the live release's, and each folder of the live release holds
 * just them and the pages, the live release is what the build made, and it stays live.
 */
import { readdirSync } from 'node:fs';
import { lstat, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Route } from '../data/route-manifest.ts';
import { WritesInFlight } from '../lib/writes-in-flight.ts';
import { outputFile } from './output-paths.ts';

/** What the folders of a live release hold where a build's pages go. */
export interface LivePages {
  /** The names (files and folders) the pages put in each folder, by folder relative to the release. */
  entries: Map<string, Set<string>>;
  /** What each of those folders holds in the live release. */
  held: Map<string, string[]>;
}

/**
 * What the live release holds in every folder the pages of `routes` go in, or null when a page is not
 * there (a page removed by hand is rendered by the build instead). The folders are read synchronously, a
 * batch at a time: tens of thousands of small reads cost a quarter as much that way as handed to the
 * thread pool one by one, and the event loop still runs between batches.
 */
export async function livePages(routes: readonly Route[], live: string): Promise<LivePages | null> {
  const entries = new Map<string, Set<string>>();
  for (const route of routes) {
    const parts = path.relative(live, outputFile(live, route.path, route.kind)).split(path.sep);
    for (let depth = 0; depth < parts.length; depth++) namesIn(entries, parts.slice(0, depth).join(path.sep)).add(parts[depth]!);
  }
  const held = new Map<string, string[]>();
  let read = 0;
  for (const [folder, names] of entries) {
    if (++read % READ_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    let listed: string[];
    try {
      listed = readdirSync(path.join(live, folder));
    } catch {
      return null;
    }
    held.set(folder, listed);
    const found = new Set(listed);
    for (const name of names) if (!found.has(name)) return null;
  }
  return { entries, held };
}

/** Folders read between two turns of the event loop. */
const READ_BATCH = 2000;

/**
 * Whether `releaseDir`, a new release holding everything but its pages, with the pages of `pages` makes
 * the live release `live` exactly: each file of the new release is the live one (the same file, or the
 * same bytes), and each folder of either holds in `live` just the new release's entries and the pages'.
 * The pages themselves are the live ones: their fingerprints say so.
 */
export async function sameAsLive(releaseDir: string, live: string, pages: LivePages): Promise<boolean> {
  const expected = new Map([...pages.entries].map(([folder, names]) => [folder, new Set(names)]));
  const files: string[] = [];
  for (const item of await readdir(releaseDir, { recursive: true, withFileTypes: true })) {
    const folder = path.relative(releaseDir, item.parentPath);
    namesIn(expected, folder).add(item.name);
    if (item.isDirectory()) namesIn(expected, path.join(folder, item.name));
    else files.push(path.join(folder, item.name));
  }
  const sameEntries = await everyOf(expected, async ([folder, names]) => {
    const held = pages.held.get(folder) ?? (await readdir(path.join(live, folder)).catch(() => null));
    return held !== null && held.length === names.size && held.every((name) => names.has(name));
  });
  return sameEntries && everyOf(files, (file) => sameFile(path.join(releaseDir, file), path.join(live, file)));
}

function namesIn(entries: Map<string, Set<string>>, folder: string): Set<string> {
  let names = entries.get(folder);
  if (!names) entries.set(folder, (names = new Set()));
  return names;
}

/** Whether two paths name the same file, or files of the same bytes. */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [one, other] = await Promise.all([lstat(a), lstat(b).catch(() => null)]);
  if (!other || !one.isFile() || !other.isFile()) return false;
  if (one.dev === other.dev && one.ino === other.ino) return true;
  if (one.size !== other.size) return false;
  const [x, y] = await Promise.all([readFile(a), readFile(b)]);
  return x.equals(y);
}

/** Whether `check` holds for every item, asked of up to 64 at once; stops asking at the first that fails. */
async function everyOf<T>(items: Iterable<T>, check: (item: T) => Promise<boolean>): Promise<boolean> {
  const checks = new WritesInFlight(64);
  let failed = false;
  for (const item of items) {
    if (failed) break;
    await checks.add(check(item).then((holds) => void (failed ||= !holds)));
  }
  await checks.settled();
  return !failed;
}
