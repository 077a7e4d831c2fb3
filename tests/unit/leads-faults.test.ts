import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, OpsProcess } from '../support/ops-process.ts';

// The real ops server (npm start) in a child process on 127.0.0.1, with a site whose CRM is a
// stand-in on 127.0.0.1 that fails with 500s at first: leads are submitted while the server is
// killed with SIGKILL and restarted. Every lead_id the API returned must be in the store and
// arrive at the CRM exactly once.
const token = 'test-admin-token-0123456789';
let root: string;
let ops: OpsProcess;
let crm: Server;
let crmUrl: string;
/** What the CRM accepted, by idempotency key, and every request it saw. */
const accepted = new Map<string, number>();
let requests = 0;
let failFirst = 40;

/** Sends one lead as the island does; the lead_id, or null when no answer came. */
async function submit(i: number): Promise<number | null> {
  try {
    const response = await fetch(`${ops.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `fault-${i}` },
      body: JSON.stringify({ site: 'northside-used', form: 'enquiry', name: `Shopper ${i}`, email: `shopper${i}@example.com`, phone: '0412 345 678', message: `Lead ${i}`, terms_conditions: true }),
    });
    const body = (await response.json()) as { lead_id?: number };
    return response.status < 300 && typeof body.lead_id === 'number' ? body.lead_id : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'leads-faults-'));
  // The demo site configs, one of them with a JSON CRM target whose URL is in FAULT_CRM_URL.
  await cp(path.resolve('sites'), path.join(root, 'sites'), { recursive: true });
  const file = path.join(root, 'sites/northside-used.yaml');
  const config = (await readFile(file, 'utf8')).replace(/^integrations:\n/m, 'integrations:\n  leadTargets:\n    - { name: crm, format: json, urlEnv: FAULT_CRM_URL }\n');
  expect(config).toContain('leadTargets');
  await writeFile(file, config);
  await mkdir(path.join(root, 'data'), { recursive: true });

  crm = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests++;
      if (failFirst > 0) {
        failFirst--;
        res.writeHead(500).end('CRM unavailable');
        return;
      }
      const key = String(req.headers['idempotency-key']);
      const lead = JSON.parse(body) as { lead: { id: number } };
      if (!accepted.has(key)) accepted.set(key, lead.lead.id);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  crmUrl = `http://127.0.0.1:${(crm.address() as { port: number }).port}/leads`;
  ops = new OpsProcess({
    root,
    port: await freePort(),
    env: { OPS_ADMIN_TOKEN: token, OPS_LEAD_RATE_LIMIT: '100000', OPS_LEAD_RETRY_BASE_MS: '20', OPS_LEAD_MAX_ATTEMPTS: '1000', FAULT_CRM_URL: crmUrl },
  });
  await ops.start();
}, 60_000);

afterAll(async () => {
  await ops?.kill();
  await new Promise((resolve) => crm.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('leads under faults', () => {
  it('loses no answered lead to a SIGKILL, and delivers each exactly once after the CRM recovers', async () => {
    const answered = new Map<number, number>();
    const total = 300;
    let next = 0;
    let killed = false;
    let resent = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        let id = await submit(i);
        // The island sends again with the same key when no answer came.
        for (let attempt = 0; id === null && attempt < 100; attempt++) {
          await new Promise((r) => setTimeout(r, 50));
          resent++;
          id = await submit(i);
        }
        if (id !== null) answered.set(i, id);
        if (!killed && answered.size >= 100) {
          killed = true;
          await ops.kill();
          await ops.start();
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(killed).toBe(true);
    // Submissions were in flight when the server died, and were sent again with their keys.
    expect(resent).toBeGreaterThan(0);
    expect(answered.size).toBe(total);

    // Every answered lead is in the store, once per key.
    const db = new Database(path.join(root, 'data/ops/ops.sqlite'), { readonly: true });
    const rows = db.prepare("select id, idempotency_key from leads where site = 'northside-used'").all() as Array<{ id: number; idempotency_key: string }>;
    db.close();
    expect(rows).toHaveLength(total);
    for (const [i, id] of answered) expect(rows.find((r) => r.id === id)?.idempotency_key).toBe(`fault-${i}`);

    // The CRM failed the first 40 requests, then recovered: every lead arrives, once.
    const deadline = Date.now() + 60_000;
    while (accepted.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(accepted.size).toBe(total);
    expect(new Set(accepted.values())).toEqual(new Set(answered.values()));
    expect(requests).toBeGreaterThanOrEqual(total + 40);

    const list = (await (await fetch(`${ops.url}/api/sites/northside-used/leads?limit=500`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      counts: Record<string, number>;
    };
    expect(list.counts).toMatchObject({ delivered: total, pending: 0, flagged: 0 });
  }, 180_000);
});
