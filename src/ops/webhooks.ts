import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebhookEventSchema } from '../schemas/webhook.ts';
import { retryAfterSeconds } from './limits.ts';
import { UNKNOWN_SITE } from './metrics.ts';
import type { OpsContext } from './server.ts';
import { headerValues, readSignatureHeader, SIGNATURE_HEADER, verifySignature } from './signature.ts';

/** Largest webhook body accepted (a full vehicle record is a few KB). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Why a webhook request was refused: a short code for metrics and the sentence the client and the log get. */
interface Refusal {
  code: string;
  reason: string;
}

/** What a refusal with this status means when it came from Fastify itself (body size, media type, framing) rather than the handler. */
const FRAMEWORK_REFUSALS: Record<number, Refusal> = {
  400: { code: 'malformed', reason: 'malformed request' },
  408: { code: 'timeout', reason: 'request not received in time' },
  413: { code: 'too_large', reason: `body over ${WEBHOOK_BODY_LIMIT} bytes` },
  415: { code: 'unsupported_media_type', reason: 'body not sent as application/json' },
};

/** A site slug from a request path, made safe to log: our slugs are short and plain. */
const shownSlug = (slug: string) => slug.slice(0, 80).replace(/[^\w.-]/g, '?');

/**
 * POST /webhooks/:site: verified, journalled before the answer, idempotent by event id within the
 * site, coalesced into builds.
 *
 * Two budgets keep junk from starving the platform. Verified events are counted per site
 * (`OPS_WEBHOOK_RATE_LIMIT`), so one dealer's storm cannot hold up another's. Refusals are counted
 * per client address and site (`OPS_WEBHOOK_FAILURE_LIMIT`); past that, further refusals are 429, and
 * a request whose signature header cannot be right is turned away before its body is read. A request
 * that verifies is never refused for someone else's junk, even from the same address (a load
 * balancer or a NAT): checking an HMAC costs microseconds, so it is always done.
 *
 * Every refusal is logged as one JSON line with the request id, site, status, reason and client
 * address, never the secret or the signature, and counted in the metrics by reason.
 */
