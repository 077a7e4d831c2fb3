import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { snapshotLogPath, snapshotPath } from '../data/snapshot-files.ts';
import type { SearchPageRender, SettledSearch } from '../render/search-page-answers.ts';
import type { SearchLanding } from '../search/routing.ts';
import type { Route } from '../data/route-manifest.ts';
import type { ImageIndex } from '../views/images.ts';
import { collectGarbage } from './collect-garbage.ts';
import { loadAppEntry } from './compile.ts';
import { RenderError, renderPages, type RenderedPages, type SiteRenderer } from './render-pages.ts';

/** What one worker is asked to do. */
export interface RenderTask {
  /** The compiled app (dist/<code version>). */
  appDir: string;
  /** The app's source folder, whose `public/` files every site serves. */
  appRoot: string;
  root: string;
  site: string;
  releaseDir: string;
  asOf: string;
  images: ImageIndex;
  /** Every search landing page of the site (the workers each render only a share of the routes). */
  landings: SearchLanding[];
  /**
   * Vehicle pages (by path) whose similar-vehicles section alone changed: the section is replaced in the
   * page as the release `from` holds it, and the page is rendered only when it does not hold the section.
   */
  patch?: { from: string; paths: string[] };
  /**
   * What each search page's island settled on when the live release rendered it (`SettledSearch`), by
   * path: the page is rendered from it while its island's props are the same. Only from a release rendered
   * by the same code.
   */
  settled?: Record<string, SettledSearch>;
}

/** From the main thread to a worker: the next routes to render, or none left. */
export type BatchMessage = { type: 'routes'; routes: Route[] } | { type: 'end' };

/** Everything the main thread tells a worker: a site to render, then its batches. */
export type PoolMessage = { type: 'task'; task: RenderTask } | BatchMessage;

export type WorkerMessage =
  | { type: 'more' }
  | { type: 'progress'; done: number }
  | { type: 'error'; path: string; kind: string; message: string }
  | ({ type: 'done' } & RenderedPages);

export interface RenderResult {
  pages: number;
  bytesByKind: Record<string, { pages: number; bytes: number }>;
  scriptHashes: string[];
  styleHashes: string[];
  /** Some page uses a style="" attribute. */
  styleAttributes: boolean;
  /**
   * The searches each rendered search page's island asked for, a digest of their answers and what the
   * island settled on, by path (see src/render/search-page-answers.ts).
   */
  searchAnswers: Record<string, SearchPageRender>;
  /** Of `pages`, those brought up to date by replacing their similar-vehicles section (`RenderTask.patch`). */
  patched: number;
  workers: number;
}

/**
 * Old-generation heap per render worker, at least. Measured on 10,000 vehicles (2 cores): without a limit
 * 33 s and 1,563 MB peak RSS; at 512 MB 38-42 s and 1,010-1,060 MB (at 384 MB GC starts to cost).
 */
const WORKER_HEAP_MB = 512;

/**
 * Young-generation heap per render worker. Left to V8 (up to 192 MB here), a worker writing each page in
 * turn (src/generator/render-pages.ts) grew it to the full size: a summit full build at 10,000 vehicles
 * peaked at 1,046 MB against 844 MB. At 48 MB it peaked at 725-734 MB and ran as fast or faster (0.83-0.91
 * of the time against the build before both changes); on its own, the limit changed the time by nothing
 * measurable (0.98).
 */
const WORKER_YOUNG_GENERATION_MB = 48;

/**
 * Heap per megabyte of the site's snapshot on disk. A worker holds the whole site: after a full collection
 * a worker rendering summit at 30,000 vehicles held 143 MB for its 83 MB snapshot (about 1.7 MB a MB),
 * and the rest is room for the pages it renders. At 100,000 vehicles one site's snapshot is 275 MB: a
 * 512 MB heap ran out while parsing it, and 9 MB a MB (when the file was still parsed as one string,
 * which took twice its size more) let each worker grow to about 1.5 GB.
 */
const WORKER_HEAP_PER_SNAPSHOT_MB = 4;

/** A worker's heap limit for a site: {@link WORKER_HEAP_MB}, more for a site whose data needs it. */
export function workerHeapMb(snapshotBytes: number): number {
  return Math.max(WORKER_HEAP_MB, Math.ceil((snapshotBytes / 1e6) * WORKER_HEAP_PER_SNAPSHOT_MB));
}

/** The bytes of a site's snapshot and its change log, which a worker reads whole. */
function snapshotBytes(task: RenderTask): number {
  const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  return size(snapshotPath(task.site, task.root)) + size(snapshotLogPath(task.site, task.root));
}

// Below this many routes per worker, starting another worker costs more than it saves.
const MIN_ROUTES_PER_WORKER = 300;

