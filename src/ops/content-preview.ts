/**
 * Previews of an editorial draft: the pages the change affects, rendered by the same incremental planner a
 * content rebuild uses, into a folder laid over the live release (`out/.previews/<slug>/<draft>/`). Nothing
 * live changes. A preview is served at `<slug>--<draft>.localhost`: each path from the preview folder where
 * the draft rendered it, else from the live release, and a page the draft removes answers 404. The draft id
 * is random and long, so the address is the permission to see it (as a shared preview link is).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { contentDirOf } from '../data/content-files.ts';
import { loadSiteContent } from '../data/site-data.ts';
import { sourceFor } from '../data/sources/for-site.ts';
import { compileApp, loadRenderer } from '../generator/compile.ts';
import { loadLiveSite, updateLiveSite } from '../generator/incremental.ts';
import { siteHandler, staticFile } from '../generator/preview.ts';
import { OUT } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { contentChange, editorialRecordsIn, editorialRecordsOf } from './content-change.ts';

/** Where previews are rendered: beside the releases, never served as a site. */
export const PREVIEWS = path.join(OUT, '.previews');
const REMOVED_FILE = '.removed.json';

export const previewDir = (root: string, slug: string, draftId: string) => path.resolve(root, PREVIEWS, slug, draftId);

export interface PreviewResult {
  /** The site paths the draft changes (pages first), e.g. `/special-offers/`, `/offers/spring-sale/`. */
  affected: string[];
  /** Paths the draft takes off the site. */
  removed: string[];
  /** Why every page was rendered, when it was (a menu or the site copy changes every page). */
  everything: string | null;
  durationMs: number;
}

/** A release file's site path: `offers/x/index.html` -> `/offers/x/`, `404.html` stays a file. */
function sitePath(file: string): string {
  return file.endsWith('index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
}

/**
 * Renders the site as it would be with `text` as its file `file` (relative to `content/<slug>/`). The
 * content folder is copied with the draft in it, so the rest of the site's content reads as it is now.
 */
export async function renderPreview(options: { site: SiteConfig; root: string; appRoot: string; draftId: string; file: string; text: string }): Promise<PreviewResult> {
  const started = performance.now();
  const { site, root, file } = options;
  const scratch = await mkdtemp(path.join(os.tmpdir(), `preview-${site.slug}-`));
  try {
    const draftContent = contentDirOf(site.slug, scratch);
    await cp(contentDirOf(site.slug, root), draftContent, { recursive: true });
    await mkdir(path.dirname(path.join(draftContent, file)), { recursive: true });
    await writeFile(path.join(draftContent, file), options.text);
    const content = loadSiteContent(site.slug, scratch);
    const live = await loadLiveSite(site, root);
    // The demo's file source reads offers and models from the content folder: the draft's copy of it.
    const records = site.source.kind === 'file' ? editorialRecordsIn(draftContent) : await editorialRecordsOf(sourceFor(site, { root }));
    const { changes, snapshot } = contentChange(live, live.snapshot, content, records);
    const dir = previewDir(root, site.slug, options.draftId);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const app = await compileApp(options.appRoot);
    const render = await loadRenderer(app.dir);
    const { result } = await updateLiveSite({ ...live, releaseDir: dir }, { snapshot, content, touched: new Set(), contentChanges: changes }, render, { root, appRoot: options.appRoot, preview: true });
    const pages = result.files.filter((f) => f.endsWith('.html'));
    const removed = pages.filter((f) => !existsSync(path.join(dir, f))).map(sitePath);
    await writeFile(path.join(dir, REMOVED_FILE), JSON.stringify(removed));
    const affected = [...pages.filter((f) => existsSync(path.join(dir, f))).map(sitePath), ...result.files.filter((f) => !f.endsWith('.html') && !f.endsWith('/') && existsSync(path.join(dir, f))).map(sitePath)];
    return { affected, removed, everything: result.everything, durationMs: Math.round(performance.now() - started) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function discardPreview(root: string, slug: string, draftId: string): Promise<void> {
  await rm(previewDir(root, slug, draftId), { recursive: true, force: true });
}

/** `<slug>--<draft>.localhost[:port]`: the preview of a draft. */
export const DRAFT_PREVIEW_HOST = /^([a-z0-9][a-z0-9-]*?)--([0-9a-f]{24})\.localhost(?::\d+)?$/i;

/** Serves a draft's preview: its own files first, then the live release; pages it removes answer 404. */
export function draftPreviewHandler(root: string, slug: string, draftId: string): ((req: IncomingMessage, res: ServerResponse) => void) | null {
  const dir = previewDir(root, slug, draftId);
  if (!existsSync(dir)) return null;
  const overlay = siteHandler(dir);
  const live = siteHandler(path.resolve(root, OUT, slug));
  let removed: Set<string> | null = null;
  return (req, res) => {
    void (async () => {
      removed ??= new Set(JSON.parse(await readFile(path.join(dir, REMOVED_FILE), 'utf8').catch(() => '[]')) as string[]);
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://preview.invalid').pathname);
      res.setHeader('X-Robots-Tag', 'noindex');
      if (removed.has(pathname)) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This page is not on the site with the draft published.');
        return;
      }
      const own = staticFile(dir, pathname);
      (own && !own.slash ? overlay : live)(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Preview error: ${(error as Error).message}`);
    });
  };
}
