/**
 * Linking the pages a build carries over from the live release into the new one, on a thread of its own
 * (src/generator/carried-pages-worker.ts). A nightly build after a few vehicles changed carries almost
 * every page: 28,000 at 10,000 vehicles, each a folder made and a link. Through promises, each costs the
 * build thread more than the system calls themselves, and the build thread is rendering the pages that did
 * change meanwhile; on the link thread they run as plain system calls one after another.
 *
 * One thread per call, which ends when its pages are linked.
 */
import { Worker } from 'node:worker_threads';
import type { Route } from '../data/route-manifest.ts';
import { outputFile } from './output-paths.ts';

export interface LinkRequest {
  /** The live release the pages come from. */
  from: string;
  /** The new release they go into. */
  to: string;
  /** Each page's file, relative to both. */
  files: string[];
}

/** Which of the request's files the live release lacked (by position), or what stopped the linking. */
export type LinkReply = { missing: number[] } | { error: string };

/**
 * Links each carried page from the live release into the new one: a second name for the same file, no
 * bytes copied. Updates replace a live page by renaming a new file over it, never by writing into it,
 * so the new release's copy never changes under it. Where links are not possible, the file is copied.
 * Returns the paths now in the new release; a page the live release lacks is left out. Rejects only once
 * the thread has stopped: no link is still being made in a release then being discarded.
 */
export async function linkCarriedPages(routes: readonly Route[], from: string, releaseDir: string): Promise<Set<string>> {
  if (routes.length === 0) return new Set();
  // Each page's place in a release, relative to it.
  const files = routes.map((route) => outputFile('.', route.path, route.kind));
  const reply = await new Promise<LinkReply>((resolve, reject) => {
    const worker = new Worker(new URL('./carried-pages-worker.ts', import.meta.url), { workerData: { from, to: releaseDir, files } satisfies LinkRequest });
    let answered: LinkReply | null = null;
    worker.once('message', (message: LinkReply) => (answered = message));
    worker.once('error', (error) => reject(new Error(`the thread linking carried pages failed: ${error.message}`)));
    worker.once('exit', (code) => (answered ? resolve(answered) : reject(new Error(`the thread linking carried pages exited with code ${code} before it finished`))));
  });
  if ('error' in reply) throw new Error(`linking the pages carried over from ${from}: ${reply.error}`);
  const missing = new Set(reply.missing);
  return new Set(routes.filter((_, i) => !missing.has(i)).map((route) => route.path));
}
