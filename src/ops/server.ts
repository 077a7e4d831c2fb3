import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { siteHandler } from '../generator/preview.ts';
import { OUT } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { leadsCsv, leadsPage } from './admin-leads.ts';
import { CONTENT_CSS, forbiddenPage } from './admin-content-pages.ts';
import { adminContentRoutes } from './admin-content.ts';
import { ADMIN_APP_JS, ADMIN_CSP, ADMIN_CSS, adminPage, layout, signInPage } from './admin-page.ts';
import { commitContent } from './content-commit.ts';
import { DRAFT_PREVIEW_HOST, draftPreviewHandler } from './content-preview.ts';
import { actorName, may, readCookie, STAFF_COOKIE, STAFF_SESSION_MS, staffCookie, visibleSites, type Actor } from './staff-auth.ts';
import type { LeadState } from './lead-store.ts';
import type { OpsConfig } from './config.ts';
import { headerValues, tokenMatches } from './signature.ts';
import type { RunOutcome, RunPlan, RunProgress, SiteQueue, SiteQueueStatus } from './site-queue.ts';
import type { BuildRecord, JournalEntry, OpsStore } from './store.ts';
import { publicApiRoutes } from './leads-api.ts';
import { shopperServices } from './shopper-api.ts';
import { SiteCatalogue } from './site-catalogue.ts';
import { VehicleLookup } from './vehicle-lookup.ts';
import { VehiclePdfs } from './vehicle-pdf-api.ts';
import { healthRoutes } from './health.ts';
import { createLimits, retryAfterSeconds, type Limits } from './limits.ts';
import { createMetrics, type OpsMetrics } from './metrics.ts';
import { webhookRoutes } from './webhooks.ts';

/** Progress events relayed per site and stream, at most one per this many milliseconds. */
export const PROGRESS_THROTTLE_MS = 250;
export const HEARTBEAT_MS = 15_000;
/** Open event streams allowed at once (each holds a connection and three queue listeners). */
export const MAX_STREAMS = 100;
/** A connection with no bytes either way for this long is closed (event streams send a heartbeat well within it). */
export const SOCKET_IDLE_MS = 60_000;

export interface OpsServerOptions {
  config: OpsConfig;
  store: OpsStore;
  queue: SiteQueue;
  sites: SiteConfig[];
  /** Where sites/, out/ and data/ are. */
  root: string;
  /** The project the app is compiled from (content previews render with it); default the working directory. */
  appRoot?: string;
  /** The clock (signature windows, journal times); tests move it. */
  now?: () => Date;
  /** Where webhook secrets are read from (default: the process environment, read on each request). */
  env?: Record<string, string | undefined>;
  /** Where the server's lines go: plain sentences, and one JSON object per line for refusals. */
  log?: (line: string) => void;
  /** Called after a lead is stored (the outbox delivers it). */
  onLead?: (leadId: number) => void;
}

/** What every route module gets: the server's collaborators, resolved once. */
export interface OpsContext {
  config: OpsConfig;
  store: OpsStore;
  queue: SiteQueue;
  sites: SiteConfig[];
  root: string;
  appRoot: string;
  now: () => Date;
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  site(slug: string): SiteConfig | undefined;
  /** When each site's current run started (ms since epoch), to tell a fresh build record from an old one. */
  runStarted: Map<string, number>;
  /** Open event streams, ended when the server closes. */
  streams: Set<() => void>;
  /** Tells the outbox a lead is ready for delivery. */
  onLead: (leadId: number) => void;
  limits: Limits;
  metrics: OpsMetrics;
  /** Writes one structured log line (JSON) with the time, level and message. */
  logEvent(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown>): void;
  /** Set when shutdown begins: /healthz answers 503 so a load balancer stops sending traffic. */
  draining: boolean;
}

/**
 * The ops server (not listening: call `listen`, or `inject` in tests).
 * Routes live in small functions below so later work (leads API, shopper
 * endpoints) adds a module rather than growing one handler.
 */
