// Sends one signed stock-change webhook to the ops server, as the dealer platform would, and prints the answer.
//   npm run webhook -- --site bayside-mg --type vehicle.updated --id 100001 --price 31990
//   npm run webhook -- --site bayside-mg --type vehicle.sold --id 100001 --status sold
//   npm run webhook -- --site bayside-mg --type vehicle.created --id 100999 --record-file new-car.json
//   npm run webhook -- --site bayside-mg --type vehicle.updated --id 100001 --event-id evt_test_1   (send twice: the second is a duplicate)
//   npm run webhook -- ... --dry-run          print the request instead of sending it
// The secret is read from the environment variable named in sites/<slug>.yaml (integrations.webhookSecretEnv).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { readSnapshot, snapshotPath } from '../src/data/snapshot-files.ts';
import { SIGNATURE_HEADER, sign } from '../src/ops/signature.ts';
import { WEBHOOK_EVENT_TYPES, WebhookEventSchema, type WebhookEvent } from '../src/schemas/webhook.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({
    site: { type: 'string' },
    type: { type: 'string' },
    id: { type: 'string' },
    price: { type: 'string' },
    status: { type: 'string' },
    'record-file': { type: 'string' },
    'event-id': { type: 'string' },
    url: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  const usage = 'Usage: npm run webhook -- --site <slug> --type <event type> --id <record id> [--price 31990] [--status sold] [--record-file file.json] [--event-id id] [--url http://127.0.0.1:8787] [--dry-run]';
  if (!args.site || !args.type || !args.id) throw new Error(`--site, --type and --id are required.\n${usage}`);
  const sites = loadAllSiteConfigs('sites');
  const site = findSite(sites, args.site);
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(args.type)) {
    throw new Error(`--type "${args.type}" is not an event type. Use one of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  }
  const recordId: number | string = /^\d+$/.test(args.id) ? Number(args.id) : args.id;

  const record = await buildRecord(site.slug, recordId, args);
  const event: WebhookEvent = WebhookEventSchema.parse({
    id: args['event-id'] ?? `evt_${randomUUID()}`,
    type: args.type,
    occurred_at: new Date().toISOString(),
    data: { id: recordId, ...(record ? { record } : {}) },
  });
  const body = JSON.stringify(event);

  const secretEnv = site.integrations.webhookSecretEnv;
  if (!secretEnv) throw new Error(`sites/${site.slug}.yaml has no integrations.webhookSecretEnv, so the ops server refuses its webhooks (503).`);
  const secret = process.env[secretEnv];
  if (!secret) throw new Error(`${secretEnv} is not set. Export the same secret the ops server has, e.g. export ${secretEnv}=...`);
  const signature = sign(secret, body, Math.floor(Date.now() / 1000));

  const base = args.url ?? `http://${process.env.OPS_HOST ?? '127.0.0.1'}:${process.env.OPS_PORT ?? '8787'}`;
  const url = new URL(`/webhooks/${encodeURIComponent(site.slug)}`, base);
  if (args['dry-run']) {
    console.log(`POST ${url}\nContent-Type: application/json\nX-Dealer-Signature: ${signature}\n\n${body}`);
    return;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(`Could not reach the ops server at ${url.origin} (${cause}). Is it running (npm start)? Pass --url to send elsewhere.`);
  }
  const answer = await response.text();
  console.log(`${event.type} ${event.id} for ${site.slug} (record ${recordId}${record ? ', with record' : ''})`);
  console.log(`-> ${response.status} ${response.statusText} ${answer}`);
  if (!response.ok) process.exitCode = 1;
});

/**
 * data.record: the file given, or the site's current snapshot record with --price/--status applied.
 * Without any of those, the event carries only the id (the server fetches the record through the site's source).
 */
async function buildRecord(slug: string, id: number | string, args: { price?: string; status?: string; 'record-file'?: string }): Promise<Record<string, unknown> | undefined> {
  if (args['record-file']) {
    const raw: unknown = JSON.parse(readFileSync(path.resolve(args['record-file']), 'utf8'));
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${args['record-file']} must hold one JSON object (the record).`);
    return raw as Record<string, unknown>;
  }
  if (args.price === undefined && args.status === undefined) return undefined;
  const overrides: Record<string, unknown> = {};
  if (args.price !== undefined) {
    const price = Number(args.price);
    if (!Number.isFinite(price) || price < 0) throw new Error(`--price must be a number of dollars, e.g. 31990, not "${args.price}".`);
    overrides.price = price;
  }
  if (args.status !== undefined) overrides.status = args.status;
  const current = await snapshotRecord(slug, id);
  if (!current) {
    console.warn(`Vehicle ${id} is not in ${path.relative(process.cwd(), snapshotPath(slug))}; the record sent holds only id and the changed fields.`);
    return { id, ...overrides };
  }
  return { ...current, ...overrides };
}

/** The vehicle's record as the site has it now: the snapshot with the changes logged since it was written. */
async function snapshotRecord(slug: string, id: number | string): Promise<Record<string, unknown> | null> {
  const snapshot = await readSnapshot(slug, process.cwd(), { trusted: true });
  return (snapshot?.vehicles.find((v) => String(v.id) === String(id)) as Record<string, unknown> | undefined) ?? null;
}
