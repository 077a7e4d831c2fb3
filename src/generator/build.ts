import { appendFile, cp, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureDemoFeeds } from '../data/demo/write.ts';
import { FEED_ROOT, writeFileAtomic } from '../data/feed-files.ts';
import { pullSiteSnapshot, summaryLine, type PullReport } from '../data/pull.ts';
import { buildRouteManifest, vehiclesById, type Route } from '../data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { contentFingerprints, loadSiteContent, siteData, type SiteData } from '../data/site-data.ts';
import { pullReportPath, readSnapshot, snapshotAsWritten } from '../data/snapshot-files.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../schemas/snapshot.ts';
import { replacedInPlace, type VehicleLookup } from '../search/query.ts';
import { searchLandings } from '../search/landings.ts';
import type { ImageIndex } from '../views/images.ts';
import { compileApp, type CompiledApp } from './compile.ts';
import { headersFile, redirectsFile, robotsTxt, sitemapEntriesFollow, sitemapFiles, type SitemapEntry } from './host-files.ts';
import { machineReadableFiles } from './machine-files.ts';
import { imageJobs, processImages } from './images.ts';
import { drawDemoContentImages } from './content-images.ts';
import { contentImageJobs } from '../views/content-images.ts';
import { publishVideos, videoSources, withVideos } from './videos.ts';
import { createProgress, type Progress } from './progress.ts';
import { OUT, createRelease, discardRelease, dropRelease, liveRelease, publishRelease } from './publish.ts';
import { listPublicFiles } from './public-files.ts';
import { sameAsLive, surveyLivePages, type LivePages } from './unchanged-release.ts';
import { routeFingerprints, searchAnswerDigests, similarSectionOnly } from './route-fingerprints.ts';
import { RenderPool, renderRoutes, type RenderResult, type RenderTask } from './render-pool.ts';
import { searchFiles, writeSearchFiles } from './search-files.ts';
import { hostedRecords, syncHostedIndex } from './algolia-sync.ts';
import { indexesPages, isSiteSearchPage, linkSiteSearch, writeSiteSearch } from './site-search.ts';
import { linkCarriedPages } from './carried-pages.ts';
import type { SettledSearch } from '../render/search-page-answers.ts';

export interface BuildOptions {
  /** Build one site; default all. */
  site?: string;
  /** Render from the current snapshots instead of pulling first. */
  skipPull?: boolean;
  /** Pull even when the stock-drop guard objects. */
  force?: boolean;
  /** Where sites/, content/, data/ and out/ are. */
  root?: string;
  /** Where the Astro app is compiled (the project itself). */
  appRoot?: string;
  /**
   * Render workers at most; default one per core. A site with fewer pages to render than a worker's worth
   * is rendered on the build's own thread (src/generator/render-pool.ts).
   */
  workers?: number;
  log?: (line: string) => void;
  /** Show live progress bars (default: when stdout is a terminal). */
  interactive?: boolean;
  /** Called as phases progress (the ops server relays it to the admin page). */
  onProgress?: (site: string, phase: string, done: number, total: number) => void;
  /** Adjusts a site's manifest before rendering; for tests that need a page to fail. */
  adjustRoutes?: (site: SiteConfig, routes: Route[]) => Route[];
  /** The time the pull is taken at (default: now); for tests of builds on later days. */
  now?: Date;
  /** Render every page, carrying none over from the live release. */
  full?: boolean;
}

/** Seconds spent in each phase of one site's build. */
export interface PhaseTimings {
  pull: number;
  manifest: number;
  images: number;
  render: number;
  hostFiles: number;
  publish: number;
}

/** Written to out/_reports/<slug>.json after every build of a site. */
export interface SiteBuildReport {
  site: string;
  status: 'published' | 'failed';
  builtAt: string;
  /** The code version the site was rendered with; a different one means a full rebuild is due. */
  codeVersion: string;
  /** Present when the build failed: the phase and what went wrong. The previous release stays live. */
  failure?: { phase: keyof PhaseTimings; message: string };
  /** Every page of the release: those rendered and those carried over unchanged from the live release. */
  pages: number;
  /** Pages rendered by this build. */
  rendered: number;
  /** Vehicle pages whose similar-vehicles section alone changed, brought up to date by replacing it. */
  patched: number;
  /** Pages whose fingerprint matched the live release's, linked from it instead of rendered. */
  carried: number;
  /** Why nothing could be carried over, when nothing was (no live release, new code, a full build asked for). */
  fullRenderReason?: string;
  /** The build made the live release, file for file: that release stays live and none was published. */
  unchanged?: boolean;
  /** Rendered pages by kind, with their bytes. */
  pagesByKind: Record<string, { pages: number; bytes: number }>;
  htmlBytes: number;
  timings: PhaseTimings;
  /** Rendered pages per second of the render phase. */
  pagesPerSecond: number;
  workers: number;
  imageTransforms: { done: number; reused: number };
  skippedImages: Array<{ source: string; reason: string }>;
  quarantined: PullReport['quarantined'];
}