/**
 * Below this many routes no worker is started: the calling thread, which holds the site and warm code
 * already, renders them sooner than workers that first load the app and the site and then render cold.
 * Measured on the nightly build at 10,000 vehicles (2 cores, four runs each): summit's 700-odd routes took
 * 4.8-5.8 s on the build thread against 5.0-6.8 s on two workers, and the three sites' render phases
 * 6.7-8.0 s against 8.0-9.8 s.
 */
const MIN_ROUTES_FOR_WORKERS = 1_000;

/**
 * Routes handed to a worker at a time. Pages cost from under a millisecond (a print page) to tens of
 * milliseconds (a search page), so fixed shares left one worker rendering alone for a third of the
 * phase; workers asking for small batches as they go finish within a batch of each other.
 */
const BATCH = 48;

export interface RenderRoutesOptions {
  /** Workers at most; default one per core. */
  workers?: number;
  /**
   * Routes known later (pages a build could not carry over after all): rendered once the first routes are
   * handed out, so rendering starts while the caller still works them out.
   */
  more?: Promise<Route[]>;
  /** The site, its data and the public files as the calling thread holds them: fewer routes than a worker's worth are rendered here. */
  here?: Omit<SiteRenderer, 'entry'>;
  /** Below this many routes, and with `here`, no worker is started (default {@link MIN_ROUTES_FOR_WORKERS}). */
  hereBelow?: number;
  /** Workers to take and give back, kept warm from one site to the next; without it the call starts its own and stops them after. */
  pool?: RenderPool;
}

interface PooledWorker {
  worker: Worker;
  /** The old-generation heap limit it was started with, which a worker keeps for life. */
  heapMb: number;
}

/**
 * Render workers kept from one site to the next. A worker's first pages of a site cost twice what its
 * later ones do, most of it compiling the app's code; a worker kept from the last site has that done. At
 * 10,000 vehicles each new worker's first thousand pages took about 2 s longer than the same pages
 * rendered warm. A worker loads each site's data for that site alone, and is stopped rather than given back
 * when a site fails on it, since what it holds then is not known. Idle workers do not keep the process
 * alive; {@link RenderPool.close} stops them.
 */
export class RenderPool {
  readonly #idle = new Set<PooledWorker>();
  readonly #busy = new Set<PooledWorker>();
  #started = 0;

  /** Workers started over the pool's life. */
  get started(): number {
    return this.#started;
  }

  /** `count` workers whose heap takes `heapMb`: idle ones first (an idle one with less heap is stopped), then new ones. */
  take(count: number, heapMb: number): PooledWorker[] {
    const taken: PooledWorker[] = [];
    for (const pooled of this.#idle) {
      if (pooled.heapMb < heapMb) {
        this.#idle.delete(pooled);
        void pooled.worker.terminate();
      } else if (taken.length < count) {
        this.#idle.delete(pooled);
        taken.push(pooled);
      }
    }
    while (taken.length < count) {
      const pooled: PooledWorker = {
        worker: new Worker(new URL('./render-worker.ts', import.meta.url), {
          // A worker's live data is the site and the compiled app; a tighter heap makes V8 collect
          // rendered pages sooner instead of growing towards its default limit.
          resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
        }),
        heapMb,
      };
      this.#started++;
      pooled.worker.once('exit', () => {
        this.#idle.delete(pooled);
        this.#busy.delete(pooled);
      });
      // A worker that crashes while idle is let go through its exit; its site, if any, hears of it through
      // its own listener.
      pooled.worker.on('error', () => {});
      taken.push(pooled);
    }
    for (const pooled of taken) {
      pooled.worker.ref();
      this.#busy.add(pooled);
    }
    return taken;
  }