export function createOpsServer(options: OpsServerOptions): FastifyInstance {
  const bySlug = new Map(options.sites.map((s) => [s.slug, s]));
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const ctx: OpsContext = {
    config: options.config,
    store: options.store,
    queue: options.queue,
    sites: options.sites,
    root: options.root,
    appRoot: options.appRoot ?? process.cwd(),
    now,
    env: options.env ?? process.env,
    log,
    site: (slug) => bySlug.get(slug),
    runStarted: new Map(),
    streams: new Set(),
    onLead: () => {},
    limits: createLimits(options.config),
    metrics: createMetrics({ store: options.store, queue: options.queue, sites: options.sites.map((s) => s.slug) }),
    logEvent: (level, msg, fields) => log(JSON.stringify({ time: now().toISOString(), level, msg, ...fields })),
    draining: false,
  };
  ctx.onLead = (leadId) => {
    const site = ctx.store.leads.get(leadId)?.site;
    if (site) ctx.metrics.leadsStored.inc({ site });
    options.onLead?.(leadId);
  };
  const { requestTimeoutMs, idleTimeoutMs } = options.config;
  const app = Fastify({
    logger: false,
    trustProxy: options.config.trustProxy,
    genReqId: () => randomUUID(),
    // Slow senders are cut off: the whole request (headers and body) within the request timeout, checked
    // every second rather than Node's default 30; idle keep-alive connections closed after the idle timeout.
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: idleTimeoutMs,
    connectionTimeout: SOCKET_IDLE_MS,
    http: { headersTimeout: requestTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, requestTimeoutMs) },
  });
  app.server.maxConnections = options.config.maxConnections;

  // Each open stream listens to the queue; the default warning at 10 listeners would fire at the 8th admin tab.
  ctx.queue.setMaxListeners(Math.max(ctx.queue.getMaxListeners(), MAX_STREAMS * 2));
  const onStart = (site: string) => ctx.runStarted.set(site, ctx.now().getTime());
  ctx.queue.on('start', onStart);
  app.addHook('preClose', async () => {
    ctx.draining = true;
    for (const end of [...ctx.streams]) end();
  });
  app.addHook('onClose', async () => {
    ctx.queue.off('start', onStart);
    ctx.metrics.close();
  });

  registerRequestChecks(app, ctx);
  // Before any route: a request for <slug>.localhost is that site's preview, whatever its path.
  registerPreviewHosts(app, ctx);
  app.register(rateLimit, { global: false });
  app.register(async (scope) => webhookRoutes(scope, ctx));
  app.register(async (scope) => apiRoutes(scope, ctx));
  app.register(async (scope) => adminRoutes(scope, ctx));
  app.register(async (scope) => {
    adminHeaders(scope);
    adminContentRoutes(scope, {
      root: ctx.root,
      appRoot: ctx.appRoot,
      now: ctx.now,
      site: ctx.site,
      staff: ctx.store.staff,
      actor: (request) => adminAuth(ctx, request),
      rebuild: (slug, trigger) => ctx.queue.request(slug, { content: true, trigger }),
      commit: ctx.config.contentCommit === 'git' ? (files, message, staff) => commitContent(ctx.root, files, message, staff) : undefined,
      log: ctx.log,
      crossOrigin,
      signIn: () => signInPage({ noStaff: ctx.store.staff.count() === 0 }),
    });
  });
  app.register(async (scope) => healthRoutes(scope, ctx));
  const catalogue = new SiteCatalogue(ctx.root);
  const shoppers = shopperServices(ctx.config, { shoppers: ctx.store.shoppers, catalogue, sites: ctx.sites, now: ctx.now, log: ctx.log, env: ctx.env });
  app.register(async (scope) =>
    publicApiRoutes(scope, {
      leads: ctx.store.leads,
      vehicles: new VehicleLookup(ctx.root),
      sites: ctx.sites,
      now: ctx.now,
      log: ctx.log,
      leadRateLimit: ctx.config.leadRateLimit,
      onLead: ctx.onLead,
      pdfs: new VehiclePdfs(ctx.root, catalogue),
      shoppers,
    }),
  );
  app.get('/', async (_request, reply) => reply.redirect('/admin'));
  return app;
}

/**
 * Checks every request gets before routing: one Host header (two could be read differently by a
 * proxy and by this server), a request id in the answer, and its time in the metrics.
 */
