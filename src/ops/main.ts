import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadAllSiteConfigs } from '../data/site-config.ts';
import { cleanAbandonedReleases } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { loadOpsConfig, type OpsConfig } from './config.ts';
import { BoundaryClock } from './boundary-clock.ts';
import { createDispatchRunner } from './dispatch.ts';
import { createLeadOutbox, type LeadOutbox } from './lead-outbox.ts';
import { createOpsServer } from './server.ts';
import { SiteQueue, type SiteRunner } from './site-queue.ts';
import { OpsStore } from './store.ts';

export interface StartOpsOptions {
  /** Environment to read the configuration and webhook secrets from (default: the process's). */
  env?: Record<string, string | undefined>;
  /** Where sites/, content/, data/ and out/ are (default: the working directory). */
  root?: string;
  /** The project the app is compiled from (default: this checkout). */
  appRoot?: string;
  log?: (line: string) => void;
  /** Replaces the runner the mode would choose (tests). */
  runner?: SiteRunner;
}

export interface RunningOps {
  config: OpsConfig;
  app: FastifyInstance;
  store: OpsStore;
  queue: SiteQueue;
  outbox: LeadOutbox;
  sites: SiteConfig[];
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  /** Stops accepting requests, lets a running build finish (up to `timeoutMs`), closes the journal. */
  close(timeoutMs?: number): Promise<void>;
}

/** How often sites with pending events and an idle queue are tried again (after a failed run). */
const RETRY_MS = 60_000;

/**
 * Starts the ops server: configuration from the environment, the journal,
 * the per-site queue with the runner for the mode, recovery of anything a
 * previous process left behind, then the HTTP server.
 */
