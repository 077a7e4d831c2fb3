/**
 * The runtime API's per-shopper routes (docs/runtime-api.md): sign-in by phone and a one-time code, the
 * session and the shopper's own data, the watchlist, view counts, phone reveals, delivery and finance
 * quotes, trade-in support and test-drive times. Registered on the public API's scope (its CORS, error
 * handler and body limits) by the ops server and the preview server alike.
 *
 * Every call names its site (`?site=`, or the platform's `website_id`); a session belongs to one site, so
 * one dealer's shoppers never see another's. Writes made with the session cookie carry the session's CSRF
 * token and come from one of the site's origins.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { vehiclePath } from '../lib/urls.ts';
import { isAvailable } from '../rules/availability.ts';
import { deliveryEstimateFor, deliveryOutcome, deliveryPostcode } from '../rules/delivery.ts';
import { calculateRepayment, FINANCE_FREQUENCIES } from '../rules/finance-calculator.ts';
import { lenderInfoFor } from '../rules/finance-eligibility.ts';
import { testDriveDays } from '../rules/test-drive-slots.ts';
import {
  AvailabilityQuerySchema,
  firstProblem,
  MiscellaneousBodySchema,
  PhoneBodySchema,
  PhoneRevealBodySchema,
  QuoteBodySchema,
  RegoAnswerSchema,
  RegoBodySchema,
  VerifyBodySchema,
  ViewQuerySchema,
  WatchlistBodySchema,
} from '../schemas/runtime-api.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { resultCardData } from '../views/search-records.ts';
import type { PublicApiConfig } from './config.ts';
import type { ShopperSession, ShopperStore } from './shopper-store.ts';
import type { SiteCatalogue } from './site-catalogue.ts';
import { logCodeSender, normaliseMobile, SignIn, webhookCodeSender } from './sign-in.ts';

/** The session cookie. */
export const SESSION_COOKIE = 'dealer_session';
/** The header a cookie-authenticated write carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
/** Largest body the shopper routes accept. */
export const SHOPPER_BODY_LIMIT = 8 * 1024;
/** Sign-in codes one client address may ask for per hour, whatever the phones (the per-phone limit is in SignIn). */
export const CODES_PER_CLIENT_PER_HOUR = 30;
/** Code checks one client address may make per hour. */
export const CODE_CHECKS_PER_CLIENT_PER_HOUR = 60;
/** One browser counts as one view of a car for this long. */
export const VIEW_REPEAT_MS = 30 * 60_000;

export const SHOPPER_MESSAGES = {
  notMobile: 'Enter an Australian mobile number, such as 0412 345 678.',
  tooManyCodes: 'Too many codes have been sent to that number. Please try again in an hour.',
  sendFailed: 'We could not send your code just now. Please try again in a minute.',
  wrongCode: 'That code is not right. Check the message and try again.',
  expiredCode: 'That code has expired. Ask for a new one.',
  lockedCode: 'Too many tries. Ask for a new code.',
  signInFirst: 'Please sign in first.',
  notYourPhone: 'You can only change the watchlist of the number you signed in with.',
  unverified: 'We could not check this request came from the site. Please reload the page and try again.',
  noRegoLookup: "Registration lookup is not set up for this site. Please enter your car's details yourself.",
  regoNotFound: "We couldn't find that registration. Check the number and state, or enter your car's details yourself.",
  regoFailed: "The registration lookup isn't answering just now. Please enter your car's details yourself.",
} as const;