function registerRequestChecks(app: FastifyInstance, ctx: OpsContext): void {
  let forwardedWarned = false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (!forwardedWarned && ctx.config.trustProxy === false && request.headers['x-forwarded-for'] !== undefined) {
      forwardedWarned = true;
      ctx.log(
        'Requests arrive with X-Forwarded-For but OPS_TRUST_PROXY is not set: rate limits count every caller behind that proxy as one address. Set OPS_TRUST_PROXY to the proxy\'s address if it is yours.',
      );
    }
    if (headerValues(request.raw.rawHeaders, 'host').length > 1) {
      ctx.logEvent('warn', 'request refused', { reqId: request.id, status: 400, reason: 'duplicate_host', client: request.ip, url: request.url.slice(0, 200) });
      return reply.code(400).header('Connection', 'close').send({ error: 'more than one Host header' });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? (PREVIEW_HOST.test(request.headers.host ?? '') ? '(preview)' : '(unmatched)');
    ctx.metrics.requestDuration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

// ---------------------------------------------------------------- summaries shared by the API and the admin page

/** A build report reduced to what the admin page shows. */
export interface ReportSummary {
  pages: number | null;
  /** Seconds per phase, in the report's order. */
  phases: Array<{ phase: string; seconds: number }>;
  imageTransforms: { done: number; reused: number } | null;
  failure: string | null;
  /** Anything else worth a word (e.g. a dispatch hand-off). */
  note: string | null;
}

/** A build as the API and admin page show it. */
export interface BuildView {
  id: number | null;
  kind: BuildRecord['kind'];
  trigger: string;
  status: BuildRecord['status'];
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  pages: number | null;
  message: string | null;
  summary: ReportSummary | null;
}

/** A queue status without the last run's full report (the build record carries it). */
export type QueueView = Omit<SiteQueueStatus, 'last'> & { last: Omit<NonNullable<SiteQueueStatus['last']>, 'report'> | null };

export function queueView(status: SiteQueueStatus): QueueView {
  if (!status.last) return { ...status, last: null };
  const { report: _report, ...last } = status.last;
  return { ...status, last };
}

export interface SiteSummary {
  slug: string;
  name: string;
  template: SiteConfig['template'];
  url: string;
  queue: QueueView;
  /** The last build the ops server recorded; before its first, the last CLI build's report (trigger "cli build"). */
  lastBuild: BuildView | null;
  journal: Record<JournalEntry['status'], number>;
  /** The site's leads by delivery state. */
  leads: Record<LeadState, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Reads what it can from a build report without trusting its shape. Two shapes
 * are known: the generator's full-build report (out/_reports, `timings` in
 * seconds) and the incremental update result (`rendered`, `removed`,
 * `timingsMs`, `events`), as the site runner records them.
 */
export function summarizeReport(report: unknown, fallback: { pages?: number | null; status?: string; message?: string | null } = {}): ReportSummary | null {
  const r = isRecord(report) ? report : null;
  if (!r && fallback.pages == null && !fallback.message) return null;
  const incremental = r !== null && num(r.rendered) !== null;
  const timings = r && isRecord(r.timingsMs) ? r.timingsMs : r && isRecord(r.timings) ? r.timings : null;
  const inMilliseconds = r !== null && isRecord(r.timingsMs);
  const phases = timings
    ? Object.entries(timings).flatMap(([phase, value]) => {
        const n = num(value);
        if (n === null) return [];
        const seconds = inMilliseconds ? n / 1000 : n;
        return [{ phase: words(phase), seconds: Math.round(seconds * 1000) / 1000 }];
      })
    : [];
  const images = r && isRecord(r.imageTransforms) ? r.imageTransforms : null;
  const failureMessage = r && isRecord(r.failure) && typeof r.failure.message === 'string' ? `${String(r.failure.phase ?? 'build')}: ${r.failure.message}` : null;
  const notes: string[] = [];
  if (r && typeof r.note === 'string') notes.push(r.note);
  if (incremental) {
    if (num(r.removed)) notes.push(`${num(r.removed)} removed`);
    const events = isRecord(r.events) ? r.events : null;
    if (events && num(events.applied)) notes.push(`${num(events.applied)} events applied`);
    if (events && Array.isArray(events.failed) && events.failed.length > 0) notes.push(`${events.failed.length} events quarantined`);
    if (typeof r.everything === 'string') notes.push(`every page, because ${r.everything}`);
  }
  return {
    pages: (incremental ? num(r.rendered) : num(r?.pages)) ?? fallback.pages ?? null,
    phases,
    imageTransforms: images && num(images.done) !== null ? { done: num(images.done)!, reused: num(images.reused) ?? 0 } : null,
    failure: failureMessage ?? (fallback.status === 'failed' ? (fallback.message ?? 'failed') : null),
    note: notes.length > 0 ? notes.join(', ') : null,
  };
}

export function buildView(record: BuildRecord): BuildView {
  return {
    id: record.id,
    kind: record.kind,
    trigger: record.trigger,
    status: record.status,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    durationMs: record.durationMs,
    pages: record.pages,
    message: record.message,
    summary: record.status === 'running' ? null : summarizeReport(record.report, record),
  };
}

/** The generator's out/_reports/<slug>.json, for a site the ops server has not built yet. */
function reportBuild(root: string, slug: string): BuildView | null {
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(path.resolve(root, OUT, '_reports', `${slug}.json`), 'utf8'));
  } catch {
    return null;
  }
  if (!isRecord(report)) return null;
  const status = report.status === 'failed' ? 'failed' : 'published';
  const timings = isRecord(report.timings) ? Object.values(report.timings).reduce<number>((sum, s) => sum + (num(s) ?? 0), 0) : null;
  const message = isRecord(report.failure) && typeof report.failure.message === 'string' ? report.failure.message : null;
  return {
    id: null,
    kind: 'full',
    trigger: 'cli build',
    status,
    startedAt: null,
    finishedAt: typeof report.builtAt === 'string' ? report.builtAt : null,
    durationMs: timings === null ? null : Math.round(timings * 1000),
    pages: num(report.pages),
    message,
    summary: summarizeReport(report, { status, message }),
  };
}

