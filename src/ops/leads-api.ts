import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ENVELOPE_FIELDS, fieldLook } from '../forms/fields.ts';
import { leadFields, siteLeadRules, validateLead } from '../forms/lead-validation.ts';
import { prefillSubmission, VEHICLE_QUERY_KEYS } from '../forms/prefill.ts';
import { FORM_ERRORS_HEADING, type FieldError } from '../rules/forms.ts';
import { gatedLeadType } from '../rules/gated-leads.ts';
import { signInUrl, type SignInType } from '../rules/gating.ts';
import { LEAD_FORMS, type LeadForm } from '../schemas/leads.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { LeadStore, NewLead } from './lead-store.ts';
import { shopperRoutes, shopperSession, type ShopperApiContext } from './shopper-api.ts';
import type { VehicleLookup } from './vehicle-lookup.ts';
import { vehiclePdfRoutes, type VehiclePdfs } from './vehicle-pdf-api.ts';

/** Largest lead accepted (a long message is a few KB). */
export const LEAD_BODY_LIMIT = 32 * 1024;
/** Longest idempotency key accepted. */
const KEY_MAX = 100;

/** What the public API needs from the server around it. */
export interface PublicApiContext {
  leads: LeadStore;
  vehicles: VehicleLookup;
  sites: SiteConfig[];
  now: () => Date;
  log: (line: string) => void;
  /** Leads one client may send per minute before answers become 429. */
  leadRateLimit: number;
  /** Called after a lead is stored (the outbox delivers it). */
  onLead?: (leadId: number) => void;
  /** Draws vehicle PDFs (`GET /api/cars/{slug}/pdf`) for sites that print to PDF; without it the route is absent. */
  pdfs?: VehiclePdfs;
  /**
   * Sign-in, sessions and the other per-shopper routes (`src/ops/shopper-api.ts`); with them, the leads of
   * gated routes need a signed-in shopper. Without them those routes are absent and no lead is gated.
   */
  shoppers?: ShopperApiContext;
}

/** A site's pages may call the API from these origins: its public URL and any it allows. */
export function siteOrigins(site: SiteConfig): string[] {
  return [new URL(site.url).origin, ...site.api.allowedOrigins];
}

/** The shopper's browser and the API share an origin (the static host routes /api/* to this server). */
function sameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The public routes shoppers' browsers call: `POST /api/leads`, `GET /api/cars/{slug}/pdf` where a PDF
 * maker is given, and the per-shopper routes where shopper services are given. Kept apart from the admin
 * and webhook routes: their own rate limits, CORS (with credentials) for the sites' origins only, JSON
 * errors without internals, and small body limits.
 */