/** What the shopper routes need from the server around them. */
export interface ShopperApiContext {
  shoppers: ShopperStore;
  signIn: SignIn;
  catalogue: SiteCatalogue;
  sites: SiteConfig[];
  now: () => Date;
  log: (line: string) => void;
  /** Requests per minute one client address may make to each shopper route. */
  rateLimit: number;
  /** Where integrations' URLs and tokens are read (`integrations.regoLookup`). */
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

/**
 * The shopper services from the ops settings: the sign-in with its code sender (the configured SMS
 * webhook, or the log) and a session secret (a random one per process when none is set, said in the log).
 */
export function shopperServices(
  config: Pick<PublicApiConfig, 'sessionSecret' | 'smsWebhook' | 'shopperRateLimit'>,
  parts: { shoppers: ShopperStore; catalogue: SiteCatalogue; sites: SiteConfig[]; now: () => Date; log: (line: string) => void; env?: Record<string, string | undefined> },
): ShopperApiContext {
  const secret = config.sessionSecret ?? randomBytes(32).toString('hex');
  if (!config.sessionSecret) parts.log('OPS_SESSION_SECRET is not set: shopper sessions are signed with a key made at start, so they end when the server stops.');
  const sender = config.smsWebhook ? webhookCodeSender(config.smsWebhook.url, config.smsWebhook.token) : logCodeSender(parts.log);
  return {
    ...parts,
    signIn: new SignIn(parts.shoppers, secret, sender, undefined, parts.now),
    rateLimit: config.shopperRateLimit,
    env: parts.env ?? process.env,
  };
}

// ---------------------------------------------------------------- request helpers

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The site a call names with `?site=` (or the platform's `website_id`), or an answer sent. */
function siteOf(ctx: ShopperApiContext, request: FastifyRequest, reply: FastifyReply, fromBody?: unknown): SiteConfig | null {
  const query = request.query as Record<string, unknown>;
  const named = [query.site, query.website_id, fromBody].find((v): v is string => typeof v === 'string' && v !== '');
  if (!named) {
    void reply.code(400).send({ error: 'The request names no site (query parameter "site").' });
    return null;
  }
  const site = ctx.sites.find((s) => s.slug === named);
  if (!site) {
    void reply.code(404).send({ error: `No site "${named}" here.` });
    return null;
  }
  return site;
}

function parse<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply): z.output<T> | null {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  void reply.code(400).send({ error: firstProblem(result.error) });
  return null;
}

/** The shopper's live session on this site, or null. */
export function shopperSession(ctx: ShopperApiContext, request: FastifyRequest, site: SiteConfig): ShopperSession | null {
  return ctx.signIn.sessionFromCookie(readCookie(request.headers.cookie, SESSION_COOKIE), site.slug);
}

/** The origins a site's pages may call from: its public URL, the ones it allows, and the API's own. */
function trustedOrigin(request: FastifyRequest, site: SiteConfig, origin: string | undefined): boolean {
  if (!origin) return true;
  try {
    if (new URL(origin).host === request.headers.host) return true;
  } catch {
    return false;
  }
  return new URL(site.url).origin === origin || site.api.allowedOrigins.includes(origin);
}

/**
 * The session behind a cookie-authenticated write, or an answer sent: 401 without one (naming the
 * sign-in page), 403 when the CSRF token is missing or wrong or the page is on another origin.
 */
function writer(ctx: ShopperApiContext, request: FastifyRequest, reply: FastifyReply, site: SiteConfig): ShopperSession | null {
  const session = shopperSession(ctx, request, site);
  if (!session) {
    void reply.code(401).send({ error: SHOPPER_MESSAGES.signInFirst });
    return null;
  }
  const token = request.headers[CSRF_HEADER];
  if (!trustedOrigin(request, site, request.headers.origin) || !ctx.signIn.checkCsrf(session.id, typeof token === 'string' ? token : undefined)) {
    void reply.code(403).send({ error: SHOPPER_MESSAGES.unverified });
    return null;
  }
  return session;
}

function refererPath(request: FastifyRequest): string | null {
  try {
    const url = new URL(request.headers.referer ?? '');
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The session cookie's attributes: HttpOnly, Path=/api, SameSite=None where the API is on another origin (then Secure), Secure over HTTPS. */
function cookieHeader(request: FastifyRequest, site: SiteConfig, value: string, maxAgeSeconds: number): string {
  const crossSite = site.api.baseUrl !== '';
  const secure = crossSite || request.protocol === 'https';
  return [`${SESSION_COOKIE}=${encodeURIComponent(value)}`, 'Path=/api', 'HttpOnly', `SameSite=${crossSite ? 'None' : 'Lax'}`, ...(secure ? ['Secure'] : []), `Max-Age=${maxAgeSeconds}`].join('; ');
}

const userOf = (session: ShopperSession) => ({ id: session.shopper.id, phone: session.shopper.phone });

// ---------------------------------------------------------------- the routes

export function shopperRoutes(scope: FastifyInstance, ctx: ShopperApiContext): void {
  const limit = (max = ctx.rateLimit, timeWindow = 60_000) => ({ bodyLimit: SHOPPER_BODY_LIMIT, config: { rateLimit: { max, timeWindow } } });
  // Answers about one shopper are never cached, by the browser or anything between.
  scope.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  // ------------------------------------------------------------ sign-in and the session

  scope.post('/api/sign-in/code', limit(CODES_PER_CLIENT_PER_HOUR, 3_600_000), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const body = site && parse(PhoneBodySchema, request.body, reply);
    if (!site || !body) return reply;
    const phone = normaliseMobile(body.phone);
    if (!phone) return reply.code(400).send({ error: SHOPPER_MESSAGES.notMobile });
    const outcome = await ctx.signIn.requestCode(site, phone);
    if (outcome.sent) return reply.code(202).send({ sent: true });
    if (outcome.reason === 'too-many') return reply.code(429).header('Retry-After', String(Math.ceil(outcome.retryAfterMs / 1000))).send({ error: SHOPPER_MESSAGES.tooManyCodes });
    ctx.log(`sign-in: the code for ${site.slug} could not be sent: ${outcome.message}`);
    return reply.code(502).send({ error: SHOPPER_MESSAGES.sendFailed });
  });

  scope.post('/api/sign-in/verify', limit(CODE_CHECKS_PER_CLIENT_PER_HOUR, 3_600_000), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const body = site && parse(VerifyBodySchema, request.body, reply);
    if (!site || !body) return reply;
    const phone = normaliseMobile(body.phone);
    if (!phone) return reply.code(400).send({ error: SHOPPER_MESSAGES.notMobile });
    const outcome = ctx.signIn.verify(site.slug, phone, body.code);
    if (outcome.result === 'wrong') return reply.code(401).send({ error: SHOPPER_MESSAGES.wrongCode });
    if (outcome.result === 'expired') return reply.code(410).send({ error: SHOPPER_MESSAGES.expiredCode });
    if (outcome.result !== 'ok') return reply.code(429).send({ error: SHOPPER_MESSAGES.lockedCode });
    const { session } = outcome;
    reply.header('Set-Cookie', cookieHeader(request, site, ctx.signIn.cookieValue(session.id), Math.floor(ctx.signIn.sessionTtlMs / 1000)));
    return { user: userOf(session), csrfToken: ctx.signIn.csrfToken(session.id) };
  });

  scope.get('/api/me', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    const session = shopperSession(ctx, request, site);
    return session ? { user: userOf(session), csrfToken: ctx.signIn.csrfToken(session.id) } : { user: null };
  });