export function siteSummary(ctx: OpsContext, site: SiteConfig): SiteSummary {
  const record = ctx.store.lastBuild(site.slug);
  return {
    slug: site.slug,
    name: site.name,
    template: site.template,
    url: site.url,
    queue: queueView(ctx.queue.status(site.slug)),
    lastBuild: record ? buildView(record) : reportBuild(ctx.root, site.slug),
    journal: ctx.store.counts(site.slug),
    leads: ctx.store.leads.counts(site.slug),
  };
}

/** The build a finished run produced: the runner's record when it wrote one for this run, else one made from the outcome. */
function finishedBuild(ctx: OpsContext, site: string, outcome: RunOutcome, plan: RunPlan | null): BuildView {
  const record = ctx.store.lastBuild(site);
  const started = ctx.runStarted.get(site) ?? 0;
  if (record && record.status !== 'running' && Date.parse(record.startedAt) >= started - 1000) return buildView(record);
  const finishedAt = ctx.now().toISOString();
  return {
    id: null,
    kind: outcome.kind,
    trigger: plan?.triggers.join(', ') ?? '',
    status: outcome.status,
    startedAt: started ? new Date(started).toISOString() : null,
    finishedAt,
    durationMs: outcome.durationMs,
    pages: outcome.pages,
    message: outcome.message ?? null,
    summary: summarizeReport(outcome.report, { pages: outcome.pages, status: outcome.status, message: outcome.message ?? null }),
  };
}

// ---------------------------------------------------------------- authentication

/**
 * Who a request is: a machine with the bearer token (the rebuild API, CI), or a staff member with a live
 * session cookie; null for anyone else.
 */
export function adminAuth(ctx: OpsContext, request: FastifyRequest): Actor | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match && tokenMatches(match[1]!.trim(), ctx.config.adminToken) ? { kind: 'machine' } : null;
  }
  const sessionId = readCookie(request.headers.cookie, STAFF_COOKIE);
  if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  const session = ctx.store.staff.session(sessionId, ctx.now());
  return session ? { kind: 'staff', staff: session.staff, sessionId } : null;
}

/**
 * A state-changing request carried by the cookie must come from this origin.
 * SameSite=Strict already keeps the cookie off cross-site requests; this also
 * covers browsers that treat a sibling port or subdomain as same-site.
 */
export function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    // Through URL on both sides, so "host:80" and "http://host" compare equal.
    return new URL(origin).host !== new URL(`http://${request.headers.host ?? ''}`).host;
  } catch {
    return true;
  }
}

/**
 * The admin check with a budget for failures per client address (`OPS_AUTH_FAILURE_LIMIT`): a
 * client past it is answered 429, right token or not, until its minute is up, so tokens cannot be
 * guessed at speed. Each refusal is logged. 'refused' means the answer has been sent.
 */
