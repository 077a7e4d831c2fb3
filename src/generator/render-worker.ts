// A render worker: loads the compiled app and one site's data once, renders the batches of routes the
// main thread hands it into the release folder (src/generator/render-pages.ts), reporting progress. See
// src/generator/render-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, siteData } from '../data/site-data.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import type { Route } from '../data/route-manifest.ts';
import { loadAppEntry } from './compile.ts';
import { listPublicFiles } from './public-files.ts';
import { RenderError, renderPages } from './render-pages.ts';
import type { BatchMessage, RenderTask, WorkerMessage } from './render-pool.ts';

const task = workerData as RenderTask;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

/**
 * The routes the main thread hands out, batch by batch. The next batch is asked for as soon as one
 * arrives, so it is there by the time the worker has rendered the one it has.
 */
async function* batches(): AsyncGenerator<Route[]> {
  const arrived: BatchMessage[] = [];
  let waiting: (() => void) | null = null;
  parentPort!.on('message', (message: BatchMessage) => {
    arrived.push(message);
    waiting?.();
  });
  post({ type: 'more' });
  for (;;) {
    if (arrived.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
    waiting = null;
    const message = arrived.shift()!;
    if (message.type === 'end') return;
    post({ type: 'more' });
    yield message.routes;
  }
}

async function main(): Promise<void> {
  const site = findSite(loadAllSiteConfigs('sites', task.root), task.site);
  // The main thread validated this snapshot moments ago.
  const snapshot = await readSnapshot(task.site, task.root, { trusted: true });
  if (!snapshot) throw new Error(`${task.site}: no snapshot to render from`);
  const data = siteData(snapshot, loadSiteContent(task.site, task.root));
  const entry = await loadAppEntry(task.appDir);
  const rendered = await renderPages(task, { site, data, entry, publicFiles: listPublicFiles(task.appRoot) }, batches(), (done) => post({ type: 'progress', done }));
  post({ type: 'done', ...rendered });
}

main().catch((error: unknown) =>
  post(error instanceof RenderError ? { type: 'error', path: error.path, kind: error.kind, message: error.reason } : { type: 'error', path: '(worker)', kind: 'setup or write', message: (error as Error).stack ?? String(error) }),
);
