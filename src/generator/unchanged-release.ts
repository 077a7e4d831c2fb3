/**
 * Whether a build came out as the live release, file for file, so that nothing need be published.
 *
 * A build whose every page is carried over from the live release (the nightly job on a night the pull
 * brings nothing new) still makes its images, search files, feeds, sitemap and other host files in a new
 * release, but leaves out its pages: linking tens of thousands of them, each in a folder of its own, is
 * most of such a build. If those files are the live release's, and each folder of the live release holds
 * just them and the pages, the live release is what the build made, and it stays live.
 */
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Route } from '../data/route-manifest.ts';
import { outputFile } from './output-paths.ts';

/** What the folders of a live release hold where a build's pages go. */
export interface LivePages {
  /** The names (files and folders) the pages put in each folder, by folder relative to the release. */
  entries: Map<string, Set<string>>;
  /** What each of those folders holds in the live release. */
  held: Map<string, string[]>;
}

/** What a survey of the live release is asked: the live release, and each page's file relative to it. */
export interface LiveSurvey {
  live: string;
  files: string[];
}

/** A survey of the live release under way on a thread of its own. */
export interface LivePagesSurvey {
  /** The live release it reads. */
  live: string;
  /** What the live release holds where the pages go, or null when a page is not there or it could not be read. */
  pages: Promise<LivePages | null>;
  /** Stops the thread; `pages` is then null. */
  cancel(): void;
}

/**
 * Starts reading what the live release `live` holds in every folder the pages of `routes` go in, on a
 * thread of its own (src/generator/live-pages-worker.ts): tens of thousands of folder listings, made while
 * the build thread works out whether every page is carried over at all. The answer is null when a page is
 * not there (a page removed by hand is rendered by the build instead), when the folders cannot be read, or
 * once cancelled; it never rejects, so a survey nobody waits for is harmless.
 */
export function surveyLivePages(routes: readonly Route[], live: string): LivePagesSurvey {
  const files = routes.map((route) => outputFile('.', route.path, route.kind));
  const worker = new Worker(new URL('./live-pages-worker.ts', import.meta.url), { workerData: { live, files } satisfies LiveSurvey });
  const pages = new Promise<LivePages | null>((resolve) => {
    worker.once('message', (answer: LivePages | null) => resolve(answer));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  return { live, pages, cancel: () => void worker.terminate() };
}

/**
 * Whether `releaseDir`, a new release holding everything but its pages, with the pages of `pages` makes
 * the live release `live` exactly: each file of the new release is the live one (the same file, or the
 * same bytes), and each folder of either holds in `live` just the new release's entries and the pages'.
 * The pages themselves are the live ones: their fingerprints say so.
 */
export async function sameAsLive(releaseDir: string, live: string, pages: LivePages): Promise<boolean> {
  const expected = new Map([...pages.entries].map(([folder, names]) => [folder, new Set(names)]));
  const files: string[] = [];
  for (const item of readdirSync(releaseDir, { recursive: true, withFileTypes: true })) {
    const folder = path.relative(releaseDir, item.parentPath);
    namesIn(expected, folder).add(item.name);
    if (item.isDirectory()) namesIn(expected, path.join(folder, item.name));
    else files.push(path.join(folder, item.name));
  }
  const sameEntries = await everyOf(expected, ([folder, names]) => {
    const held = pages.held.get(folder) ?? listing(path.join(live, folder));
    return held !== null && held.length === names.size && held.every((name) => names.has(name));
  });
  return sameEntries && everyOf(files, (file) => sameFile(path.join(releaseDir, file), path.join(live, file)));
}

function namesIn(entries: Map<string, Set<string>>, folder: string): Set<string> {
  let names = entries.get(folder);
  if (!names) entries.set(folder, (names = new Set()));
  return names;
}

/** The names in a folder, or null when it cannot be read (it is missing, or not a folder). */
function listing(folder: string): string[] | null {
  try {
    return readdirSync(folder);
  } catch {
    return null;
  }
}

/** Whether two paths name the same file, or files of the same bytes. */
function sameFile(a: string, b: string): boolean {
  const one = lstatSync(a);
  const other = lstatSync(b, { throwIfNoEntry: false });
  if (!other || !one.isFile() || !other.isFile()) return false;
  if (one.dev === other.dev && one.ino === other.ino) return true;
  return one.size === other.size && readFileSync(a).equals(readFileSync(b));
}

/**
 * Whether `check` holds for every item; stops at the first that fails. The checks read the disk
 * synchronously, a batch at a time: tens of thousands of small reads cost a quarter as much that way as
 * handed to the thread pool one by one, and the event loop still runs between batches.
 */
async function everyOf<T>(items: Iterable<T>, check: (item: T) => boolean): Promise<boolean> {
  let asked = 0;
  for (const item of items) {
    if (++asked % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    if (!check(item)) return false;
  }
  return true;
}

/** Checks made between two turns of the event loop. */
const BATCH = 2000;