export interface BuildSummary {
  compileSeconds: number;
  sites: SiteBuildReport[];
}

/** What incremental updates need to continue from a site's live release. */
export interface BuildState {
  /** The release's image index. */
  images: ImageIndex;
  /** Inline script and style hashes of its pages, and whether any uses a style attribute (for the CSP). */
  scriptHashes: string[];
  styleHashes: string[];
  styleAttributes: boolean;
  /** Fingerprints of the editorial content the release was rendered from. */
  content: Record<string, string>;
  /** Fingerprints of the text the site search indexed, by page path (`indexedTextFingerprint`). */
  siteSearch?: Record<string, string>;
}

/** Where the build state of a site's live release is kept. */
export function buildStatePath(slug: string, root = process.cwd()): string {
  return path.resolve(root, 'data', 'snapshots', `${slug}.build-state.json`);
}

/** What each page of a site's live release was rendered from (`routeFingerprints`), by path. */
export interface RouteFingerprintsFile {
  /** The release folder's name: the fingerprints hold for that release only. */
  release: string;
  /** The code version that rendered the release. */
  codeVersion?: string;
  routes: Record<string, string>;
  /** The searches each search page's island asked for when rendered (a page carried over keeps its own). */
  searchRequests?: Record<string, unknown[]>;
  /**
   * What each search page's island settled on when rendered (`SettledSearch`), for a running site or the
   * next build to render the page again from: read only by code of the same version (`codeVersion`).
   */
  searchSettled?: Record<string, SettledSearch>;
  /**
   * A digest of the answers each search page on disk was rendered from (`answersDigest`): a running site
   * compares a change's answers with it instead of asking the page's searches over the data before.
   */
  searchDigests?: Record<string, string>;
}

/** Where the fingerprints of a site's live pages are kept. */
export function routeFingerprintsPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, 'data', 'snapshots', `${slug}.routes.json`);
}

/**
 * Where incremental updates list the pages they rendered or removed since the last build, one path a
 * line: those pages no longer match their fingerprints, so the next build renders them again.
 */
export function staleRoutesPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, 'data', 'snapshots', `${slug}.routes.stale`);
}

/** Past this size the list of pages updates rewrote is written again with each path once. */
const STALE_LIST_COMPACT_BYTES = 4_000_000;

/**
 * Adds pages an update is about to rewrite or remove to the site's list of pages the next build renders
 * again. Between builds the list only grows (a busy site updates the same pages all day), so once it
 * passes a few megabytes it is written again with each path once: never more than the site's paths.
 */
export async function noteStaleRoutes(slug: string, paths: readonly string[], root = process.cwd(), compactAt = STALE_LIST_COMPACT_BYTES): Promise<void> {
  if (paths.length === 0) return;
  const file = staleRoutesPath(slug, root);
  await appendFile(file, paths.map((p) => `${p}\n`).join(''));
  if ((await stat(file)).size <= compactAt) return;
  const once = new Set((await readFile(file, 'utf8')).split('\n').filter(Boolean));
  await writeFileAtomic(file, [...once].map((p) => `${p}\n`).join(''));
}

/** Where a site's build report goes. */
export function reportPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, OUT, '_reports', `${slug}.json`);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Builds every site (or one): one compile, then for each site pull (or reuse
 * its snapshot), build the route manifest, process images, render every route
 * on worker threads, write the host files, and publish the release atomically.
 * A site that fails leaves its previous release live; the summary says which
 * phase and page failed, and the call rejects after the other sites are done.
 */
