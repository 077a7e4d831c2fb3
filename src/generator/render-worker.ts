// A render worker: loads the compiled app and one site's data once, renders
// the batches of routes the main thread hands it and writes them into the
// release folder, reporting progress. See src/generator/render-pool.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, siteData } from '../data/site-data.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import { loadAppEntry } from './compile.ts';
import { withSimilarSection } from '../render/similar-section.ts';
import { WritesInFlight } from '../lib/writes-in-flight.ts';
import { cspHash, inlineTextsOf } from './host-files.ts';
import { outputFile } from './output-paths.ts';
import { listPublicFiles } from './public-files.ts';
import type { Route } from '../data/route-manifest.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import type { BatchMessage, RenderResult, RenderTask, WorkerMessage } from './render-pool.ts';

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
  const { render, similarSection } = await loadAppEntry(task.appDir);
  const publicFiles = listPublicFiles(task.appRoot);
  const seen = { scripts: new Map<string, string>(), styles: new Map<string, string>() };
  const hash = (text: string, into: Map<string, string>) => {
    if (!into.has(text)) into.set(text, cspHash(text));
  };

  const bytesByKind: Record<string, { pages: number; bytes: number }> = {};
  const searchAnswers: RenderResult['searchAnswers'] = {};
  let styleAttributes = false;
  // A vehicle page whose similar-vehicles section alone changed: the live page with the section replaced,
  // or null when the live page does not hold the section as published (it is rendered instead).
  const toPatch = new Set(task.patch?.paths);
  let patched = 0;
  const patchedPage = async (route: Route, locals: RenderLocals): Promise<Buffer | null> => {
    if (!task.patch || !toPatch.has(route.path) || route.kind !== 'vehicle') return null;
    const section = similarSection(locals, route.similar);
    return section === null ? null : withSimilarSection(outputFile(task.patch.from, route.path, route.kind), section);
  };
  const renderedPage = async (route: Route, locals: RenderLocals): Promise<Buffer> => {
    const rendered = await render(new Request(`${site.url}${route.path}`), locals);
    if (locals.searchAnswers) searchAnswers[route.path] = locals.searchAnswers;
    const expected = route.kind === 'not-found' ? 404 : 200;
    if (rendered.status !== expected) throw new Error(`answered HTTP ${rendered.status}, expected ${expected}`);
    return rendered.body;
  };
  // Several writes in flight: the disk, not the CPU, limits render-and-write. Each folder is made once.
  const writes = new WritesInFlight(16);
  let done = 0;
  let lastReport = 0;
  const folders = new Map<string, Promise<unknown>>();
  for await (const batch of batches()) {
    for (const route of batch) {
      // The page as the renderer encoded it: written as it is, never decoded and encoded again.
      let page: Buffer;
      let inPlace: Buffer | null;
      try {
        const locals: RenderLocals = { site, data, route, images: task.images, publicFiles, asOf: task.asOf, landings: task.landings };
        inPlace = await patchedPage(route, locals);
        page = inPlace ?? (await renderedPage(route, locals));
      } catch (error) {
        post({ type: 'error', path: route.path, kind: route.kind, message: (error as Error).message });
        return;
      }
      // Only real script and style elements: feed text inside attributes may hold "<script>" raw.
      const inline = inlineTextsOf(page);
      for (const text of inline.scripts) hash(text, seen.scripts);
      for (const text of inline.styles) hash(text, seen.styles);
      styleAttributes ||= inline.styleAttributes;
      if (inPlace) {
        patched++;
      } else {
        const entry = (bytesByKind[route.kind] ??= { pages: 0, bytes: 0 });
        entry.pages++;
        entry.bytes += page.byteLength;
      }

      const file = outputFile(task.releaseDir, route.path, route.kind);
      const folder = path.dirname(file);
      let made = folders.get(folder);
      if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
      await writes.add(made.then(() => writeFile(file, page)));

      done++;
      if (done - lastReport >= 50) {
        post({ type: 'progress', done: done - lastReport });
        lastReport = done;
      }
    }
  }
  await writes.settled();
  post({ type: 'progress', done: done - lastReport });
  post({ type: 'done', bytesByKind, scriptHashes: [...seen.scripts.values()], styleHashes: [...seen.styles.values()], styleAttributes, searchAnswers, patched });
}

main().catch((error: unknown) => post({ type: 'error', path: '(worker)', kind: 'setup or write', message: (error as Error).stack ?? String(error) }));