export function webhookRoutes(scope: FastifyInstance, ctx: OpsContext): void {
  const refusals = new WeakMap<FastifyRequest, Refusal & { counted: boolean }>();
  const failureKey = (request: FastifyRequest, slug: string) => `${request.ip}\u0000${ctx.site(slug) ? slug : UNKNOWN_SITE}`;

  const refuse = async (request: FastifyRequest, reply: FastifyReply, status: number, code: string, reason: string, options: { countsAsFailure?: boolean } = {}) => {
    let answer = status;
    let wait: number | null = null;
    if (options.countsAsFailure) {
      wait = await ctx.limits.webhookFailures.take(failureKey(request, (request.params as { site: string }).site));
      if (wait !== null) answer = 429;
    }
    refusals.set(request, { code: answer === 429 && status !== 429 ? 'failures_over_limit' : code, reason, counted: true });
    if (answer === 429 && wait !== null) reply.header('Retry-After', retryAfterSeconds(wait));
    return reply.code(answer).send({ error: answer === 429 && status !== 429 ? `too many refused requests from this address; last refusal: ${reason}` : reason });
  };

  // The signature covers the exact bytes sent, so the body stays a Buffer until it is verified.
  // Only JSON is accepted (anything else is 415), and it stays raw bytes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // A client over its refusal budget whose signature header cannot verify is refused before the body is read.
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const slug = (request.params as { site: string }).site;
    const wait = await ctx.limits.webhookFailures.exhausted(failureKey(request, slug));
    if (wait === null) return;
    const check = readSignatureHeader(headerValues(request.raw.rawHeaders, SIGNATURE_HEADER));
    if (check.ok) return;
    refusals.set(request, { code: 'failures_over_limit', reason: check.reason, counted: true });
    return reply.code(429).header('Retry-After', retryAfterSeconds(wait)).send({ error: `too many refused requests from this address; this one: ${check.reason}` });
  });

  scope.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 400) return;
    const slug = (request.params as { site?: string }).site ?? '';
    const known = ctx.site(slug) !== undefined;
    let refusal = refusals.get(request);
    if (!refusal) {
      refusal = { ...(FRAMEWORK_REFUSALS[reply.statusCode] ?? { code: `http_${reply.statusCode}`, reason: `answered ${reply.statusCode}` }), counted: false };
      if (request.method === 'POST' && reply.statusCode !== 408) await ctx.limits.webhookFailures.take(failureKey(request, slug));
    }
    ctx.metrics.webhooksRejected.inc({ site: known ? slug : UNKNOWN_SITE, reason: refusal.code });
    ctx.logEvent('warn', 'webhook refused', {
      reqId: request.id,
      site: known ? slug : shownSlug(slug),
      status: reply.statusCode,
      reason: refusal.code,
      detail: refusal.reason,
      client: request.ip,
    });
  });

  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    refusals.set(request, { code: 'method_not_allowed', reason: `${request.method} is not allowed; webhooks are POSTed`, counted: true });
    return reply.code(405).header('Allow', 'POST').send({ error: `${request.method} is not allowed here; send webhooks with POST` });
  };
  scope.route({ method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/webhooks/:site', handler: notAllowed });

  scope.post<{ Params: { site: string } }>('/webhooks/:site', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const slug = request.params.site;
    const site = ctx.site(slug);
    // The answer does not list the server's sites: it is public.
    if (!site) return refuse(request, reply, 404, 'unknown_site', 'unknown site', { countsAsFailure: true });

    const secretEnv = site.integrations.webhookSecretEnv;
    if (!secretEnv) {
      return refuse(request, reply, 503, 'not_configured', `webhooks are not set up for ${slug}: name the secret's environment variable in integrations.webhookSecretEnv in sites/${slug}.yaml`);
    }
    const secret = ctx.env[secretEnv];
    if (!secret) return refuse(request, reply, 503, 'not_configured', `the webhook secret for ${slug} is not configured: set ${secretEnv} in the ops server's environment`);

    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = headerValues(request.raw.rawHeaders, SIGNATURE_HEADER);
    const check = verifySignature(secret, body, header, Math.floor(ctx.now().getTime() / 1000), ctx.config.signatureToleranceSeconds);
    if (!check.ok) return refuse(request, reply, check.code === 'signature_duplicate' ? 400 : 401, check.code, check.reason, { countsAsFailure: true });

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch (error) {
      return refuse(request, reply, 400, 'malformed', `the body is not JSON: ${(error as Error).message}`, { countsAsFailure: true });
    }
    const parsed = WebhookEventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(request, reply, 400, 'invalid_event', `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`, { countsAsFailure: true });
    }

    const wait = await ctx.limits.webhookEvents.take(slug);
    if (wait !== null) {
      reply.header('Retry-After', retryAfterSeconds(wait));
      return refuse(request, reply, 429, 'rate_limited', `more than ${ctx.config.webhookRateLimit} events a minute for ${slug}; send it again later`);
    }
    const event = parsed.data;
    // Committed to SQLite before the answer: a 2xx means the event survives a crash.
    const journalled = ctx.store.journal(slug, event, ctx.now());
    if (journalled.status === 'duplicate') {
      ctx.metrics.webhooksDuplicate.inc({ site: slug });
      return reply.code(200).send({ status: 'duplicate', id: event.id });
    }
    if (journalled.status === 'superseded') {
      // Stored for the record, but the site already has a newer event for this record: nothing to apply.
      ctx.metrics.webhooksSuperseded.inc({ site: slug });
      return reply.code(200).send({ status: 'superseded', id: event.id, newer: journalled.newer });
    }
    ctx.metrics.webhooksAccepted.inc({ site: slug });
    ctx.queue.request(slug, { events: true, trigger: 'webhook' });
    return reply.code(202).send({ status: 'accepted', id: event.id });
  });
}
