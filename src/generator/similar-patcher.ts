/**
 * Splicing similar-vehicles sections into a live release's pages on a thread of their own
 * (src/generator/similar-patch-worker.ts). A sale or a price change of a vehicle many others list as
 * similar brings a hundred or more pages up to date this way at 10,000 vehicles. Through promises, each
 * page's read, write, link and rename cost the rendering thread more than the splice itself; on the
 * patch thread they run with plain system calls while the rendering thread renders the update's other
 * pages.
 *
 * One thread per process, started when the ops server loads a site for updates (or when first asked for).
 * It holds the process open only while a page is on its way; a thread that fails fails the pages it had,
 * and the next page starts another.
 */
import { Worker } from 'node:worker_threads';
import type { InlineTexts } from './host-files.ts';

export interface PatchRequest {
  id: number;
  /** The published page. */
  file: string;
  /** The section to put in place of the page's own (see `spliceSimilarSection`). */
  section: string;
  /** Where to link the page about to be replaced (`ReplacedFiles.holdingPaths`). */
  keep: string;
}

export type PatchReply = { id: number; patched: true; inline: InlineTexts } | { id: number; patched: false } | { id: number; error: string };

interface Waiting {
  resolve: (inline: InlineTexts | null) => void;
  reject: (error: Error) => void;
}

export class SimilarPatcher {
  #worker: Worker | null = null;
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;

  /**
   * Replaces `file`'s similar-vehicles section with `section`, by a write and a rename, with the page it
   * replaces linked at `keep` first. Resolves to the section's inline scripts and styles, or null when the
   * page is missing or does not hold exactly one such section (it is then left as it was).
   */
  patch(file: string, section: string, keep: string): Promise<InlineTexts | null> {
    const worker = this.#started();
    const id = this.#next++;
    if (this.#waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, file, section, keep } satisfies PatchRequest);
    });
  }

  /**
   * Starts the thread ahead of the first page, which then need not wait while it loads (about 0.1 s), and
   * leaves it idle, holding nothing open. Nothing when it runs already.
   */
  start(): void {
    const worker = this.#started();
    if (this.#waiting.size === 0) worker.unref();
  }

  /** Stops the thread; pages on their way fail. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./similar-patch-worker.ts', import.meta.url));
    this.#worker = worker;
    worker.on('message', (reply: PatchReply) => {
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      if (this.#waiting.size === 0) worker.unref();
      if (!waiting) return;
      if ('error' in reply) waiting.reject(new Error(`bringing a similar-vehicles section up to date: ${reply.error}`));
      else waiting.resolve(reply.patched ? reply.inline : null);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      const waiting = [...this.#waiting.values()];
      this.#waiting.clear();
      for (const { reject } of waiting) reject(error);
    };
    worker.on('error', (error) => fail(new Error(`the similar-vehicles patch thread failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`the similar-vehicles patch thread exited with code ${code}`)));
    return worker;
  }
}