export async function checkedAdminAuth(ctx: OpsContext, request: FastifyRequest, reply: FastifyReply): Promise<Actor | 'refused'> {
  const over = await ctx.limits.authFailures.exhausted(request.ip);
  if (over !== null) {
    ctx.logEvent('warn', 'admin request refused', { reqId: request.id, status: 429, reason: 'auth_failures_over_limit', client: request.ip, url: request.url.slice(0, 200) });
    await reply.code(429).header('Retry-After', retryAfterSeconds(over)).send({ error: 'too many wrong tokens from this address; try again later' });
    return 'refused';
  }
  const auth = adminAuth(ctx, request);
  if (auth) return auth;
  await ctx.limits.authFailures.take(request.ip);
  ctx.logEvent('warn', 'admin request refused', { reqId: request.id, status: 401, reason: request.headers.authorization ? 'wrong_token' : 'no_token', client: request.ip, url: request.url.slice(0, 200) });
  await unauthorized(reply);
  return 'refused';
}

function unauthorized(reply: FastifyReply) {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer realm="dealer-sites-ops"')
    .send({ error: 'sign-in required: machines send "Authorization: Bearer <OPS_ADMIN_TOKEN>"; people sign in at /admin' });
}

// ---------------------------------------------------------------- site previews by host name

const PREVIEW_HOST = /^([a-z0-9][a-z0-9-]*)\.localhost(?::\d+)?$/i;

/** `<slug>.localhost[:port]` serves out/<slug> as a static host would (_redirects, _headers, 404.html). */
export function registerPreviewHosts(app: FastifyInstance, ctx: OpsContext): void {
  const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  app.addHook('onRequest', async (request, reply) => {
    const draft = DRAFT_PREVIEW_HOST.exec(request.headers.host ?? '');
    if (draft && !request.url.startsWith('/api/')) {
      const wait = await ctx.limits.previews.take(request.ip);
      if (wait !== null) return reply.code(429).header('Retry-After', retryAfterSeconds(wait)).type('text/plain; charset=utf-8').send('Too many preview requests from this address; try again shortly.');
      const slug = draft[1]!.toLowerCase();
      const id = draft[2]!.toLowerCase();
      const record = ctx.site(slug) ? ctx.store.staff.draft(id) : null;
      const handler = record && record.site === slug && record.status === 'draft' ? draftPreviewHandler(ctx.root, slug, id) : null;
      // One answer for a draft that never was, was published or was discarded: the address says nothing more.
      if (!handler) return reply.code(404).type('text/plain; charset=utf-8').send('This preview is not available: the draft was published or discarded, or never existed.');
      reply.hijack();
      handler(request.raw, reply.raw);
      return reply;
    }
    const match = PREVIEW_HOST.exec(request.headers.host ?? '');
    // The API answers on a preview host too, as a static host in front of this server routes /api/* here.
    if (!match || request.url.startsWith('/api/')) return;
    const wait = await ctx.limits.previews.take(request.ip);
    if (wait !== null) return reply.code(429).header('Retry-After', retryAfterSeconds(wait)).type('text/plain; charset=utf-8').send('Too many preview requests from this address; try again shortly.');
    const slug = match[1]!.toLowerCase();
    const site = ctx.site(slug);
    // The answer does not list the server's sites: the preview host name may be reachable from outside.
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(`No site "${slug}" on this server.`);
    let handler = handlers.get(slug);
    if (!handler) {
      handler = siteHandler(path.resolve(ctx.root, OUT, slug));
      handlers.set(slug, handler);
    }
    reply.hijack();
    handler(request.raw, reply.raw);
    return reply;
  });
}

// ---------------------------------------------------------------- admin API

const RebuildBodySchema = z.strictObject({ full: z.boolean().optional() }).optional();

