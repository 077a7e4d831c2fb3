import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sign } from '../../src/ops/signature.ts';
import { event, harness, journalCount, nowSeconds, SECRETS, TOKEN, webhook, type Harness } from '../support/ops-harness.ts';

/** Sends raw bytes to 127.0.0.1:port and resolves with everything the server wrote before closing (or after `waitMs`). */
function rawExchange(port: number, request: string, waitMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, waitMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

/** A signed webhook written out as raw HTTP/1.1, with any extra header lines. */
function rawWebhook(site: string, body: string, headerLines: string[]): string {
  return [`POST /webhooks/${site} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', ...headerLines, '', body].join('\r\n');
}

const listen = async (h: Harness) => {
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  return (h.app.server.address() as AddressInfo).port;
};

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('rate limits: junk cannot starve verified events, one site cannot starve another', () => {
  it('accepts valid events for two sites from an address that has just sent a flood of bad signatures', async () => {
    h = await harness({ OPS_WEBHOOK_RATE_LIMIT: '50', OPS_WEBHOOK_FAILURE_LIMIT: '20' });
    const codes: number[] = [];
    for (let i = 0; i < 120; i++) codes.push((await h.app.inject(webhook(i % 2 ? 'bayside-mg' : 'northside-used', event(), { secret: 'wrong' }))).statusCode);
    // Each site's refusals from this address have their own budget of 20; past it they are 429.
    expect(codes.filter((c) => c === 401)).toHaveLength(40);
    expect(codes.filter((c) => c === 429)).toHaveLength(80);

    const bayside = await h.app.inject(webhook('bayside-mg', event()));
    const northside = await h.app.inject(webhook('northside-used', event()));
    expect([bayside.statusCode, northside.statusCode]).toEqual([202, 202]);
    expect(journalCount(h.store)).toBe(2);
  });

  it('turns away junk without a well-formed signature before reading its body once the address is over its refusals', async () => {
    h = await harness({ OPS_WEBHOOK_FAILURE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await h.app.inject(webhook('bayside-mg', event(), { signature: 'junk' }))).statusCode).toBe(401);
    const over = await h.app.inject(webhook('bayside-mg', event(), { signature: 'junk' }));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = await h.app.inject({ ...webhook('bayside-mg', event(), { signature: 'junk' }), remoteAddress: '127.0.0.9' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits verified events per site: a storm for one dealer leaves another\'s events alone', async () => {
    h = await harness({ OPS_WEBHOOK_RATE_LIMIT: '10' });
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) codes.push((await h.app.inject(webhook('bayside-mg', event()))).statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect((await h.app.inject(webhook('northside-used', event()))).statusCode).toBe(202);
    expect(journalCount(h.store)).toBe(11);
  });

  it('limits wrong admin tokens per address, after which even the right token waits', async () => {
    h = await harness({ OPS_AUTH_FAILURE_LIMIT: '5' });
    const wrong = { url: '/api/sites', headers: { authorization: 'Bearer not-the-token-at-all' } };
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await h.app.inject(wrong)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(429);
    expect((await h.app.inject({ url: '/api/sites', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: '127.0.0.9' })).statusCode).toBe(200);
  });

  it('limits preview requests per address', async () => {
    h = await harness({ OPS_PREVIEW_RATE_LIMIT: '5' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await h.app.inject({ url: '/', headers: { host: 'northside-used.localhost' } })).statusCode);
    expect(codes.slice(5)).toEqual([429, 429]);
    expect(codes.slice(0, 5)).not.toContain(429);
  });
});

describe('client addresses behind a proxy', () => {
  const junkFrom = (client: string) => ({ ...webhook('bayside-mg', event(), { signature: 'junk' }), headers: { ...webhook('bayside-mg', event(), { signature: 'junk' }).headers, 'x-forwarded-for': client } });

  it('gives each forwarded client its own budget when the proxy is trusted', async () => {
    h = await harness({ OPS_WEBHOOK_FAILURE_LIMIT: '2', OPS_TRUST_PROXY: '127.0.0.1' });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await h.app.inject(junkFrom('198.51.100.1'))).statusCode);
    expect(codes).toEqual([401, 401, 429]);
    expect((await h.app.inject(junkFrom('198.51.100.2'))).statusCode).toBe(401);
  });

  it('says once that forwarded addresses are ignored while no proxy is trusted', async () => {
    const lines: string[] = [];
    h = await harness({ OPS_WEBHOOK_FAILURE_LIMIT: '2' }, {}, (line) => lines.push(line));
    const codes: number[] = [];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) codes.push((await h.app.inject(junkFrom(client))).statusCode);
    // Every caller is the proxy's own address, so they share one budget.
    expect(codes).toEqual([401, 401, 429]);
    expect(lines.filter((line) => line.includes('OPS_TRUST_PROXY is not set'))).toHaveLength(1);
  });
});

describe('signature header parsed strictly', () => {
  it('refuses a valid signature with bytes after it', async () => {
    h = await harness();
    const body = JSON.stringify(event());
    const response = await h.app.inject(webhook('bayside-mg', body, { signature: `${sign(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET, body, nowSeconds())}zz` }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/malformed signature header/);
    for (const signature of [`${sign(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET, body, nowSeconds())},v1=00`, ` t=1,v1=${'a'.repeat(64)}`, `v1=${'a'.repeat(64)},t=${nowSeconds()}`]) {
      expect((await h.app.inject(webhook('bayside-mg', body, { signature }))).statusCode).toBe(401);
    }
    expect(journalCount(h.store)).toBe(0);
  });

  it('refuses two signature headers, even when one of them is valid', async () => {
    h = await harness();
    const port = await listen(h);
    const body = JSON.stringify(event());
    const valid = sign(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET, body, nowSeconds());
    const forged = sign('guess', body, nowSeconds());
    for (const pair of [[forged, valid], [valid, forged], [valid, valid]]) {
      const answer = await rawExchange(port, rawWebhook('bayside-mg', body, pair.map((v) => `X-Dealer-Signature: ${v}`)));
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('more than one x-dealer-signature header');
    }
    expect(journalCount(h.store)).toBe(0);
    // The same request with one header is fine.
    expect(await rawExchange(port, rawWebhook('bayside-mg', body, [`X-Dealer-Signature: ${valid}`]))).toMatch(/^HTTP\/1\.1 202 /);
  });
});

describe('slow and excess connections', () => {
  it('cuts off bodies sent slowly within the request timeout', async () => {
    h = await harness({ OPS_REQUEST_TIMEOUT_MS: '1000' });
    const port = await listen(h);
    const started = Date.now();
    const trickles = Array.from({ length: 20 }, () =>
      new Promise<{ closedAfterMs: number; answer: string }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => {});
        socket.write(['POST /webhooks/bayside-mg HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 10000', '', '{'].join('\r\n'));
        const drip = setInterval(() => socket.write(' '), 100);
        // Bounded: whatever happens, the test ends its sockets after 8 s.
        const limit = setTimeout(() => socket.destroy(), 8000);
        socket.on('close', () => {
          clearInterval(drip);
          clearTimeout(limit);
          resolve({ closedAfterMs: Date.now() - started, answer });
        });
      }),
    );
    const results = await Promise.all(trickles);
    for (const result of results) {
      expect(result.closedAfterMs).toBeLessThan(4000);
      expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    }
    expect(journalCount(h.store)).toBe(0);
  });

  it('closes connections beyond the cap as they arrive', async () => {
    h = await harness({ OPS_MAX_CONNECTIONS: '3' });
    const port = await listen(h);
    const held = await Promise.all(
      Array.from({ length: 3 }, () => new Promise<ReturnType<typeof connect>>((resolve) => { const s = connect(port, '127.0.0.1', () => resolve(s)); })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 2000);
    expect(answer).toBe('');
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 2000)).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('refusals are logged as JSON lines', () => {
  it('logs each refused webhook with request id, site, status, reason and client, never the secret or the signature', async () => {
    const lines: string[] = [];
    h = await harness({}, {}, (line) => lines.push(line));
    const body = JSON.stringify(event());
    const badSignature = sign('guess', body, nowSeconds());
    const refused = [
      await h.app.inject(webhook('bayside-mg', body, { signature: badSignature })),
      await h.app.inject({ ...webhook('bayside-mg', event()), headers: { ...webhook('bayside-mg', event()).headers, 'content-type': 'text/plain' } }),
      await h.app.inject(webhook('bayside-mg', event({ data: { id: 1, record: { notes: 'x'.repeat(1024 * 1024) } } }))),
      await h.app.inject(webhook('bayside-mg', '{"id":')),
      await h.app.inject(webhook('nowhere-motors', event(), { secret: 'x' })),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 415, 413, 400, 404]);
    const records = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(5);
    for (const [i, record] of records.entries()) {
      expect(record).toMatchObject({ level: 'warn', msg: 'webhook refused', status: refused[i]!.statusCode, client: '127.0.0.1', reqId: refused[i]!.headers['x-request-id'] });
      expect(typeof record.time).toBe('string');
    }
    expect(records.map((r) => r.reason)).toEqual(['signature_mismatch', 'unsupported_media_type', 'too_large', 'malformed', 'unknown_site']);
    expect(records.map((r) => r.site)).toEqual(['bayside-mg', 'bayside-mg', 'bayside-mg', 'bayside-mg', 'nowhere-motors']);
    const all = lines.join('\n');
    expect(all).not.toContain(SECRETS.BAYSIDE_MG_WEBHOOK_SECRET);
    expect(all).not.toContain(badSignature.split('v1=')[1]);
  });

  it('logs 429s and wrong admin tokens too', async () => {
    const lines: string[] = [];
    h = await harness({ OPS_WEBHOOK_RATE_LIMIT: '1' }, {}, (line) => lines.push(line));
    await h.app.inject(webhook('bayside-mg', event()));
    expect((await h.app.inject(webhook('bayside-mg', event()))).statusCode).toBe(429);
    expect((await h.app.inject({ url: '/api/sites', headers: { authorization: 'Bearer wrong-wrong-wrong' } })).statusCode).toBe(401);
    const records = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({ msg: 'webhook refused', status: 429, reason: 'rate_limited', site: 'bayside-mg' }),
      expect.objectContaining({ msg: 'admin request refused', status: 401, reason: 'wrong_token', client: '127.0.0.1' }),
    ]);
  });
});

describe('methods, hosts and what a 404 tells', () => {
  it('answers 405 with Allow: POST for other methods on the webhook route', async () => {
    h = await harness();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await h.app.inject({ method, url: '/webhooks/bayside-mg' });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe('POST');
    }
  });

  it('refuses a request with two Host headers', async () => {
    h = await harness();
    const port = await listen(h);
    const answer = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: bayside-mg.localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('more than one Host header');
  });

  it('does not list the server\'s sites in a 404', async () => {
    h = await harness();
    const webhook404 = await h.app.inject(webhook('nowhere-motors', event(), { secret: 'x' }));
    const preview404 = await h.app.inject({ url: '/', headers: { host: 'nowhere.localhost' } });
    for (const response of [webhook404, preview404]) {
      expect(response.statusCode).toBe(404);
      for (const slug of ['bayside-mg', 'northside-used', 'summit-motor-group']) expect(response.body).not.toContain(slug);
    }
  });
});

describe('health and metrics', () => {
  it('reports journal lag per site, and 503 when the journal cannot be written', async () => {
    h = await harness();
    // Journalled but not yet applied, as while a build runs.
    h.store.journal('northside-used', event());
    const health = await h.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json().sites['northside-used']).toMatchObject({ pending: 1, oldestPendingSeconds: expect.any(Number) });
    expect(health.json().sites['bayside-mg']).toMatchObject({ pending: 0, oldestPendingSeconds: null });

    h.store.db.pragma('query_only = ON');
    const failing = await h.app.inject({ url: '/healthz' });
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({ status: 'failing', database: expect.stringMatching(/^not writable/) });
    h.store.db.pragma('query_only = OFF');
  });

  it('serves Prometheus metrics to the metrics token or the admin token only', async () => {
    const metricsToken = 'metrics-token-0123456789';
    h = await harness({ OPS_METRICS_TOKEN: metricsToken });
    await h.app.inject(webhook('bayside-mg', event()));
    await h.app.inject(webhook('bayside-mg', event(), { secret: 'wrong' }));
    expect((await h.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-wrong' } })).statusCode).toBe(401);
    for (const token of [metricsToken, TOKEN]) {
      const response = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.body).toContain('ops_webhook_events_received_total{site="bayside-mg"} 1');
      expect(response.body).toContain('ops_webhook_events_rejected_total{site="bayside-mg",reason="signature_mismatch"} 1');
      expect(response.body).toMatch(/ops_queue_depth\{site="(bayside-mg|northside-used|summit-motor-group)"\} \d/);
      expect(response.body).toContain('ops_http_request_duration_seconds_bucket');
      expect(response.body).toContain('ops_leads{site="bayside-mg",state="delivered"}');
    }
  });
});