export async function buildSites(options: BuildOptions = {}): Promise<BuildSummary> {
  const root = options.root ?? process.cwd();
  const appRoot = options.appRoot ?? process.cwd();
  const log = options.log ?? (() => {});
  const all = loadAllSiteConfigs('sites', root);
  const sites = options.site ? [findSite(all, options.site)] : all;
  await ensureDemoFeeds(sites, root, log);

  const compileStarted = performance.now();
  const app = await compileApp(appRoot);
  const compileSeconds = (performance.now() - compileStarted) / 1000;
  log(app.reused ? `Reusing the compiled app (code version ${app.version})` : `Compiled the app (code version ${app.version}) once for ${sites.length} site(s) in ${compileSeconds.toFixed(1)} s`);

  const progress = createProgress(log, options.interactive);
  const reports: BuildSummary['sites'] = [];
  // One set of render workers for every site: each site after the first is rendered by warm code.
  const pool = new RenderPool();
  try {
    for (const site of sites) reports.push(await buildSite(site, { ...options, root, appRoot, app, pool }, progress));
  } finally {
    progress.close();
    await pool.close();
  }
  const failed = reports.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    throw new Error(`${failed.length} site(s) failed; their previous output stays live:\n${failed.map((r) => `  ${r.site}: ${r.failure!.phase}: ${r.failure!.message}`).join('\n')}`);
  }
  return { compileSeconds, sites: reports };
}

