import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadOpsConfig, type OpsConfig } from '../../src/ops/config.ts';
import { createOpsServer } from '../../src/ops/server.ts';
import { sign } from '../../src/ops/signature.ts';
import { SiteQueue, type RunPlan, type SiteRunner } from '../../src/ops/site-queue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';

/** The ops server in-process for tests: a temporary journal, the demo sites' configs, a recording runner. */

export const TOKEN = 'test-admin-token-0123456789';
export const SECRETS = { BAYSIDE_MG_WEBHOOK_SECRET: 'bayside-secret', NORTHSIDE_USED_WEBHOOK_SECRET: 'northside-secret' };
// SUMMIT_MOTOR_GROUP_WEBHOOK_SECRET is deliberately left unset.
export const sites = loadAllSiteConfigs('sites');

/** A runner that records what it was asked and settles the site's pending events, as a real one would. */
export function recordingRunner(store: () => OpsStore, options: { delayMs?: number } = {}) {
  const calls: Array<{ site: string; plan: RunPlan; pending: number }> = [];
  const runner: SiteRunner = async (site, plan, progress) => {
    const pending = store().pending(site);
    calls.push({ site, plan, pending: pending.length });
    for (let done = 0; done <= 4; done++) {
      progress({ phase: 'render', done, total: 4 });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs! / 4));
    }
    store().settle(site, pending.map((e) => e.eventId), []);
    return { status: 'published', kind: plan.full ? 'full' : 'incremental', pages: pending.length, durationMs: options.delayMs ?? 0, report: { pages: pending.length, timings: { render: 0.01 } } };
  };
  return { runner, calls };
}

export interface Harness {
  dir: string;
  store: OpsStore;
  queue: SiteQueue;
  app: FastifyInstance;
  calls: ReturnType<typeof recordingRunner>['calls'];
  close(): Promise<void>;
}

export async function harness(env: Record<string, string> = {}, runnerOptions: { delayMs?: number } = {}, log?: (line: string) => void): Promise<Harness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ops-server-test-'));
  const store = new OpsStore(path.join(dir, 'ops.sqlite'));
  const config: OpsConfig = loadOpsConfig({ OPS_ADMIN_TOKEN: TOKEN, OPS_COALESCE_MS: '100', ...env });
  const { runner, calls } = recordingRunner(() => store, runnerOptions);
  const queue = new SiteQueue(runner, { coalesceMs: config.coalesceMs });
  const app = createOpsServer({ config, store, queue, sites, root: dir, env: SECRETS, log });
  await app.ready();
  return {
    dir,
    store,
    queue,
    app,
    calls,
    async close() {
      await app.close();
      await queue.whenIdle();
      queue.close();
      store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

let lastOccurredMs = 0;

/**
 * A vehicle.updated event for vehicle 100001. Each one happens at least a millisecond after the one made
 * before it, as the platform stamps changes to one record, so none is judged older than an earlier one.
 */
export function event(overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  lastOccurredMs = Math.max(Date.now(), lastOccurredMs + 1);
  return { id: `evt_${randomUUID()}`, type: 'vehicle.updated', occurred_at: new Date(lastOccurredMs).toISOString(), data: { id: 100001, record: { id: 100001, price: 31990 } }, ...overrides };
}

/** A webhook request as the platform sends it: raw JSON body, signed with the site's secret. */
export function webhook(site: string, body: unknown, options: { secret?: string; t?: number; signature?: string | null } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret ?? SECRETS[`${site.toUpperCase().replaceAll('-', '_')}_WEBHOOK_SECRET` as keyof typeof SECRETS] ?? 'none';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signature !== null) headers['x-dealer-signature'] = options.signature ?? sign(secret, raw, options.t ?? nowSeconds());
  return { method: 'POST' as const, url: `/webhooks/${site}`, headers, payload: raw };
}

export const journalCount = (store: OpsStore, id?: string) =>
  (id
    ? (store.db.prepare('select count(*) n from events where event_id = ?').get(id) as { n: number })
    : (store.db.prepare('select count(*) n from events').get() as { n: number })
  ).n;

