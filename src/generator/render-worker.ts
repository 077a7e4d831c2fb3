// A render worker: renders one site at a time, each site's batches of routes as the main thread hands them
// out, into that site's release folder (src/generator/render-pages.ts), reporting progress; then waits for
// the next site. The compiled app is loaded once and stays warm from one site to the next; a site's data is
// loaded for its task and let go after it. See src/generator/render-pool.ts.
import { parentPort } from 'node:worker_threads';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, siteData } from '../data/site-data.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import type { Route } from '../data/route-manifest.ts';
import { collectGarbage } from './collect-garbage.ts';
import { loadAppEntry } from './compile.ts';
import { listPublicFiles } from './public-files.ts';
import { RenderError, renderPages } from './render-pages.ts';
import type { PoolMessage, RenderTask, WorkerMessage } from './render-pool.ts';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

// Messages from the main thread, in the order they came, for whoever waits on the next one.
const inbox: PoolMessage[] = [];
let wake: (() => void) | null = null;
parentPort!.on('message', (message: PoolMessage) => {
  inbox.push(message);
  wake?.();
});

async function nextMessage(): Promise<PoolMessage> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return inbox.shift()!;
}

/**
 * The routes the main thread hands out for the task, batch by batch. The next batch is asked for as soon
 * as one arrives, so it is there by the time the worker has rendered the one it has.
 */
async function* batches(): AsyncGenerator<Route[]> {
  post({ type: 'more' });
  for (;;) {
    const message = await nextMessage();
    if (message.type === 'end') return;
    if (message.type !== 'routes') throw new Error(`a render worker was handed a ${message.type} while rendering a site`);
    post({ type: 'more' });
    yield message.routes;
  }
}

async function renderSite(task: RenderTask): Promise<void> {
  const site = findSite(loadAllSiteConfigs('sites', task.root), task.site);
  // The main thread validated this snapshot moments ago.
  const snapshot = await readSnapshot(task.site, task.root, { trusted: true });
  if (!snapshot) throw new Error(`${task.site}: no snapshot to render from`);
  const data = siteData(snapshot, loadSiteContent(task.site, task.root));
  const entry = await loadAppEntry(task.appDir);
  const rendered = await renderPages(task, { site, data, entry, publicFiles: listPublicFiles(task.appRoot) }, batches(), (done) => post({ type: 'progress', done }));
  post({ type: 'done', ...rendered });
}

async function main(): Promise<void> {
  for (;;) {
    const message = await nextMessage();
    if (message.type !== 'task') throw new Error(`a render worker was handed ${message.type} before a site to render`);
    await renderSite(message.task);
    // The site's data and pages are garbage now: given back before the worker waits, so the next site's
    // data does not come on top of them (src/generator/collect-garbage.ts).
    collectGarbage();
  }
}

main().catch((error: unknown) =>
  post(error instanceof RenderError ? { type: 'error', path: error.path, kind: error.kind, message: error.reason } : { type: 'error', path: '(worker)', kind: 'setup or write', message: (error as Error).stack ?? String(error) }),
);