  scope.post('/api/sign-out', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const session = site && writer(ctx, request, reply, site);
    if (!site || !session) return reply;
    ctx.signIn.signOut(session.id);
    return reply.code(204).header('Set-Cookie', cookieHeader(request, site, '', 0)).send();
  });

  scope.get('/api/me/data', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    const session = shopperSession(ctx, request, site);
    if (!session) return reply.code(401).send({ error: SHOPPER_MESSAGES.signInFirst });
    return reply.header('Content-Disposition', `attachment; filename="${site.slug}-my-data.json"`).send(ctx.shoppers.exportShopper(session.shopper.id));
  });

  scope.delete('/api/me', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const session = site && writer(ctx, request, reply, site);
    if (!site || !session) return reply;
    ctx.shoppers.deleteShopper(session.shopper.id);
    ctx.log(`shopper ${session.shopper.id} of ${site.slug} deleted their data`);
    return reply.code(204).header('Set-Cookie', cookieHeader(request, site, '', 0)).send();
  });

  // ------------------------------------------------------------ the watchlist

  for (const action of ['save', 'remove'] as const) {
    scope.post(`/api/watchlist/${action}-car`, limit(), async (request, reply) => {
      const site = siteOf(ctx, request, reply);
      const session = site && writer(ctx, request, reply, site);
      const body = session && parse(WatchlistBodySchema, request.body, reply);
      if (!site || !session || !body) return reply;
      if (normaliseMobile(body.phone_number) !== session.shopper.phone) return reply.code(403).send({ success: false, error: SHOPPER_MESSAGES.notYourPhone });
      if (action === 'remove') {
        ctx.shoppers.removeCar(session.shopper.id, body.car_id);
        return { success: true };
      }
      const vehicle = (await ctx.catalogue.load(site))?.byId.get(body.car_id);
      if (!vehicle) return reply.code(404).send({ success: false, error: `No car ${body.car_id} on ${site.name}.` });
      ctx.shoppers.saveCar(session.shopper.id, body.car_id, ctx.now());
      return { success: true };
    });
  }

  scope.get('/api/watchlist', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    const session = shopperSession(ctx, request, site);
    if (!session) return reply.code(401).send({ error: SHOPPER_MESSAGES.signInFirst });
    const loaded = await ctx.catalogue.load(site);
    const now = loaded ? new Date(loaded.data.snapshot.pulledAt) : ctx.now();
    const entries = ctx.shoppers.watchlist(session.shopper.id).reverse();
    return {
      cars: entries.map(({ carId, addedAt }) => {
        const vehicle = loaded?.byId.get(carId);
        if (!vehicle) return { id: carId, addedAt, gone: true, sold: true, slug: null, name: null, href: null, status: null, priceText: null, picture: null, card: null };
        const card = resultCardData(vehicle, site, loaded!.images, now);
        return {
          id: carId,
          addedAt,
          gone: false,
          sold: !isAvailable(vehicle),
          slug: vehicle.slug,
          name: vehicle.display_name,
          href: vehiclePath(vehicle),
          status: vehicle.status,
          priceText: card.price?.text ?? null,
          picture: card.picture,
          card,
        };
      }),
    };
  });

  // ------------------------------------------------------------ views and phone reveals

  const viewed = new RecentKeys(VIEW_REPEAT_MS, 50_000);
  scope.get<{ Params: { slug: string } }>('/api/cars/:slug/view.json', limit(), async (request, reply) => {
    const query = parse(ViewQuerySchema, request.query, reply);
    const site = query && siteOf(ctx, request, reply);
    if (!query || !site) return reply;
    const vehicle = (await ctx.catalogue.load(site))?.bySlug.get(request.params.slug);
    if (!vehicle) return reply.code(404).send(null);
    const carId = Number(vehicle.id);
    const start = typeof vehicle.views === 'number' ? vehicle.views : 0;
    // A reload or a second tab is not another shopper: one view per browser and car in a while.
    const views = viewed.fresh(`${site.slug}\n${carId}\n${request.ip}\n${request.headers['user-agent'] ?? ''}`, ctx.now().getTime())
      ? ctx.shoppers.countView(site.slug, carId, start)
      : ctx.shoppers.views(site.slug, carId) ?? start;
    return { views, car_fields: { photos_count: vehicle.photos_count ?? vehicle.images?.length ?? 0, updated_at: vehicle.updated_at ?? null } };
  });

  scope.post('/api/phone-reveal', limit(), async (request, reply) => {
    const body = parse(PhoneRevealBodySchema, request.body, reply);
    const site = body && siteOf(ctx, request, reply, body.website_id ?? undefined);
    if (!body || !site) return reply;
    ctx.shoppers.recordPhoneReveal({
      site: site.slug,
      carId: body.car_id ?? null,
      dealershipId: body.dealership_id ?? null,
      websiteId: body.website_id ?? site.slug,
      page: body.page ?? refererPath(request),
      revealedAt: ctx.now().toISOString(),
    });
    return reply.code(204).send();
  });

  // ------------------------------------------------------------ quotes

  scope.get('/api/delivery', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    const table = site.features.deliveryCalculator ? (await ctx.catalogue.load(site))?.data.content.delivery : null;
    if (!table) return reply.code(404).send({ error: `${site.name} has no delivery calculator.` });
    const postcode = deliveryPostcode(String((request.query as Record<string, unknown>).postcode ?? ''));
    if (!postcode.ok) return reply.code(400).send({ error: postcode.message });
    const outcome = deliveryOutcome(deliveryEstimateFor(postcode.postcode, table.regions));
    if (outcome.kind === 'no-estimate') return reply.code(404).send({ error: outcome.message });
    return { price: outcome.price, region: outcome.region };
  });

  scope.post('/api/youx/quote', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    if (!site.features.financeQuote) return reply.code(404).send({ error: `${site.name} does not give instant finance quotes.` });
    const body = parse(QuoteBodySchema, request.body, reply);
    if (!body) return reply;
    if (!(body.purchasePrice > 0)) return reply.code(400).send({ error: 'A quote needs a purchase price above $0.' });
    const loaded = await ctx.catalogue.load(site);
    const vehicle = body.vin ? loaded?.data.vehicles.find((v) => v.vin?.toUpperCase() === body.vin!.toUpperCase()) : undefined;
    return financeQuote(site, vehicle ?? null, body.purchasePrice, body.loanTerm);
  });

  // ------------------------------------------------------------ trade-in support

  scope.post('/api/rego-lookup', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const body = site && parse(RegoBodySchema, request.body, reply);
    if (!site || !body) return reply;
    const provider = site.integrations.regoLookup;
    const url = provider ? ctx.env[provider.urlEnv] : undefined;
    if (!provider || !url) {
      if (provider) ctx.log(`rego lookup: ${site.slug} names ${provider.urlEnv}, which is not set`);
      return reply.code(501).send({ error: SHOPPER_MESSAGES.noRegoLookup });
    }
    const token = provider.tokenEnv ? ctx.env[provider.tokenEnv] : undefined;
    const address = new URL(url);
    address.searchParams.set('rego', body.rego.replace(/[\s-]/g, ''));
    address.searchParams.set('state', body.regoState);
    let response: Response;
    try {
      response = await (ctx.fetch ?? fetch)(address, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      ctx.log(`rego lookup for ${site.slug} failed: ${(error as Error).message}`);
      return reply.code(502).send({ error: SHOPPER_MESSAGES.regoFailed });
    }
    if (response.status === 404) return reply.code(404).send({ error: SHOPPER_MESSAGES.regoNotFound });
    const answer = response.ok ? RegoAnswerSchema.safeParse(await response.json().catch(() => null)) : null;
    if (!answer?.success) {
      ctx.log(`rego lookup for ${site.slug}: the provider answered ${response.status}${answer ? ' with an unexpected body' : ''}`);
      return reply.code(502).send({ error: SHOPPER_MESSAGES.regoFailed });
    }
    const { year, make, model, badge, vin } = answer.data;
    return { vehicle: { year: year ?? null, make: make ?? null, model: model ?? null, badge: badge ?? null, vin: vin ?? null } };
  });

  scope.post('/api/miscellaneous', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    if (!site) return reply;
    if (!site.forms.storeValuations) return reply.code(404).send({ error: `${site.name} does not store valuations.` });
    const body = parse(MiscellaneousBodySchema, request.body, reply);
    if (!body) return reply;
    const session = shopperSession(ctx, request, site);
    ctx.shoppers.recordValuation(site.slug, session?.shopper.id ?? null, body, ctx.now());
    return reply.code(204).send();
  });

  scope.get('/api/test-drive/availability', limit(), async (request, reply) => {
    const site = siteOf(ctx, request, reply);
    const query = site && parse(AvailabilityQuerySchema, request.query, reply);
    if (!site || !query) return reply;
    const location = (await ctx.catalogue.load(site))?.data.locations.find((l) => l.slug === query.location);
    if (!location) return reply.code(404).send({ error: `No location "${query.location}" on ${site.name}.` });
    const days = testDriveDays({ regular: location.contact_detail?.opening_hours, special: location.special_hours }, ctx.now(), { days: query.days, timeZone: site.timeZone });
    return { timeZone: site.timeZone, days };
  });
}