/** Token-protected JSON API: sites, builds, rebuild, and the live event stream. */
export function apiRoutes(scope: FastifyInstance, ctx: OpsContext): void {
  scope.addHook('onRequest', async (request, reply) => {
    const auth = await checkedAdminAuth(ctx, request, reply);
    if (auth === 'refused') return reply;
    if (auth.kind === 'staff' && request.method !== 'GET' && request.method !== 'HEAD' && crossOrigin(request)) {
      return reply.code(403).send({ error: 'cross-origin request refused' });
    }
    request.actor = auth;
  });
  /** The site a request names, if the actor may do `to` with it; otherwise the answer is sent (404 either way). */
  const siteFor = async (request: FastifyRequest<{ Params: { site: string } }>, reply: FastifyReply, to: 'view' | 'rebuild'): Promise<SiteConfig | null> => {
    const site = ctx.site(request.params.site);
    if (!site || !may(request.actor ?? null, { to, site: site.slug })) {
      await reply.code(404).send({ error: `unknown site "${request.params.site}"` });
      return null;
    }
    return site;
  };
  const operator = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (may(request.actor ?? null, { to: 'operate' })) return true;
    await reply.code(403).send({ error: 'operators only' });
    return false;
  };
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  scope.get('/api/sites', async (request) => ({ sites: visibleSites(request.actor!, ctx.sites).map((site) => siteSummary(ctx, site)) }));

  scope.get<{ Params: { site: string }; Querystring: { limit?: string } }>('/api/sites/:site/builds', async (request, reply) => {
    const site = await siteFor(request, reply, 'view');
    if (!site) return reply;
    const limit = Math.min(Math.max(Number(request.query.limit) || 20, 1), 200);
    return { site: site.slug, builds: ctx.store.builds(site.slug, limit).map((b) => ({ ...b, summary: buildView(b).summary })) };
  });

  scope.post<{ Params: { site: string } }>('/api/sites/:site/rebuild', async (request, reply) => {
    const site = await siteFor(request, reply, 'rebuild');
    if (!site) return reply;
    const body = RebuildBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) {
      const issue = body.error.issues[0]!;
      return reply.code(400).send({ error: `${issue.path.join('.') || '(body)'}: ${issue.message}; expected {"full": true|false} or no body` });
    }
    const actor = request.actor!;
    const trigger = actor.kind === 'staff' ? `rebuild by ${actor.staff.username}` : 'rebuild (api)';
    ctx.queue.request(site.slug, { content: true, full: body.data?.full ?? false, trigger });
    ctx.store.staff.audit({ staff: actor.kind === 'staff' ? actor.staff : null, who: actorName(actor), action: 'rebuild', site: site.slug, what: `asked for a ${body.data?.full ? 'full ' : ''}rebuild` }, ctx.now());
    return reply.code(202).send({ queued: true, status: queueView(ctx.queue.status(site.slug)) });
  });

  scope.get<{ Params: { site: string }; Querystring: { limit?: string; before?: string } }>('/api/sites/:site/leads', async (request, reply) => {
    if (!(await operator(request, reply))) return reply;
    const site = ctx.site(request.params.site);
    if (!site) return reply.code(404).send({ error: `unknown site "${request.params.site}"` });
    const limit = Math.min(Math.max(Number(request.query.limit) || 50, 1), 500);
    const beforeId = Number(request.query.before) || undefined;
    return { site: site.slug, counts: ctx.store.leads.counts(site.slug), leads: ctx.store.leads.list(site.slug, { limit, beforeId }) };
  });

  scope.post<{ Params: { site: string; id: string } }>('/api/sites/:site/leads/:id/retry', async (request, reply) => {
    if (!(await operator(request, reply))) return reply;
    const lead = ctx.store.leads.get(Number(request.params.id));
    if (!lead || lead.site !== request.params.site) return reply.code(404).send({ error: `no lead ${request.params.id} for site "${request.params.site}"` });
    const retried = ctx.store.leads.retry(lead.id, ctx.now());
    if (retried > 0) ctx.onLead(lead.id);
    return { lead_id: lead.id, retried };
  });

  scope.get('/api/stream', async (request, reply) => {
    if (ctx.streams.size >= MAX_STREAMS) return reply.code(503).header('Retry-After', '30').send({ error: `too many live streams open (${MAX_STREAMS}); close some admin tabs` });
    reply.hijack();
    streamEvents(ctx, request, reply.raw, new Set(visibleSites(request.actor!, ctx.sites).map((s) => s.slug)));
  });
}

/**
 * Server-Sent Events: `hello` (every site's summary, also after a reconnect),
 * `start`, `progress` (at most one per site every PROGRESS_THROTTLE_MS, the
 * latest always delivered) and `finish` (the outcome and the build record);
 * a comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.
 */
