import type { FastifyInstance } from 'fastify';
import { checkedAdminAuth, type OpsContext } from './server.ts';
import { tokenMatches } from './signature.ts';

/** One row, rewritten by every health check: proof that the journal's file takes writes. */
const PROBE_TABLE = 'create table if not exists health_probe (id integer primary key check (id = 1), checked_at text not null)';

/**
 * `GET /healthz` for a load balancer: 200 while the process is up, not shutting down, and the
 * journal's database takes a write; 503 otherwise. The body gives the journal lag per site (events
 * not yet published and how long the oldest has waited), for a person looking at a failing check.
 *
 * `GET /metrics` in Prometheus text format, for `Authorization: Bearer` with `OPS_METRICS_TOKEN` or
 * the admin token.
 */
export function healthRoutes(scope: FastifyInstance, ctx: OpsContext): void {
  ctx.store.db.exec(PROBE_TABLE);
  const probe = ctx.store.db.prepare('insert into health_probe (id, checked_at) values (1, ?) on conflict (id) do update set checked_at = excluded.checked_at');

  scope.get('/healthz', async (_request, reply) => {
    const now = ctx.now();
    let database = 'writable';
    try {
      probe.run(now.toISOString());
    } catch (error) {
      database = `not writable: ${(error as Error).message}`;
    }
    const lag = new Map(ctx.store.journalLag().map((row) => [row.site, row]));
    const sites = Object.fromEntries(
      ctx.sites.map((site) => {
        const row = lag.get(site.slug);
        const oldest = row?.oldestReceivedAt ? Math.max(0, Math.round((now.getTime() - Date.parse(row.oldestReceivedAt)) / 1000)) : null;
        return [site.slug, { pending: row?.pending ?? 0, oldestPendingSeconds: oldest, state: ctx.queue.status(site.slug).state }];
      }),
    );
    const status = ctx.draining ? 'draining' : database === 'writable' ? 'ok' : 'failing';
    return reply
      .code(status === 'ok' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status, database, sites });
  });

  scope.get('/metrics', async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // The scraper's own token is checked first; anything else goes through the admin check and its failure budget.
    if (!(ctx.config.metricsToken && tokenMatches(bearer, ctx.config.metricsToken))) {
      const auth = await checkedAdminAuth(ctx, request, reply);
      if (auth === 'refused') return reply;
    }
    const text = await ctx.metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(ctx.metrics.registry.contentType).send(text);
  });
}