/**
 * The instant quote (`POST /api/youx/quote`) from the site's finance settings: the weekly repayment on the
 * purchase price over the loan term, at the lender's rate where the car is known by its VIN and has lender
 * figures, otherwise at the site's rate. Null amounts where the figure would be 'Enquire for Finance'.
 */
export function financeQuote(site: Pick<SiteConfig, 'finance'>, vehicle: NormalisedVehicle | null, purchasePrice: number, loanTerm: number) {
  const lender = vehicle ? lenderInfoFor(site.finance, vehicle) : null;
  const provider = lender ? site.finance.provider : null;
  const rate = typeof lender?.interestRate === 'number' ? lender.interestRate : site.finance.interestRate;
  const weekly = FINANCE_FREQUENCIES.find((f) => f.value === 52)!;
  const repayment = calculateRepayment({ amount: purchasePrice, term: loanTerm, interest: rate, frequency: weekly, deposit: 0 }, { provider, lender });
  return {
    weeklyRepaymentAmount: repayment.kind === 'payment' ? repayment.payment : null,
    comparisonRate: typeof lender?.comparisonRate === 'number' ? lender.comparisonRate : null,
    advertisedRate: rate,
  };
}

/** Keys seen within a window, bounded in number (the oldest go first): "has this happened lately?" */
class RecentKeys {
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;
  private readonly max: number;

  constructor(windowMs: number, max: number) {
    this.windowMs = windowMs;
    this.max = max;
  }

  /** True, and remembered, when `key` was not seen within the window before `nowMs`. */
  fresh(key: string, nowMs: number): boolean {
    const last = this.seen.get(key);
    if (last !== undefined && nowMs - last < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, nowMs);
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }
}