function streamEvents(ctx: OpsContext, request: FastifyRequest, res: ServerResponse, visible: ReadonlySet<string>): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.write('retry: 3000\n\n');
  send('hello', { sites: ctx.sites.filter((site) => visible.has(site.slug)).map((site) => siteSummary(ctx, site)) });

  const plans = new Map<string, RunPlan>();
  const throttle = new Map<string, { last: number; timer: NodeJS.Timeout | null; pending: RunProgress | null }>();
  const sendProgress = (site: string, progress: RunProgress) => send('progress', { site, ...progress });

  const onStart = (site: string, plan: RunPlan) => {
    if (!visible.has(site)) return;
    plans.set(site, plan);
    send('start', { site, plan, startedAt: new Date(ctx.runStarted.get(site) ?? ctx.now().getTime()).toISOString() });
  };
  const onProgress = (site: string, progress: RunProgress) => {
    if (!visible.has(site)) return;
    let slot = throttle.get(site);
    if (!slot) {
      slot = { last: 0, timer: null, pending: null };
      throttle.set(site, slot);
    }
    const wait = slot.last + PROGRESS_THROTTLE_MS - Date.now();
    if (wait <= 0 && !slot.timer) {
      slot.last = Date.now();
      sendProgress(site, progress);
      return;
    }
    slot.pending = progress;
    if (!slot.timer) {
      const s = slot;
      s.timer = setTimeout(() => {
        s.timer = null;
        s.last = Date.now();
        if (s.pending) sendProgress(site, s.pending);
        s.pending = null;
      }, Math.max(wait, 0));
    }
  };
  const onFinish = (site: string, outcome: RunOutcome) => {
    if (!visible.has(site)) return;
    const slot = throttle.get(site);
    if (slot?.timer) clearTimeout(slot.timer);
    throttle.delete(site);
    const config = ctx.site(site);
    send('finish', {
      site,
      outcome,
      build: finishedBuild(ctx, site, outcome, plans.get(site) ?? null),
      summary: config ? siteSummary(ctx, config) : null,
    });
    plans.delete(site);
  };
  ctx.queue.on('start', onStart);
  ctx.queue.on('progress', onProgress);
  ctx.queue.on('finish', onFinish);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const slot of throttle.values()) if (slot.timer) clearTimeout(slot.timer);
    ctx.queue.off('start', onStart);
    ctx.queue.off('progress', onProgress);
    ctx.queue.off('finish', onFinish);
    ctx.streams.delete(end);
    if (!res.writableEnded) res.end();
  };
  ctx.streams.add(end);
  request.raw.on('close', end);
  res.on('close', end);
  res.on('error', end);
}

// ---------------------------------------------------------------- admin page

const LoginSchema = z.object({ username: z.string().trim().min(1).max(40), password: z.string().min(1).max(200) });

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the admin API's request is, once its check has passed. */
    actor?: Actor;
  }
}

/** The admin screens' headers: a strict Content-Security-Policy, no framing, no caching. */
export function adminHeaders(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', ADMIN_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // Never a referrer to another site; within this one the browser names the page's origin on a form post
    // (with no-referrer it sends "Origin: null", which the same-origin check must refuse).
    reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}

