import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RunOutcome, SiteQueue } from './site-queue.ts';
import type { OpsStore } from './store.ts';

/**
 * The ops server's Prometheus metrics, in one registry per server. Counters and histograms count what
 * this process saw; the gauges are read from the journal and the lead store at each scrape, so they
 * stay right across restarts.
 */
export interface OpsMetrics {
  registry: Registry;
  webhooksAccepted: Counter<'site'>;
  webhooksDuplicate: Counter<'site'>;
  webhooksSuperseded: Counter<'site'>;
  webhooksRejected: Counter<'site' | 'reason'>;
  requestDuration: Histogram<'route' | 'method' | 'status'>;
  leadsStored: Counter<'site'>;
  /** Stops listening to the queue. */
  close(): void;
}

/** Label for a site slug named in a refused request that is not one of ours: an attacker's text never becomes a label. */
export const UNKNOWN_SITE = '(unknown)';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BUILD_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export function createMetrics(options: { store: OpsStore; queue: SiteQueue; sites: string[] }): OpsMetrics {
  const { store, queue, sites } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ops_' });
  const registers = [registry];

  const webhooksAccepted = new Counter({ name: 'ops_webhook_events_received_total', help: 'Webhook events verified and journalled (answered 202).', labelNames: ['site'], registers });
  const webhooksSuperseded = new Counter({
    name: 'ops_webhook_events_superseded_total',
    help: 'Webhook events older than one the site already had for the same record: recorded, not applied (answered 200).',
    labelNames: ['site'],
    registers,
  });
  const webhooksDuplicate = new Counter({ name: 'ops_webhook_events_duplicate_total', help: 'Webhook events whose id the site had already journalled (answered 200).', labelNames: ['site'], registers });
  const webhooksRejected = new Counter({
    name: 'ops_webhook_events_rejected_total',
    help: 'Webhook requests refused, by reason (signature, timestamp, malformed, too_large, unsupported_media_type, rate_limited, unknown_site, not_configured, ...).',
    labelNames: ['site', 'reason'],
    registers,
  });
  const eventsApplied = new Counter({ name: 'ops_events_applied_total', help: 'Journalled events applied to a published site.', labelNames: ['site'], registers });
  const applyLatency = new Histogram({
    name: 'ops_event_apply_latency_seconds',
    help: 'From a webhook event being journalled to the site publishing it.',
    labelNames: ['site'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const buildDuration = new Histogram({ name: 'ops_build_duration_seconds', help: 'Site runs, by kind and outcome.', labelNames: ['site', 'kind', 'status'], buckets: BUILD_BUCKETS, registers });
  const requestDuration = new Histogram({
    name: 'ops_http_request_duration_seconds',
    help: 'HTTP requests answered, by route template, method and status code.',
    labelNames: ['route', 'method', 'status'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const leadsStored = new Counter({ name: 'ops_leads_stored_total', help: 'Leads stored by the public leads API.', labelNames: ['site'], registers });

  new Gauge({
    name: 'ops_queue_depth',
    help: 'Journalled events not yet in the site snapshot.',
    labelNames: ['site'],
    registers,
    collect() {
      this.reset();
      for (const site of sites) this.set({ site }, 0);
      const rows = store.db.prepare("select site, count(*) n from events where status in ('pending', 'rendered') group by site").all() as Array<{ site: string; n: number }>;
      for (const row of rows) this.set({ site: row.site }, row.n);
    },
  });
  new Gauge({
    name: 'ops_site_running',
    help: '1 while a site is building, else 0.',
    labelNames: ['site'],
    registers,
    collect() {
      for (const site of sites) this.set({ site }, queue.status(site).state === 'running' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ops_leads',
    help: 'Stored leads by delivery state (stored: no CRM target; pending: being delivered; delivered; flagged: needs a person; spam).',
    labelNames: ['site', 'state'],
    registers,
    collect() {
      this.reset();
      for (const site of sites) for (const [state, n] of Object.entries(store.leads.counts(site))) this.set({ site, state }, n);
    },
  });

  // What each finished run applied: the events it settled, with how long each waited.
  const started = new Map<string, string>();
  const appliedSince = store.db.prepare("select received_at, applied_at from events where site = ? and status = 'applied' and applied_at >= ?");
  const onStart = (site: string) => started.set(site, new Date().toISOString());
  const onFinish = (site: string, outcome: RunOutcome) => {
    buildDuration.observe({ site, kind: outcome.kind, status: outcome.status }, outcome.durationMs / 1000);
    const since = started.get(site);
    started.delete(site);
    if (!since || outcome.status !== 'published') return;
    const rows = appliedSince.all(site, since) as Array<{ received_at: string; applied_at: string }>;
    eventsApplied.inc({ site }, rows.length);
    for (const row of rows) applyLatency.observe({ site }, Math.max(0, Date.parse(row.applied_at) - Date.parse(row.received_at)) / 1000);
  };
  queue.on('start', onStart);
  queue.on('finish', onFinish);

  return {
    registry,
    webhooksAccepted,
    webhooksDuplicate,
    webhooksSuperseded,
    webhooksRejected,
    requestDuration,
    leadsStored,
    close() {
      queue.off('start', onStart);
      queue.off('finish', onFinish);
    },
  };
}
