import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, type SiteContent } from '../data/site-data.ts';
import { readSnapshot, snapshotPath, snapshotVersion, writeSnapshot } from '../data/snapshot-files.ts';
import { sourceFor } from '../data/sources/for-site.ts';
import { buildSites, reportPath, type SiteBuildReport } from '../generator/build.ts';
import { compileApp, loadAppEntry, watchCodeVersion, type AppEntry } from '../generator/compile.ts';
import { advanceClock, applyEvents, loadLiveSite, startPatchThread, updateLiveSite, type AppliedBatch, type LiveSite } from '../generator/incremental.ts';
import { OUT } from '../generator/publish.ts';
import { collectGarbage } from '../generator/collect-garbage.ts';
import { warmLiveSite } from '../generator/warm-live-site.ts';
import type { Snapshot } from '../schemas/snapshot.ts';
import { describeBoundaries } from '../rules/time-boundaries.ts';
import { deployFiles } from '../deploy/deploy.ts';
import { contentChange, editorialRecordsOf } from './content-change.ts';
import { acquireSiteLock } from './site-lock.ts';
import type { RunOutcome, RunPlan, RunProgress, RunResult, SiteRunner } from './site-queue.ts';
import type { OpsStore } from './store.ts';

export interface SiteRunnerOptions {
  store: OpsStore;
  /** Where sites/, content/, data/ and out/ are. */
  root: string;
  /** The project the app is compiled from. */
  appRoot: string;
  /** Folder for the per-site lock files (shared with `npm run rebuild`). */
  lockDir?: string;
  log?: (line: string) => void;
  now?: () => Date;
}

/** How long a run waits for another process's build of the same site. */
const LOCK_WAIT_MS = 15 * 60_000;