export async function publicApiRoutes(scope: FastifyInstance, ctx: PublicApiContext): Promise<void> {
  const allowed = new Set(ctx.sites.flatMap(siteOrigins));
  const commits = new GroupCommit(ctx.leads);
  await scope.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Idempotency-Key', 'X-CSRF-Token'],
    credentials: true,
    maxAge: 600,
  });
  await scope.register(formbody, { bodyLimit: LEAD_BODY_LIMIT });
  if (!scope.hasDecorator('rateLimit')) await scope.register(rateLimit, { global: false });

  scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) ctx.log(`leads api: ${request.method} ${request.url} failed (request ${request.id}): ${error.message}`);
    const message =
      status === 413
        ? `The request is too large (at most ${LEAD_BODY_LIMIT / 1024} KB).`
        : status === 415
          ? 'Send the lead as application/json or as a form (application/x-www-form-urlencoded).'
          : status === 500
            ? `Something went wrong on our side (request ${request.id}). Please try again.`
            : error.message;
    return reply.code(status).send({ error: message });
  });
  scope.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `No such API route: ${request.method} ${request.url.split('?')[0]}` }));

  if (ctx.pdfs) vehiclePdfRoutes(scope, { sites: ctx.sites, pdfs: ctx.pdfs, log: ctx.log });
  if (ctx.shoppers) shopperRoutes(scope, ctx.shoppers);

  scope.post(
    '/api/leads',
    { bodyLimit: LEAD_BODY_LIMIT, config: { rateLimit: { max: ctx.leadRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => receiveLead(ctx, commits, request, reply),
  );
}

/**
 * Leads that arrive together are committed together: each waits for the current turn of the event
 * loop to end, then one transaction (one fsync) stores them all, and only then are they answered.
 * Under load this turns fifty commits into one; a lone lead waits no longer than one turn.
 */
export class GroupCommit {
  private queue: Array<{ lead: NewLead; at: Date; resolve: (result: { id: number; duplicate: boolean }) => void; reject: (error: unknown) => void }> = [];
  private readonly leads: LeadStore;

  constructor(leads: LeadStore) {
    this.leads = leads;
  }

  add(lead: NewLead, at: Date): Promise<{ id: number; duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ lead, at, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    try {
      const results = this.leads.addMany(batch);
      batch.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

/**
 * The public API on its own, for the preview server: it answers `/api/*` requests beside the
 * static files, as a static host in front of the ops server would route them.
 */
export async function createPublicApi(ctx: PublicApiContext, options: { trustProxy?: boolean | string[] } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: options.trustProxy ?? false });
  await app.register(async (scope) => publicApiRoutes(scope, ctx));
  await app.ready();
  return app;
}

/** One submission: checked, stored (committed) and only then answered. */
async function receiveLead(ctx: PublicApiContext, commits: GroupCommit, request: FastifyRequest, reply: FastifyReply) {
  const html = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send({ error: 'Expected the lead as a JSON object.' });
  const values = body as Record<string, unknown>;

  const slug = typeof values[ENVELOPE_FIELDS.site] === 'string' ? (values[ENVELOPE_FIELDS.site] as string) : '';
  const site = ctx.sites.find((s) => s.slug === slug);
  if (!site) return reply.code(400).send({ error: slug ? `No site "${slug}" takes leads here.` : 'The lead names no site (field "site").' });

  const origin = request.headers.origin;
  if (origin && origin !== 'null' && !sameOrigin(request, origin) && !siteOrigins(site).includes(origin)) {
    return reply.code(403).send({ error: `Pages on ${origin} may not send leads for ${site.slug}.` });
  }

  const form = values[ENVELOPE_FIELDS.form];
  if (typeof form !== 'string' || !(LEAD_FORMS as readonly string[]).includes(form)) {
    return reply.code(400).send({ error: `Unknown form "${String(form ?? '')}". Forms: ${LEAD_FORMS.join(', ')}.` });
  }
  const headerKey = request.headers['idempotency-key'];
  const key = (typeof headerKey === 'string' ? headerKey : typeof values[ENVELOPE_FIELDS.key] === 'string' ? (values[ENVELOPE_FIELDS.key] as string) : '').trim();
  if (key.length > KEY_MAX) return reply.code(400).send({ error: `The idempotency key is longer than ${KEY_MAX} characters.` });
  const page = typeof values[ENVELOPE_FIELDS.page] === 'string' ? (values[ENVELOPE_FIELDS.page] as string).slice(0, 500) : null;
  const honeypot = values[ENVELOPE_FIELDS.honeypot];
  const spam = typeof honeypot === 'string' && honeypot.trim() !== '';

  let submitted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) if (!(Object.values(ENVELOPE_FIELDS) as string[]).includes(name)) submitted[name] = value;
  // Without JavaScript a form page cannot read its own address: the vehicle it was opened about
  // (/book-test-drive/?car_id=...) comes from the address of the page that posted it.
  const fromPage = html ? referrerQuery(request, site) : null;
  if (fromPage) submitted = prefillSubmission(form as LeadForm, submitted, fromPage);
  const fields = leadFields(submitted);
  const result = validateLead(form as LeadForm, fields, siteLeadRules(form as LeadForm, site));
  if (!result.ok) {
    if (html) return reply.code(422).type('text/html; charset=utf-8').header('Content-Security-Policy', ERROR_PAGE_CSP).send(errorPage(site, { ...values, ...submitted }, result.errors));
    return reply.code(422).send({ error: FORM_ERRORS_HEADING, errors: result.errors });
  }

  const carId = 'car_id' in result.lead && typeof result.lead.car_id === 'number' ? result.lead.car_id : null;
  const gate = ctx.shoppers ? await gatedWithoutSession(ctx.shoppers, request, site, form as LeadForm, carId) : null;
  if (gate) {
    const page = refererPath(request) ?? '/';
    const signIn = signInUrl(gate, page, page);
    // A plain form post goes to the sign-in page of the site the shopper is on (the API may be on another origin).
    if (html) return reply.redirect(sitePage(request, origin, signIn), 303);
    return reply.code(401).send({ error: 'Please sign in to send this form.', signIn });
  }
  const vehicle = carId === null ? null : await ctx.vehicles.find(site, carId);
  const lead = result.lead as unknown as Record<string, unknown>;
  const { id, duplicate } = await commits.add(
    {
      site: site.slug,
      form,
      fields: lead,
      context: { page: page ?? refererPath(request), vehicle, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null },
      idempotencyKey: key || null,
      contentHash: createHash('sha256').update(JSON.stringify([site.slug, lead])).digest('hex'),
      spam,
      targets: site.integrations.leadTargets.map((t) => t.name),
    },
    ctx.now(),
  );
  if (!duplicate && !spam) ctx.onLead?.(id);
  if (html) return reply.redirect(sitePage(request, origin, '/success/'), 303);
  return reply.code(duplicate ? 200 : 201).send({ lead_id: id, ...(duplicate ? { duplicate: true } : {}) });
}

/** The sign-in type a gated lead still needs (no live session on the site), or null when it may be sent. */
async function gatedWithoutSession(shoppers: ShopperApiContext, request: FastifyRequest, site: SiteConfig, form: LeadForm, carId: number | null): Promise<SignInType | null> {
  // Only personalised finance depends on the car; a car the catalogue cannot name is not gated (as in the browser).
  const needsCar = form === 'finance-enquiry' && site.gating.personalisedFinance && carId !== null;
  const car = needsCar ? ((await shoppers.catalogue.load(site).catch(() => null))?.byId.get(carId) ?? null) : null;
  const type = gatedLeadType(form, site, car);
  if (!type) return null;
  return shopperSession(shoppers, request, site) ? null : type;
}

/** The query string of the page that sent a request, when that page is on the site (its own origin or one it allows). */
function referrerQuery(request: FastifyRequest, site: SiteConfig): URLSearchParams | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.host !== request.headers.host && !siteOrigins(site).includes(url.origin)) return null;
    return url.searchParams;
  } catch {
    return null;
  }
}