async function buildSite(site: SiteConfig, options: BuildOptions & { root: string; appRoot: string; app: CompiledApp; pool: RenderPool }, progress: Progress): Promise<SiteBuildReport> {
  const { root, appRoot, app } = options;
  const builtAt = new Date().toISOString();
  const timings: PhaseTimings = { pull: 0, manifest: 0, images: 0, render: 0, hostFiles: 0, publish: 0 };
  const report: SiteBuildReport = {
    site: site.slug,
    status: 'failed',
    builtAt,
    codeVersion: app.version,
    pages: 0,
    rendered: 0,
    patched: 0,
    carried: 0,
    pagesByKind: {},
    htmlBytes: 0,
    timings,
    pagesPerSecond: 0,
    workers: 0,
    imageTransforms: { done: 0, reused: 0 },
    skippedImages: [],
    quarantined: [],
  };
  let phase: keyof PhaseTimings = 'pull';
  const timed = async <T>(name: keyof PhaseTimings, work: () => Promise<T>): Promise<T> => {
    phase = name;
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[name] = round((performance.now() - started) / 1000);
    }
  };
  let release: string | null = null;
  let siteSearch: Record<string, string> = {};
  try {
    // The snapshot the pull wrote, until the manifest takes it.
    const pulled: { snapshot?: Snapshot } = {};
    const pull = await timed('pull', async () => {
      if (options.skipPull) return null;
      const { report: pullReport, snapshot } = await pullSiteSnapshot(site, { root, codeVersion: app.version, ...(options.force ? { force: true } : {}), ...(options.now ? { now: options.now } : {}) });
      pulled.snapshot = snapshot;
      progress.log(summaryLine(pullReport, root));
      return pullReport;
    });
    report.quarantined = pull?.quarantined ?? (await readLastPullReport(site.slug, root));

    const { data, routes } = await timed('manifest', async () => {
      // What the pull wrote, while the file still holds just that; otherwise the file, where a snapshot this
      // code version pulled, checked and wrote is not checked again.
      const written = pulled.snapshot && (await snapshotAsWritten(pulled.snapshot, root));
      delete pulled.snapshot;
      const snapshot = written || (await readSnapshot(site.slug, root, { codeVersion: app.version }));
      if (!snapshot) throw new Error(`there is no snapshot to render from. Run \`npm run pull -- --site ${site.slug}\` or build without --skip-pull.`);
      const data: SiteData = siteData(snapshot, loadSiteContent(site.slug, root));
      const manifest = buildRouteManifest(site, data);
      return { data, routes: options.adjustRoutes ? options.adjustRoutes(site, manifest) : manifest };
    });
    release = await createRelease(site.slug, root);
    const releaseDir = release;

    const images: ImageIndex = await timed('images', async () => {
      if (site.images.cdn) return {};
      // Content images (slides, banners, offers) go through the same pipeline as the photos.
      await drawDemoContentImages(site, data, path.resolve(root, FEED_ROOT));
      const jobs = [...imageJobs(data), ...contentImageJobs(data, site)];
      const result = await processImages(jobs, {
        feedRoot: path.resolve(root, FEED_ROOT),
        cacheDir: path.resolve(root, 'data', 'image-cache'),
        outDir: releaseDir,
        // Counted in renditions, the pipeline's unit of work; it reports the total first, with 0 done.
        onProgress: (done, total) => {
          if (done === 0) progress.start(site.slug, 'images', total);
          else progress.update(site.slug, done);
          options.onProgress?.(site.slug, 'images', done, total);
        },
      });
      progress.stop(site.slug);
      // Videos in the feed folder are served beside the photos (src/generator/videos.ts).
      const videos = await publishVideos(videoSources(data.vehicles), { feedRoot: path.resolve(root, FEED_ROOT), outDir: releaseDir });
      report.imageTransforms = result.transforms;
      report.skippedImages = [...result.skipped, ...videos.skipped];
      return withVideos(result.index, videos.index);
    });

    const landings = searchLandings(routes, data);
    let fingerprints = new Map<string, string>();
    let searchNotes: SearchPageNotes = {};
    // The live release and what it holds where the pages go, while every page is carried over from it and
    // none is linked yet.
    let unchanged: { live: string; pages: LivePages } | null = null;
    // The pages carried over from the live release (`from`), with its build state, once linked or known to be there.
    let carriedOver: { from: string; state: BuildState | null; paths: ReadonlySet<string> } | null = null;
    const rendered = await timed('render', async () => {
      // Most nights every page is carried over. What the live release holds where the pages go is read on
      // another thread while the fingerprints are worked out, and dropped once a page turns out to change.
      const live = options.full ? null : await liveReleaseDir(site.slug, root);
      const survey = live ? surveyLivePages(routes, live) : null;
      const fingerprintInput = { site, data, routes, images, publicFiles: listPublicFiles(appRoot), asOf: data.snapshot.pulledAt, codeVersion: app.version, landings };
      // Search pages whose island's searches the last build noted are fingerprinted by their answers now.
      const searchRoutes = routes.filter((r) => r.kind === 'search');
      const searchPaths = new Set(searchRoutes.map((r) => r.path));
      const recorded = await readJson<RouteFingerprintsFile>(routeFingerprintsPath(site.slug, root));
      const noted = Object.fromEntries(Object.entries(recorded?.searchRequests ?? {}).filter(([p]) => searchPaths.has(p)));
      const notedDigests = options.full ? new Map<string, string>() : await searchAnswerDigests(fingerprintInput, noted);
      fingerprints = routeFingerprints({ ...fingerprintInput, searchDigests: notedDigests });
      const carry = await carriedRoutes(site.slug, root, routes, fingerprints, live, options.full);
      if (carry.reason) report.fullRenderReason = carry.reason;
      // The pages not carried are rendered while the carried ones are linked; a page missing from the live
      // release (removed by hand, say) is not linked, and is rendered after them.
      const carried = new Set(carry.routes.map((r) => r.path));
      const planned = routes.filter((r) => !carried.has(r.path));
      // Every page carried over: the release may come out as the live one, file for file. Its pages are
      // linked only once its other files show it does not (see `sameAsLive`).
      if (planned.length === 0 && carry.from && survey) {
        const pages = await survey.pages;
        if (pages) unchanged = { live: carry.from, pages };
      } else survey?.cancel();
      const linking = unchanged ? Promise.resolve(new Set(carried)) : linkCarriedPages(carry.routes, carry.from, releaseDir);
      const unlinked = linking.then((linked) => carry.routes.filter((r) => !linked.has(r.path)));
      progress.start(site.slug, 'render', planned.length);
      options.onProgress?.(site.slug, 'render', 0, planned.length);
      // Search pages start from what their island settled on in the live release, when the same code rendered it.
      const settled = !options.full && recorded?.codeVersion === app.version ? recorded.searchSettled : undefined;
      const task: RenderTask = {
        appDir: app.dir, appRoot, root, site: site.slug, releaseDir, asOf: data.snapshot.pulledAt, images, landings,
        ...(carry.patched.length > 0 ? { patch: { from: carry.from, paths: carry.patched.map((r) => r.path) } } : {}),
        ...(settled ? { settled } : {}),
      };
      const onRendered = (done: number) => {
        progress.update(site.slug, done);
        options.onProgress?.(site.slug, 'render', done, planned.length);
      };
      const rendering = renderRoutes(task, planned, onRendered, { workers: options.workers, pool: options.pool, more: unlinked, here: { site, data, publicFiles: fingerprintInput.publicFiles } });
      // Both finish before either's failure is thrown: no link is still being made in a release being discarded.
      const [renderOutcome, linkOutcome] = await Promise.allSettled([rendering, linking]);
      if (renderOutcome.status === 'rejected') throw renderOutcome.reason;
      if (linkOutcome.status === 'rejected') throw linkOutcome.reason;
      const [result, linked] = [renderOutcome.value, linkOutcome.value];
      progress.stop(site.slug);
      // Each search page's fingerprint, for the next build, is of its answers: those of the searches it just
      // asked, as its render digested them, or for a page carried over, of those noted before (its answers
      // are the same, or it would not be).
      const keptNoted = Object.keys(noted).filter((p) => linked.has(p));
      const asked = Object.entries(result.searchAnswers);
      const searchDigests = new Map([...keptNoted.map((p): [string, string] => [p, notedDigests.get(p)!]), ...asked.map(([p, s]): [string, string] => [p, s.digest])]);
      searchNotes = searchPageNotes(recorded ?? {}, keptNoted, result.searchAnswers, searchDigests);
      for (const [p, fingerprint] of routeFingerprints({ ...fingerprintInput, routes: searchRoutes, searchDigests })) fingerprints.set(p, fingerprint);
      // Carried pages keep the inline scripts and styles they had: the live release's hashes stay allowed.
      if (carry.state) {
        result.scriptHashes = [...new Set([...carry.state.scriptHashes, ...result.scriptHashes])].sort();
        result.styleHashes = [...new Set([...carry.state.styleHashes, ...result.styleHashes])].sort();
        result.styleAttributes ||= carry.state.styleAttributes;
      }
      carriedOver = { from: carry.from, state: carry.state, paths: linked };
      return { ...result, carried: linked.size };
    });
    report.pages = rendered.pages + rendered.carried;
    report.rendered = rendered.pages - rendered.patched;
    report.patched = rendered.patched;
    report.carried = rendered.carried;
    report.pagesByKind = rendered.bytesByKind;
    report.htmlBytes = Object.values(rendered.bytesByKind).reduce((n, k) => n + k.bytes, 0);
    report.workers = rendered.workers;
    report.pagesPerSecond = timings.render > 0 ? Math.round(report.rendered / timings.render) : report.rendered;

    await timed('hostFiles', async () => {
      await cp(path.join(app.dir, 'client'), releaseDir, { recursive: true });
      const search = searchFiles(site, data, images, new Date(data.snapshot.pulledAt));
      await writeSearchFiles(releaseDir, search);
      if (site.search.backend.kind === 'algolia') await syncHostedIndex(site, hostedRecords(search.records, search.cards), { root, mode: 'full' });
      siteSearch = (await carriedSiteSearch(carriedOver, routes, releaseDir)) ?? (await writeSiteSearch(releaseDir, routes, unchanged?.live ?? releaseDir)).fingerprints;
      for (const { file, content } of sitemapFiles(site, sitemapEntries(routes, data))) await writeFile(path.join(releaseDir, file), content);
      await writeFile(path.join(releaseDir, 'robots.txt'), robotsTxt(site));
      for (const { file, content } of machineReadableFiles(site, data, images)) await writeFileAtomic(path.join(releaseDir, file), content);
      await writeFile(path.join(releaseDir, '_headers'), headersFile(site, { scriptHashes: rendered.scriptHashes, styleHashes: rendered.styleHashes, styleAttributes: rendered.styleAttributes }));
      await writeFile(path.join(releaseDir, '_redirects'), redirectsFile(site, { vehicles: data.vehicles, locations: data.locations, pages: routes.map((r) => r.path), removed: data.removed }));
    });

    const writeReleaseRecords = async (releaseName: string): Promise<void> => {
      // Incremental updates continue from this release: its images and its pages' inline hashes.
      const state: BuildState = {
        images,
        scriptHashes: rendered.scriptHashes,
        styleHashes: rendered.styleHashes,
        styleAttributes: rendered.styleAttributes,
        content: contentFingerprints(data.content),
        siteSearch,
      };
      await writeFileAtomic(buildStatePath(site.slug, root), JSON.stringify(state));
      // What each page was rendered from, for the next build to carry unchanged pages over; then the
      // pages updates rendered since the last build are all current again.
      const fingerprintsFile: RouteFingerprintsFile = { release: releaseName, codeVersion: app.version, routes: Object.fromEntries(fingerprints), ...searchNotes };
      await writeFileAtomic(routeFingerprintsPath(site.slug, root), JSON.stringify(fingerprintsFile));
      await writeFileAtomic(staleRoutesPath(site.slug, root), '');
    };
    await timed('publish', async () => {
      if (unchanged && (await sameAsLive(releaseDir, unchanged.live, unchanged.pages))) {
        // Nothing to publish: the live release is what this build made. It stays live, and the one made
        // beside it, which holds no pages, goes.
        report.unchanged = true;
        release = null;
        await dropRelease(releaseDir);
        return writeReleaseRecords(path.basename(unchanged.live));
      }
      if (unchanged) {
        const linked = await linkCarriedPages(routes, unchanged.live, releaseDir);
        if (linked.size !== routes.length) throw new Error(`${routes.length - linked.size} page(s) of the live release went missing during the build`);
      }
      await publishRelease(site.slug, releaseDir, root);
      await writeReleaseRecords(path.basename(releaseDir));
    });
    release = null;
    report.status = 'published';
    if (report.unchanged) progress.log(`${site.slug}: ${report.pages} pages, nothing changed: out/${site.slug}/ stays as it is`);
    else progress.log(
      `${site.slug}: ${report.pages} pages (${report.rendered} rendered at ${report.pagesPerSecond} pages/s ${report.workers > 0 ? `on ${report.workers} workers` : 'on the build thread'}, ` +
        `${report.patched > 0 ? `${report.patched} brought up to date in place, ` : ''}${report.carried} unchanged), ` +
        `images ${report.imageTransforms.done} made / ${report.imageTransforms.reused} reused, ` +
        `${(report.htmlBytes / 1e6).toFixed(1)} MB HTML -> out/${site.slug}/`,
    );
  } catch (error) {
    report.failure = { phase, message: (error as Error).message };
    progress.log(`${site.slug}: FAILED in ${phase}: ${(error as Error).message}. The previous output stays live.`);
    if (release) await discardRelease(release);
  }
  await writeFileAtomic(reportPath(site.slug, root), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

type SearchPageNotes = Pick<RouteFingerprintsFile, 'searchRequests' | 'searchSettled' | 'searchDigests'>;

/**
 * What the fingerprints file notes of the search pages: for a page just rendered, the searches its render
 * asked and what its island settled on; for a page carried over (`kept`), what the last build noted (its
 * answers are the same, or it would not have been carried). Each page's answers digest (`digests`) is
 * noted beside them.
 */
function searchPageNotes(recorded: SearchPageNotes, kept: readonly string[], asked: RenderResult['searchAnswers'], digests: ReadonlyMap<string, string>): SearchPageNotes {
  const searchRequests: Record<string, unknown[]> = {};
  const searchSettled: Record<string, SettledSearch> = {};
  for (const page of kept) {
    const requests = recorded.searchRequests?.[page];
    const settled = recorded.searchSettled?.[page];
    if (requests) searchRequests[page] = requests;
    if (settled) searchSettled[page] = settled;
  }
  for (const [page, { requests, settled }] of Object.entries(asked)) {
    searchRequests[page] = requests;
    if (settled) searchSettled[page] = settled;
  }
  return { searchRequests, searchSettled, searchDigests: Object.fromEntries(digests) };
}

interface Carry {
  /** Routes whose page is linked from the live release instead of rendered. */
  routes: Route[];
  /**
   * Vehicle pages that differ from the live release's only in their similar-vehicles section: the render
   * workers replace the section in the live page, or render the page when it does not hold it.
   */
  patched: Route[];
  /** The live release they come from, and its build state. */
  from: string;
  state: BuildState | null;
  /** Why nothing is carried, when nothing is. */
  reason?: string;
}

/**
 * The routes whose page in the live release `live` (its folder, null when there is none) was rendered from
 * exactly what this build would render it from: the same fingerprint, recorded for that very release, and
 * not rendered again by an update since.
 */
async function carriedRoutes(slug: string, root: string, routes: readonly Route[], fingerprints: ReadonlyMap<string, string>, live: string | null, full = false): Promise<Carry> {
  const none = (reason: string): Carry => ({ routes: [], patched: [], from: '', state: null, reason });
  if (full) return none('a full build was asked for');
  if (!live) return none('no live release');
  const record = await releaseRecord(slug, root, path.basename(live));
  if (!record) return none('the live release has no fingerprints');
  const state = await readJson<BuildState>(buildStatePath(slug, root));
  if (!state) return none('the live release has no build state');
  const { recorded, stale } = record;
  const kept = routes.filter((r) => !stale.has(r.path));
  const carried = kept.filter((r) => recorded.routes[r.path] === fingerprints.get(r.path));
  if (carried.length === 0) return none('every page changed');
  const patched = kept.filter((r) => similarSectionOnly(recorded.routes[r.path], fingerprints.get(r.path)));
  return { routes: carried, patched, from: live, state };
}

/** The folder of the site's live release, links resolved; null when there is none. */
async function liveReleaseDir(slug: string, root: string): Promise<string | null> {
  return liveRelease(slug, root).then((dir) => dir && realpath(dir)).catch(() => null);
}

/**
 * What the last build recorded of `release` (its folder's name), and the pages updated since, which no
 * longer match that record; null when the record is of another release.
 */
async function releaseRecord(slug: string, root: string, release: string): Promise<{ recorded: RouteFingerprintsFile; stale: Set<string> } | null> {
  const recorded = await readJson<RouteFingerprintsFile>(routeFingerprintsPath(slug, root));
  if (!recorded || recorded.release !== release) return null;
  return { recorded, stale: new Set((await readFile(staleRoutesPath(slug, root), 'utf8').catch(() => '')).split('\n')) };
}

/**
 * What the last build noted of a search page: the searches its island asked and a digest of the answers the
 * page on disk was rendered from.
 */
export interface NotedSearch {
  requests: unknown[];
  digest?: string;
}

/** What the last build noted of a release's search pages ({@link releaseSearchNotes}). */
export interface ReleaseSearchNotes {
  /**
   * For each search page no update has rendered since, what the page on disk was rendered from: a running
   * site may keep such a page, once it has asked its searches, when a change answers them the same.
   */
  noted: Map<string, NotedSearch>;
  /**
   * For every search page, updated since or not, what its island settled on. That follows from the island's
   * props alone, not from the page on disk, and a render takes it only while the props are the same
   * (SearchPage.astro): so a process started after an update still renders those pages from it.
   */
  settled: Map<string, SettledSearch>;
}

/** What the last build noted of the search pages of `release`; nothing when the record is of another release. */
export async function releaseSearchNotes(slug: string, root: string, release: string): Promise<ReleaseSearchNotes> {
  const record = await releaseRecord(slug, root, release);
  if (!record) return { noted: new Map(), settled: new Map() };
  const { searchRequests = {}, searchSettled = {}, searchDigests = {} } = record.recorded;
  return {
    noted: new Map(
      Object.entries(searchRequests)
        .filter(([page]) => !record.stale.has(page))
        .map(([page, requests]) => [page, { requests, ...(searchDigests[page] ? { digest: searchDigests[page] } : {}) }]),
    ),
    settled: new Map(Object.entries(searchSettled)),
  };
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The live release's site search, linked into the new release, when every page it indexed is carried over
 * and it indexed just the pages the new release has: the same pages make the same index (an update keeps
 * it on the same terms). Returns the indexed text's fingerprints, or null when the pages must be indexed.
 */
async function carriedSiteSearch(carried: { from: string; state: BuildState | null; paths: ReadonlySet<string> } | null, routes: readonly Route[], releaseDir: string): Promise<Record<string, string> | null> {
  const indexed = carried?.state?.siteSearch;
  const pages = routes.filter(isSiteSearchPage).map((r) => r.path);
  if (!carried || !indexesPages(indexed, pages) || pages.some((p) => !carried.paths.has(p))) return null;
  // Where the files cannot be linked (another file system, say), the pages are indexed: that replaces
  // whatever was linked.
  return (await linkSiteSearch(carried.from, releaseDir).catch(() => false)) ? indexed : null;
}

async function readLastPullReport(slug: string, root: string): Promise<PullReport['quarantined']> {
  return (await readJson<PullReport>(pullReportPath(slug, root)))?.quarantined ?? [];
}

/** Kinds of pages that search engines should not index. */
const NOT_INDEXED = new Set<Route['kind']>(['vehicle-print', 'vehicle-checkout', 'vehicle-trade-in', 'success', 'sign-in', 'watchlist', 'compare', 'garage', 'not-found', 'booking-page']);

// Each route's sitemap entry (null: not in the sitemap), kept with the route object and the last change it
// was dated by: a running site's update keeps the routes it did not touch, and with them their entries, whose
// lines the sitemap then finds by identity (sitemapLines).
const sitemapEntryOf = new WeakMap<Route, { lastmod: string | undefined; entry: SitemapEntry | null }>();

function sitemapEntry(route: Route, byId: VehicleLookup): SitemapEntry | null {
  const lastmod = route.kind === 'vehicle' ? (byId.get(route.vehicleId)?.updated_at ?? undefined) : undefined;
  let known = sitemapEntryOf.get(route);
  if (known === undefined || known.lastmod !== lastmod) {
    const indexed = !NOT_INDEXED.has(route.kind) && !(route.kind === 'offer' && route.path !== route.canonicalPath);
    known = { lastmod, entry: indexed ? (lastmod ? { path: route.path, lastmod } : { path: route.path }) : null };
    sitemapEntryOf.set(route, known);
  }
  return known.entry;
}

// A manifest's entries over the catalogue they were dated by, with each route's place among them (-1: none).
interface ManifestEntries {
  vehicles: readonly NormalisedVehicle[];
  entries: SitemapEntry[];
  at: Int32Array;
}
const entriesOf = new WeakMap<readonly Route[], ManifestEntries>();

/**
 * Sitemap entries: indexable pages, canonical shapes only, vehicle pages dated by their last update. Given
 * the manifest an update derived `routes` from, whose entries were asked for, the entries are that one's
 * with the changed routes' replaced: a pass comparing routes by identity instead of working out 35,000.
 */
export function sitemapEntries(routes: readonly Route[], data: SiteData, previous?: readonly Route[]): SitemapEntry[] {
  const known = entriesOf.get(routes);
  if (known?.vehicles === data.vehicles) return known.entries;
  const made = (previous && entriesAfter(routes, data, previous)) ?? entriesAfresh(routes, data);
  entriesOf.set(routes, made);
  return made.entries;
}

function entriesAfresh(routes: readonly Route[], data: SiteData): ManifestEntries {
  const byId = vehiclesById(data.vehicles);
  const entries: SitemapEntry[] = [];
  const at = new Int32Array(routes.length);
  for (let i = 0; i < routes.length; i++) {
    const entry = sitemapEntry(routes[i]!, byId);
    at[i] = entry ? entries.push(entry) - 1 : -1;
  }
  return { vehicles: data.vehicles, entries, at };
}

/**
 * {@link entriesAfresh} from the entries of the manifest `routes` was derived from: null unless the
 * manifest kept its length and the catalogue only had vehicles replaced in place (then each kept route's
 * entry holds, but a vehicle page's whose vehicle was replaced), and every changed route keeps its path
 * and whether it is listed. The entries so made are recorded as following the previous ones
 * (`sitemapEntriesFollow`), so the sitemap's lines are derived the same way.
 */
function entriesAfter(routes: readonly Route[], data: SiteData, previous: readonly Route[]): ManifestEntries | null {
  const before = entriesOf.get(previous);
  if (!before || previous.length !== routes.length) return null;
  let replaced: ReadonlySet<number> = new Set();
  if (before.vehicles !== data.vehicles) {
    const update = replacedInPlace(data.vehicles);
    if (update?.previous !== before.vehicles) return null;
    replaced = new Set(update.replaced.map(({ now }) => Number(now.id)));
  }
  const entries = before.entries.slice();
  const changed: number[] = [];
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!;
    if (route === previous[i] && !(replaced.size > 0 && route.kind === 'vehicle' && replaced.has(route.vehicleId))) continue;
    const entry = sitemapEntry(route, vehiclesById(data.vehicles));
    const at = before.at[i]!;
    if ((entry === null) !== (at < 0)) return null;
    if (entry === null || entry === entries[at]) continue;
    if (entry.path !== entries[at]!.path) return null;
    entries[at] = entry;
    changed.push(at);
  }
  sitemapEntriesFollow(entries, before.entries, changed);
  return { vehicles: data.vehicles, entries, at: before.at };
}