export async function startOps(options: StartOpsOptions = {}): Promise<RunningOps> {
  const env = options.env ?? process.env;
  const root = path.resolve(options.root ?? process.cwd());
  const appRoot = options.appRoot ?? path.resolve(import.meta.dirname, '..', '..');
  const log = options.log ?? console.log;
  const config = loadOpsConfig(env);
  const sites = loadAllSiteConfigs('sites', root);
  const store = new OpsStore(path.resolve(root, config.dataDir, 'ops.sqlite'));

  const abandoned = store.abandonRunningBuilds();
  if (abandoned > 0) log(`Marked ${abandoned} build(s) interrupted by the last shutdown as failed.`);
  if (config.mode === 'local') {
    const cleaned = await cleanAbandonedReleases(root);
    if (cleaned.partialReleases.length > 0) log(`Removed ${cleaned.partialReleases.length} release(s) a build left unfinished: ${cleaned.partialReleases.join(', ')}.`);
    if (cleaned.temporaryFiles > 0) log(`Removed ${cleaned.temporaryFiles} temporary file(s) a stopped process left in the published releases.`);
  }

  let runner: SiteRunner;
  // Loads a site and warms the code its updates run, ahead of its first webhook (local mode).
  let prepare: ((slug: string) => Promise<boolean>) | null = null;
  try {
    if (options.runner) runner = options.runner;
    else if (config.mode === 'dispatch') runner = createDispatchRunner({ store, config, log });
    else {
      // Loaded only in local mode: it brings in the whole generator.
      const { createSiteRunner } = await import('./site-runner.ts');
      const local = createSiteRunner({ store, root, appRoot, log });
      prepare = local.prepare;
      runner = local;
    }
  } catch (error) {
    store.close();
    throw error;
  }

  const queue = new SiteQueue(runner, { coalesceMs: config.coalesceMs });
  queue.on('start', (site: string, plan: { triggers: string[] }) => log(`${site}: build started (${plan.triggers.join(', ')})`));
  queue.on('finish', (site: string, outcome: { status: string; pages: number; durationMs: number; message?: string }) =>
    log(`${site}: ${outcome.status}, ${outcome.pages} pages in ${(outcome.durationMs / 1000).toFixed(1)} s${outcome.message ? ` (${outcome.message})` : ''}`),
  );
  // Leads are delivered to the sites' CRM targets from here; the outbox resumes whatever a previous process left.
  const outbox = createLeadOutbox({ store: store.leads, sites, env, log, retryBaseMs: config.leadRetryBaseMs, maxAttempts: config.leadMaxAttempts });
  const app = createOpsServer({ config, store, queue, sites, root, appRoot, env, log, onLead: () => outbox.kick() });
  for (const site of sites) {
    const name = site.integrations.webhookSecretEnv;
    if (!name) log(`${site.slug}: no integrations.webhookSecretEnv in sites/${site.slug}.yaml, so its webhooks answer 503.`);
    else if (!env[name]) log(`${site.slug}: ${name} is not set, so its webhooks answer 503 until it is.`);
  }

  // Resume after a crash: events journalled but not yet applied.
  const known = new Set(sites.map((s) => s.slug));
  const resume = () => {
    for (const site of store.sitesWithPending()) {
      if (!known.has(site)) {
        log(`The journal has pending events for "${site}", which has no config under sites/; they are left pending.`);
        continue;
      }
      if (queue.status(site).state === 'idle') queue.request(site, { events: true, trigger: 'startup' });
    }
  };
  resume();
  // Offers, the popup, promo cards and sold vehicles change the site at set times: republish then. Only
  // in local mode: in dispatch mode the snapshots live with the builds, and the nightly job covers time.
  const clock = new BoundaryClock({ sites: config.mode === 'local' ? sites : [], root, queue, log });
  await clock.start();
  const retry = setInterval(() => {
    for (const site of store.sitesWithPending()) {
      if (known.has(site) && queue.status(site).state === 'idle') queue.request(site, { events: true, trigger: 'retry' });
    }
  }, RETRY_MS);
  retry.unref();

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    clearInterval(retry);
    clock.close();
    await outbox.stop(0);
    queue.close();
    store.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`Port ${config.port} on ${config.host} is in use. Stop the other process or set OPS_PORT to a free port.`);
    throw error;
  }
  outbox.start();
  const address = app.server.address() as AddressInfo;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost}:${address.port}`;

  let closing: Promise<void> | null = null;
  const close = (timeoutMs = 30_000) =>
    (closing ??= (async () => {
      clearInterval(retry);
      clock.close();
      queue.close();
      await app.close();
      await outbox.stop();
      const deadline = Date.now() + timeoutMs;
      const running = () => sites.filter((s) => queue.status(s.slug).state === 'running').map((s) => s.slug);
      if (running().length > 0) log(`Waiting for running builds to finish: ${running().join(', ')}`);
      while (running().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const left = running();
      if (left.length > 0) log(`Stopped waiting for ${left.join(', ')}; they are marked failed at the next start and their events stay pending.`);
      store.close();
    })());

  // Each site is loaded and warmed for its first update while the server waits for it (OPS_PRELOAD_SITES),
  // one after another, so the loading never takes both cores from a run under way. A site already running
  // (events a previous process left) loads in its run.
  if (prepare && config.preloadSites) {
    const ready = prepare;
    void (async () => {
      for (const site of sites) if (!closing && queue.status(site.slug).state === 'idle') await ready(site.slug);
    })();
  }

  return { config, app, store, queue, outbox, sites, url, close };
}

/** The lines printed at start: where the admin page, the webhooks and each site's preview are. */
export function startupLines(ops: RunningOps): string[] {
  const port = new URL(ops.url).port;
  const width = Math.max(...ops.sites.map((s) => s.slug.length));
  return [
    `Ops server (${ops.config.mode} mode) listening on ${ops.url}`,
    `  admin page   ${ops.url}/admin  (staff sign in with their accounts${ops.store.staff.count() === 0 ? '; there are none yet: npm run staff -- add --username <name> --name "<Full Name>" --role operator' : ''})`,
    `  webhooks     ${ops.url}/webhooks/<site>`,
    `  rebuild API  POST ${ops.url}/api/sites/<site>/rebuild  (Authorization: Bearer $OPS_ADMIN_TOKEN)`,
    `  health       ${ops.url}/healthz   metrics ${ops.url}/metrics  (Authorization: Bearer $OPS_METRICS_TOKEN or the admin token)`,
    `Client addresses for rate limits: ${proxyTrust(ops.config.trustProxy)}`,
    'Site previews:',
    ...ops.sites.map((s) => `  ${s.slug.padEnd(width)}  http://${s.slug}.localhost:${port}/`),
  ];
}

/** What OPS_TRUST_PROXY means for the client address, in words for the start-up lines. */
function proxyTrust(trust: OpsConfig['trustProxy']): string {
  if (trust === false) return 'each connection\'s own address (OPS_TRUST_PROXY unset). Behind a load balancer, set it to the balancer\'s address, or every caller shares one.';
  if (trust === true) return 'X-Forwarded-For from any proxy (OPS_TRUST_PROXY=true): only safe behind a proxy that overwrites that header.';
  return `X-Forwarded-For when the connection comes from ${trust.join(', ')} (OPS_TRUST_PROXY).`;
}