async function waitForLock(dir: string, slug: string, log: (line: string) => void): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    const release = acquireSiteLock(dir, slug);
    if (release) return release;
    if (Date.now() > deadline) throw new Error(`${slug} stayed locked by another build for ${LOCK_WAIT_MS / 60_000} minutes`);
    if (!told) log(`${slug}: another process is building this site; waiting for it to finish`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const json = (value: unknown) => JSON.stringify(value);


/** The runner of a process that renders its sites itself, which can ready a site before its first run. */
export type LocalSiteRunner = SiteRunner & { prepare(slug: string): Promise<boolean> };

/**
 * Runs one plan for one site, as the queue asks. Applies the site's pending
 * journalled events and any content change incrementally; builds the whole site
 * instead when asked to, when its last build failed, or when the code changed
 * since it was built, saying so in the log. Events are settled only after the
 * site on disk shows them, so a crash replays them.
 */
export function createSiteRunner(options: SiteRunnerOptions): LocalSiteRunner {
  const { store, root, appRoot } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const lockDir = options.lockDir ?? path.resolve(root, 'data', 'ops', 'locks');
  const live = new Map<string, { site: LiveSite; snapshotVersion: string }>();
  let renderer: { version: string; entry: AppEntry } | null = null;
  // Reading every source file to know the code version took about a second per update at 10,000 vehicles.
  const codeVersion = watchCodeVersion(appRoot);

  async function currentLive(slug: string, siteConfig: LiveSite['site']): Promise<LiveSite> {
    const cached = live.get(slug);
    const version = await snapshotVersion(slug, root);
    // Someone else (a pull, a CLI build) replaced the snapshot or the release: start from disk again.
    if (cached && cached.snapshotVersion === version && (await realpath(path.resolve(root, OUT, slug))) === cached.site.releaseDir && json(cached.site.site) === json(siteConfig)) {
      return cached.site;
    }
    const loaded = await loadLiveSite(siteConfig, root);
    startPatchThread();
    live.set(slug, { site: loaded, snapshotVersion: version });
    return loaded;
  }

  /** Why a run of `slug` has to build it in full rather than update it, or null. */
  async function fullBuildReason(slug: string, plan: Pick<RunPlan, 'full'>, version: string): Promise<string | null> {
    const previous = store.lastBuild(slug);
    const report = existsSync(reportPath(slug, root)) ? (JSON.parse(await readFile(reportPath(slug, root), 'utf8')) as SiteBuildReport) : null;
    return plan.full
      ? 'a full rebuild was asked for'
      : !report || !existsSync(snapshotPath(slug, root))
        ? 'the site has not been built yet'
        : report.status !== 'published' || previous?.status === 'failed'
          ? 'its last build failed'
          : report.codeVersion !== version
            ? `the code changed since it was built (${report.codeVersion} -> ${version})`
            : null;
  }

  async function liveRenderer(version: string, dir: string): Promise<AppEntry> {
    if (!renderer || renderer.version !== version) renderer = { version, entry: await loadAppEntry(dir) };
    return renderer.entry;
  }

  // Sites being loaded and warmed ahead of their first run (`prepare`): a run waits for its site's.
  const preparing = new Map<string, Promise<boolean>>();

  /**
   * Loads a site that updates can take and runs a made-up update of it as a preview
   * (src/generator/warm-live-site.ts), so the first stock change after the process starts neither loads
   * the site nor runs the update's code cold. A site that needs a full build is left to its first run.
   * Resolves to whether the site was loaded; never rejects.
   */
  const prepare = (slug: string): Promise<boolean> => {
    const job = (async () => {
      const started = performance.now();
      try {
        const site = findSite(loadAllSiteConfigs('sites', root), slug);
        // Judged before compiling: a site built by other code needs a full build, which its run compiles for.
        const version = await codeVersion();
        const reason = await fullBuildReason(slug, { full: false }, version);
        if (reason) {
          log(`${slug}: not loaded ahead of its first update: it needs a full build, because ${reason}`);
          return false;
        }
        const app = await compileApp(appRoot, version);
        const current = await currentLive(slug, site);
        const pages = await warmLiveSite(current, await liveRenderer(app.version, app.dir), { root, appRoot, now: now() });
        // What loading and the warm-up left behind is collected now, while nothing waits, not in the first updates.
        collectGarbage();
        log(`${slug}: loaded for updates in ${Math.round(performance.now() - started)} ms (a made-up update of ${pages} page(s) ran as a preview to warm up)`);
        return true;
      } catch (error) {
        log(`${slug}: not loaded ahead of its first update (${(error as Error).message}); that update loads it.`);
        return false;
      }
    })();
    preparing.set(slug, job);
    return job;
  };

  const run = async (slug: string, plan: RunPlan, progress: (p: RunProgress) => void): Promise<RunResult> => {
    const started = performance.now();
    await preparing.get(slug);
    preparing.delete(slug);
    const release = await waitForLock(lockDir, slug, log);
    let buildId: number | null = null;
    try {
      const site = findSite(loadAllSiteConfigs('sites', root), slug);
      const app = await compileApp(appRoot, await codeVersion());
      const fullReason = await fullBuildReason(slug, plan, app.version);
      const pending = plan.events ? store.pending(slug) : [];
      const events = pending.map((e) => ({ eventId: e.eventId, event: e.event }));
      const source = sourceFor(site, { root });
      const kind = fullReason ? 'full' : pending.length > 0 || plan.clock ? 'incremental' : 'content';
      buildId = store.startBuild(slug, kind, plan.triggers.join(', '), now());

      if (fullReason) {
        log(`${slug}: full build because ${fullReason}${events.length > 0 ? `, with ${events.length} pending event(s) applied first` : ''}`);
        let batch: AppliedBatch | null = null;
        if (events.length > 0 || plan.clock) {
          let snapshot = await readSnapshot(slug, root);
          // A passed time boundary moves the reference time on before the build renders every page as of it.
          if (snapshot && plan.clock) snapshot = advanceClock(site, snapshot, loadSiteContent(slug, root), now()).snapshot;
          if (snapshot && events.length > 0) batch = await applyEvents({ site, snapshot }, events, { fetchVehicle: source.fetchVehicle?.bind(source), source, now: now() });
          if (snapshot) await writeSnapshot(batch?.snapshot ?? snapshot, root);
        }
        const summary = await buildSites({
          site: slug,
          skipPull: true,
          root,
          appRoot,
          interactive: false,
          log,
          onProgress: (_site, phase, done, total) => progress({ phase: `full build: ${phase}`, done, total }),
        });
        live.delete(slug);
        const built = summary.sites[0]!;
        store.settle(slug, batch?.applied ?? events.map((e) => e.eventId), batch?.failed ?? [], now());
        // A failed deploy fails the run, so the next one builds and deploys the whole site again.
        if (site.deploy.onChange && built.status === 'published') await deployFiles(site, site.deploy.onChange, null, { root, log });
        const outcome: RunOutcome = { status: 'published', kind: 'full', pages: built.pages, durationMs: Math.round(performance.now() - started), message: `full build: ${fullReason}`, report: built };
        store.finishBuild(buildId, { status: 'published', pages: built.pages, message: outcome.message!, report: built }, now());
        return outcome;
      }

      const current = await currentLive(slug, site);
      const entry = await liveRenderer(app.version, app.dir);
      let next: Snapshot = current.snapshot;
      let applied: AppliedBatch = { snapshot: next, applied: [], failed: [], touched: new Set(), unchanged: true };
      const changes = new Set<string>();
      // Time first: events are then judged at the new reference time, as a pull now would judge them.
      let clockTouched = new Set<number>();
      let aged = new Set<number>();
      if (plan.clock) {
        const advanced = advanceClock(current.site, current.snapshot, current.data.content, now());
        next = advanced.snapshot;
        clockTouched = advanced.touched;
        aged = advanced.aged;
        for (const change of advanced.contentChanges) changes.add(change);
        if (advanced.passed.length > 0) log(`${slug}: ${advanced.passed.flatMap((b) => b.causes).length} time boundary change(s) passed since ${current.snapshot.meta.pulledAt}: ${describeBoundaries(advanced.passed)}`);
      }
      if (events.length > 0) {
        applied = await applyEvents({ site: current.site, snapshot: next }, events, { fetchVehicle: source.fetchVehicle?.bind(source), source, now: now() });
        next = applied.snapshot;
      }
      let content: SiteContent | undefined;
      if (plan.content) {
        content = loadSiteContent(slug, root);
        // Compared with what the live release was rendered from, which may be long before this process started.
        // Offers and models come through the source (for demo sites, from content/<slug>/).
        const change = contentChange(current, next, content, await editorialRecordsOf(source));
        for (const part of change.changes) changes.add(part);
        next = change.snapshot;
      }
      const { live: updated, result } = await updateLiveSite(
        current,
        { snapshot: next, ...(content && changes.size > 0 ? { content } : {}), touched: new Set([...applied.touched, ...clockTouched]), aged, contentChanges: changes },
        entry.render,
        {
          root,
          similarSection: entry.similarSection,
          searchPageAnswers: entry.searchPageAnswers,
          onProgress: (done, total) => progress({ phase: 'render', done, total }),
          // The site shows the events from here on; the journal keeps them until the snapshot has them too.
          onFilesReplaced: () => store.markRendered(slug, applied.applied),
        },
      );
      live.set(slug, { site: updated, snapshotVersion: await snapshotVersion(slug, root) });
      store.settle(slug, applied.applied, applied.failed, now());
      const { files, ...summary } = result;
      if (site.deploy.onChange && !result.unchanged) await deployFiles(site, site.deploy.onChange, files, { root, log });
      const message =
        (result.unchanged
          ? `${kind}: nothing on the site changed, so nothing was written`
          : `${kind}: ${result.rendered} page(s) rendered, ${result.patched} brought up to date in place, ${result.searchPagesKept} search page(s) kept as their searches answered as before, ${result.removed} removed`) +
        (result.everything ? ` (everything, because ${result.everything})` : '') +
        (applied.failed.length > 0 ? `; ${applied.failed.length} event(s) quarantined` : '');
      log(`${slug}: ${message} in ${Math.round(performance.now() - started)} ms`);
      const outcome: RunResult = {
        status: 'published',
        kind,
        pages: result.rendered,
        durationMs: Math.round(performance.now() - started),
        message,
        report: { ...summary, events: { applied: applied.applied.length, failed: applied.failed } },
        published: { snapshot: updated.snapshot, content: updated.data.content },
      };
      store.finishBuild(buildId, { status: 'published', pages: result.rendered, message, report: outcome.report }, now());
      return outcome;
    } catch (error) {
      const message = (error as Error).message;
      log(`${slug}: update failed: ${message}. The next change rebuilds the site in full.`);
      live.delete(slug);
      if (buildId !== null) store.finishBuild(buildId, { status: 'failed', message }, now());
      return { status: 'failed', kind: 'incremental', pages: 0, durationMs: Math.round(performance.now() - started), message };
    } finally {
      release();
    }
  };
  return Object.assign(run, { prepare });
}