  /** A worker that finished its site, back into the pool. */
  give(pooled: PooledWorker): void {
    if (!this.#busy.delete(pooled)) return;
    pooled.worker.unref();
    this.#idle.add(pooled);
  }

  /** A worker whose site failed, stopped. */
  async discard(pooled: PooledWorker): Promise<void> {
    this.#busy.delete(pooled);
    await pooled.worker.terminate();
  }

  /** Every worker stopped, idle or not. */
  async close(): Promise<void> {
    const all = [...this.#idle, ...this.#busy];
    this.#idle.clear();
    this.#busy.clear();
    await Promise.all(all.map((pooled) => pooled.worker.terminate()));
  }
}

/**
 * Renders routes on worker threads (one per core, fewer for small sites), or on the calling thread when
 * there are too few for a worker to pay for its start. Each worker asks for the next batch of routes when
 * it starts on the one it has, so none waits while another still has work. The first failure stops all
 * the site's workers and rejects with the failing page; otherwise they go back to `options.pool` for the
 * next site.
 */
export async function renderRoutes(task: RenderTask, routes: Route[], onProgress: (done: number) => void, options: RenderRoutesOptions = {}): Promise<RenderResult> {
  const { workers = availableParallelism(), more, here, hereBelow = MIN_ROUTES_FOR_WORKERS, pool } = options;
  if (!pool) {
    const own = new RenderPool();
    try {
      return await renderRoutes(task, routes, onProgress, { ...options, pool: own });
    } finally {
      await own.close();
    }
  }
  // Its failure reaches whoever asks past `routes`; none may ask, if a page fails first.
  more?.catch(() => {});
  // Nothing to render (every page carried over): no worker is started.
  if (routes.length === 0) {
    const added = more ? await more : [];
    if (added.length === 0) return { pages: 0, bytesByKind: {}, scriptHashes: [], styleHashes: [], styleAttributes: false, searchAnswers: {}, patched: 0, workers: 0 };
    return renderRoutes(task, added, onProgress, { ...options, more: undefined });
  }
  if (here && routes.length < hereBelow) return renderHere(task, here, routes, onProgress, more);
  const count = Math.max(1, Math.min(workers, Math.ceil(routes.length / MIN_ROUTES_PER_WORKER)));
  let queue: readonly Route[] = routes;
  const whole = more?.then((added) => (queue = [...routes, ...added]));
  whole?.catch(() => {});
  let next = 0;
  const nextBatch = async (): Promise<BatchMessage> => {
    if (next >= queue.length && whole) await whole;
    if (next >= queue.length) return { type: 'end' };
    const batch = queue.slice(next, next + BATCH);
    next += batch.length;
    return { type: 'routes', routes: batch };
  };
  const result: RenderResult = { pages: 0, bytesByKind: {}, scriptHashes: [], styleHashes: [], styleAttributes: false, searchAnswers: {}, patched: 0, workers: count };
  // The workers each load a copy of the site: first this thread gives back the memory it no longer uses
  // (src/generator/collect-garbage.ts).
  collectGarbage();
  const taken = pool.take(count, workerHeapMb(snapshotBytes(task)));
  let failed = false;
  try {
    await Promise.all(
      taken.map(
        ({ worker }) =>
          new Promise<void>((resolve, reject) => {
            const onMessage = (message: WorkerMessage) => {
              if (message.type === 'more') {
                nextBatch().then((batch) => worker.postMessage(batch satisfies PoolMessage), reject);
              } else if (message.type === 'progress') {
                result.pages += message.done;
                onProgress(result.pages);
              } else if (message.type === 'error') {
                reject(new RenderError(message.path, message.kind, message.message));
              } else {
                for (const [kind, { pages, bytes }] of Object.entries(message.bytesByKind)) {
                  const entry = (result.bytesByKind[kind] ??= { pages: 0, bytes: 0 });
                  entry.pages += pages;
                  entry.bytes += bytes;
                }
                result.scriptHashes.push(...message.scriptHashes);
                result.styleHashes.push(...message.styleHashes);
                result.styleAttributes ||= message.styleAttributes;
                Object.assign(result.searchAnswers, message.searchAnswers);
                result.patched += message.patched;
                detach();
                resolve();
              }
            };
            const onError = (error: Error) => reject(new RenderError('(worker)', 'crash', error.message));
            const onExit = (code: number) => reject(new RenderError('(worker)', 'exit', `worker exited with code ${code}`));
            const detach = () => {
              worker.off('message', onMessage);
              worker.off('error', onError);
              worker.off('exit', onExit);
            };
            worker.on('message', onMessage);
            worker.on('error', onError);
            worker.on('exit', onExit);
            worker.postMessage({ type: 'task', task } satisfies PoolMessage);
          }),
      ),
    );
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure every worker of the site is stopped, mid-batch or not: none is left writing into a
    // release being discarded.
    await Promise.all(taken.map((pooled) => (failed ? pool.discard(pooled) : pool.give(pooled))));
  }
  result.scriptHashes = [...new Set(result.scriptHashes)].sort();
  result.styleHashes = [...new Set(result.styleHashes)].sort();
  return result;
}

/** Renders `routes`, then those `more` brings, on the calling thread. */
async function renderHere(task: RenderTask, here: NonNullable<RenderRoutesOptions['here']>, routes: Route[], onProgress: (done: number) => void, more?: Promise<Route[]>): Promise<RenderResult> {
  async function* batches(): AsyncGenerator<Route[]> {
    yield routes;
    if (more) yield await more;
  }
  const entry = await loadAppEntry(task.appDir);
  let pages = 0;
  const rendered = await renderPages(task, { ...here, entry }, batches(), (done) => onProgress((pages += done)));
  // One thread's hashes are distinct already; only their order is the workers' way.
  return { ...rendered, pages, workers: 0, scriptHashes: rendered.scriptHashes.sort(), styleHashes: rendered.styleHashes.sort() };
}