function refererPath(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** A page of the site the shopper posted from: a path when that is this origin, else on the page's origin. */
function sitePage(request: FastifyRequest, origin: string | undefined, path: string): string {
  if (!origin || origin === 'null' || sameOrigin(request, origin)) return path;
  return `${origin}${path}`;
}

// ---------------------------------------------------------------- the error page of a plain form post

const ERROR_PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a}' +
  '[role=alert]{border:2px solid #b91c1c;border-radius:.5rem;padding:1rem;margin:1rem 0}' +
  'label{display:block;font-weight:600;margin-top:1rem}input[type=checkbox]{display:inline;width:auto;min-height:0}input,textarea,select{display:block;width:100%;min-height:2.75rem;padding:.5rem;border:1px solid #64748b;border-radius:.25rem;font:inherit;box-sizing:border-box}' +
  '.error{color:#b91c1c;margin:.25rem 0 0}button{margin-top:1.5rem;min-height:2.75rem;padding:0 1.5rem;font:inherit;font-weight:600;border:0;border-radius:.25rem;background:#0f172a;color:#fff}';

const ERROR_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(ERROR_PAGE_STYLE).digest('base64')}'; form-action 'self' https: http:; base-uri 'none'; frame-ancestors 'none'`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Shown when a form sent without JavaScript does not pass: the error list, then every field the
 * shopper filled in with what they typed (the ones in error first), ready to correct and send again.
 */
export function errorPage(site: SiteConfig, values: Readonly<Record<string, unknown>>, errors: readonly FieldError[]): string {
  const wrong = new Map(errors.map((e) => [e.field, e.message]));
  const names = [...new Set([...errors.map((e) => e.field), ...Object.keys(values)])].filter((n) => n !== ENVELOPE_FIELDS.honeypot);
  const hidden = new Set<string>(Object.values(ENVELOPE_FIELDS));
  const inputs = names.map((name) => {
    const value = typeof values[name] === 'string' ? (values[name] as string) : '';
    if (hidden.has(name) || VEHICLE_QUERY_KEYS.includes(name)) return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
    const look = fieldLook(name);
    const id = `f-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;
    const error = wrong.get(name);
    const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
    if (look.kind === 'checkbox') {
      const ticked = value === 'true' || value === 'on';
      return `<label><input type="checkbox" name="${escapeHtml(name)}" value="true"${ticked ? ' checked' : ''}${described}> ${escapeHtml(look.label)}</label>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
    }
    const control =
      look.kind === 'textarea'
        ? `<textarea id="${id}" name="${escapeHtml(name)}" rows="4"${described}>${escapeHtml(value)}</textarea>`
        : look.kind === 'select' && look.options
          ? `<select id="${id}" name="${escapeHtml(name)}"${described}>${look.options.map((o) => `<option value="${escapeHtml(o.value)}"${o.value === value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`).join('')}</select>`
          : `<input id="${id}" name="${escapeHtml(name)}" type="${['email', 'tel'].includes(look.kind) ? look.kind : 'text'}" value="${escapeHtml(value)}"${described}>`;
    return `<label for="${id}">${escapeHtml(look.label)}</label>${control}${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
  });
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Please check your details | ${escapeHtml(site.name)}</title><style>${ERROR_PAGE_STYLE}</style></head><body><main><h1>Please check your details</h1><div role="alert"><p><strong>${escapeHtml(FORM_ERRORS_HEADING)}</strong></p><ul>${errors.map((e) => `<li><a href="#f-${escapeHtml(e.field.replace(/[^a-zA-Z0-9]+/g, '-'))}">${escapeHtml(e.message)}</a></li>`).join('')}</ul></div><form method="post" action="/api/leads">${inputs.join('')}<button type="submit">Send again</button></form><p><a href="${escapeHtml(site.url)}/">Back to ${escapeHtml(site.name)}</a></p></main></body></html>`;
}