/** The admin page, its sign-in, and its script and styles. */
export function adminRoutes(scope: FastifyInstance, ctx: OpsContext): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  adminHeaders(scope);

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const signIn = (options: { message?: string } = {}) => signInPage({ ...options, noStaff: ctx.store.staff.count() === 0 });
  /** The signed-in staff member of a browser request, or null. */
  const staffOf = (request: FastifyRequest) => {
    const actor = adminAuth(ctx, request);
    return actor?.kind === 'staff' ? actor : null;
  };
  const audit = (actor: Actor, action: string, site: string | null, what: string) =>
    ctx.store.staff.audit({ staff: actor.kind === 'staff' ? actor.staff : null, who: actorName(actor), action, site, what }, ctx.now());

  scope.get('/admin/app.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(ADMIN_APP_JS));
  scope.get('/admin/app.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(ADMIN_CSS + CONTENT_CSS));

  scope.get('/admin', async (request, reply) => {
    const actor = staffOf(request);
    if (!actor) return html(reply, 401, signIn());
    const sites = visibleSites(actor, ctx.sites).map((site) => siteSummary(ctx, site));
    return html(reply, 200, adminPage(sites, { mode: ctx.config.mode, staff: actor.staff, operator: may(actor, { to: 'operate' }) }));
  });

  scope.post('/admin/login', { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request, reply) => {
    const form = LoginSchema.safeParse(request.body);
    const over = await ctx.limits.authFailures.exhausted(request.ip);
    if (over !== null) {
      ctx.logEvent('warn', 'admin sign-in refused', { reqId: request.id, status: 429, reason: 'auth_failures_over_limit', client: request.ip });
      return reply.code(429).header('Retry-After', retryAfterSeconds(over)).type('text/html; charset=utf-8').send(signIn({ message: 'Too many wrong sign-ins from this address. Wait a minute and try again.' }));
    }
    const staff = form.success ? await ctx.store.staff.authenticate(form.data.username, form.data.password) : null;
    if (!staff) {
      await ctx.limits.authFailures.take(request.ip);
      ctx.logEvent('warn', 'admin sign-in refused', { reqId: request.id, status: 401, reason: 'wrong_password', client: request.ip });
      return html(reply, 401, signIn({ message: 'That username and password do not match. Check both and try again.' }));
    }
    const session = ctx.store.staff.startSession(staff.id, ctx.now(), STAFF_SESSION_MS);
    audit({ kind: 'staff', staff, sessionId: session.id }, 'sign in', null, 'signed in');
    reply.header('Set-Cookie', staffCookie(session.id, request));
    return reply.redirect('/admin', 303);
  });

  scope.post('/admin/logout', async (request, reply) => {
    const actor = staffOf(request);
    if (actor && !crossOrigin(request)) {
      ctx.store.staff.endSession(actor.sessionId, ctx.now());
      audit(actor, 'sign out', null, 'signed out');
    }
    reply.header('Set-Cookie', staffCookie(null, request));
    return reply.redirect('/admin', 303);
  });

  /** An operator's screen: a signed-in operator (or a machine with the token, for the exports), or an answer sent. */
  const operatorOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = adminAuth(ctx, request);
    if (!actor) {
      await html(reply, 401, signIn());
      return null;
    }
    if (!may(actor, { to: 'operate' })) {
      await html(reply, 403, layout('Not allowed', forbiddenPage(actor.kind === 'staff' ? actor.staff : null, 'Leads are for operators.')));
      return null;
    }
    return actor;
  };

  scope.get<{ Params: { site: string } }>('/admin/sites/:site/leads', async (request, reply) => {
    if (!(await operatorOf(request, reply))) return reply;
    const site = ctx.site(request.params.site);
    if (!site) return reply.code(404).send({ error: `unknown site "${request.params.site}"` });
    return html(reply, 200, leadsPage(site, ctx.store.leads.list(site.slug, { limit: 200 }), ctx.store.leads.counts(site.slug), layout));
  });

  scope.get<{ Params: { site: string } }>('/admin/sites/:site/leads.csv', async (request, reply) => {
    if (!(await operatorOf(request, reply))) return reply;
    const site = ctx.site(request.params.site);
    if (!site) return reply.code(404).send({ error: `unknown site "${request.params.site}"` });
    const stamp = ctx.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${site.slug}-leads-${stamp}.csv"`)
      .send(Readable.from(leadsCsv(ctx.store.leads.all(site.slug))));
  });

  scope.post<{ Params: { site: string; id: string } }>('/admin/sites/:site/leads/:id/retry', async (request, reply) => {
    // A form of the page, so a signed-in person of this origin only.
    if (!staffOf(request) || crossOrigin(request)) return html(reply, 401, signIn());
    if (!(await operatorOf(request, reply))) return reply;
    const lead = ctx.store.leads.get(Number(request.params.id));
    if (!lead || lead.site !== request.params.site) return reply.code(404).send({ error: `no lead ${request.params.id} for site "${request.params.site}"` });
    if (ctx.store.leads.retry(lead.id, ctx.now()) > 0) ctx.onLead(lead.id);
    return reply.redirect(`/admin/sites/${encodeURIComponent(lead.site)}/leads`, 303);
  });

  // The Rebuild buttons' form action, for a browser without the page's script.
  scope.post<{ Params: { site: string } }>('/admin/sites/:site/rebuild', async (request, reply) => {
    const actor = staffOf(request);
    if (!actor || crossOrigin(request)) return html(reply, 401, signIn());
    const site = ctx.site(request.params.site);
    if (!site || !may(actor, { to: 'rebuild', site: site.slug })) return reply.code(404).send({ error: `unknown site "${request.params.site}"` });
    ctx.queue.request(site.slug, { content: true, trigger: `rebuild by ${actor.staff.username}` });
    audit(actor, 'rebuild', site.slug, 'asked for a rebuild');
    return reply.redirect('/admin', 303);
  });
}
