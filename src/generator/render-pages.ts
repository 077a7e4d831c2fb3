/**
 * Renders a site's routes and writes each page into the release folder: the work of a render worker
 * (src/generator/render-worker.ts), and of the build's own thread when a site has too few pages to change
 * for a worker to be worth starting (src/generator/render-pool.ts). Either way the pages, their inline
 * hashes and what the search pages noted are the same.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../data/site-data.ts';
import type { Route } from '../data/route-manifest.ts';
import { withSimilarSection } from '../render/similar-section.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import type { AppEntry } from './compile.ts';
import { cspHash, inlineTexts, inlineTextsOf } from './host-files.ts';
import { outputFile } from './output-paths.ts';
import type { RenderResult, RenderTask } from './render-pool.ts';

/** A render that failed, naming the page. */
export class RenderError extends Error {
  readonly path: string;
  readonly kind: string;
  /** What went wrong, without the page. */
  readonly reason: string;
  constructor(path: string, kind: string, reason: string) {
    super(`rendering ${path} (${kind}) failed: ${reason}`);
    this.name = 'RenderError';
    this.path = path;
    this.kind = kind;
    this.reason = reason;
  }
}

/** What rendering needs besides the task: the site, its data and the compiled app. */
export interface SiteRenderer {
  site: SiteConfig;
  data: SiteData;
  entry: Pick<AppEntry, 'render' | 'similarSection'>;
  publicFiles: Set<string>;
}

/** What rendered pages tell the build, besides how many there were. */
export type RenderedPages = Omit<RenderResult, 'pages' | 'workers'>;

// Progress is told every this many pages.
const PROGRESS_EVERY = 50;

/**
 * Renders each route of `batches` (or replaces its similar-vehicles section, `RenderTask.patch`) and
 * writes it, telling `onProgress` how many more pages are done as it goes. The first page that fails
 * rejects with a {@link RenderError}; every page before it is on disk by then.
 *
 * Each page is written with plain system calls before the next one renders. On the 2-core machines the
 * generator is built for, both cores render, so a write handed to libuv's threads only moved the kernel's
 * work to a thread competing for the same cores, at four hand-offs a page (folder, open, write, close).
 * Written in turn, a summit full build at 10,000 vehicles took 0.90 of the time and 0.94 of the CPU (median
 * of three alternating pairs); with the workers' young generation held down too (`WORKER_YOUNG_GENERATION_MB`
 * in src/generator/render-pool.ts), 0.83 and 0.91 of the time in two rounds.
 */
export async function renderPages(task: RenderTask, renderer: SiteRenderer, batches: AsyncIterable<readonly Route[]>, onProgress: (more: number) => void): Promise<RenderedPages> {
  const { site, data, entry, publicFiles } = renderer;
  const seen = { scripts: new Map<string, string>(), styles: new Map<string, string>() };
  const hash = (text: string, into: Map<string, string>) => {
    if (!into.has(text)) into.set(text, cspHash(text));
  };
  const bytesByKind: RenderedPages['bytesByKind'] = {};
  const searchAnswers: RenderedPages['searchAnswers'] = {};
  let styleAttributes = false;
  // A vehicle page whose similar-vehicles section alone changed: the live page with the section replaced,
  // and the section; null when the live page does not hold the section as published (it is rendered instead).
  const toPatch = new Set(task.patch?.paths);
  let patched = 0;
  const patchedPage = async (route: Route, locals: RenderLocals): Promise<{ page: Buffer; section: string } | null> => {
    if (!task.patch || !toPatch.has(route.path) || route.kind !== 'vehicle') return null;
    const section = entry.similarSection(locals, route.similar);
    if (section === null) return null;
    const page = await withSimilarSection(outputFile(task.patch.from, route.path, route.kind), section);
    return page && { page, section };
  };
  const renderedPage = async (route: Route, locals: RenderLocals): Promise<Buffer> => {
    const rendered = await entry.render(new Request(`${site.url}${route.path}`), locals);
    if (locals.searchAnswers) searchAnswers[route.path] = locals.searchAnswers;
    const expected = route.kind === 'not-found' ? 404 : 200;
    if (rendered.status !== expected) throw new Error(`answered HTTP ${rendered.status}, expected ${expected}`);
    return rendered.body;
  };
  let done = 0;
  let told = 0;
  // Each folder is made once.
  const folders = new Set<string>();
  for await (const batch of batches) {
    for (const route of batch) {
      // The page as the renderer encoded it: written as it is, never decoded and encoded again.
      let page: Buffer;
      let inPlace: { page: Buffer; section: string } | null;
      try {
        // A search page is handed what its island settled on when the live release rendered it.
        const settled = task.settled?.[route.path];
        const locals: RenderLocals = { site, data, route, images: task.images, publicFiles, asOf: task.asOf, landings: task.landings, ...(settled ? { searchSettled: settled } : {}) };
        inPlace = await patchedPage(route, locals);
        page = inPlace?.page ?? (await renderedPage(route, locals));
      } catch (error) {
        throw new RenderError(route.path, route.kind, (error as Error).message);
      }
      // Only real script and style elements: feed text inside attributes may hold "<script>" raw. A patched
      // page's other inline texts are the live page's, whose hashes the build keeps (build.ts).
      const inline = inPlace ? inlineTexts(inPlace.section) : inlineTextsOf(page);
      for (const text of inline.scripts) hash(text, seen.scripts);
      for (const text of inline.styles) hash(text, seen.styles);
      styleAttributes ||= inline.styleAttributes;
      if (inPlace) {
        patched++;
      } else {
        const counted = (bytesByKind[route.kind] ??= { pages: 0, bytes: 0 });
        counted.pages++;
        counted.bytes += page.byteLength;
      }

      const file = outputFile(task.releaseDir, route.path, route.kind);
      const folder = path.dirname(file);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeFileSync(file, page);

      done++;
      if (done - told >= PROGRESS_EVERY) {
        onProgress(done - told);
        told = done;
      }
    }
  }
  onProgress(done - told);
  return { bytesByKind, scriptHashes: [...seen.scripts.values()], styleHashes: [...seen.styles.values()], styleAttributes, searchAnswers, patched };
}
