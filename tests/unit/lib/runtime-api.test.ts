import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UNREACHABLE_MESSAGE, apiUrl, requestJson } from '../../../src/lib/runtime-api.ts';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; body: string; type: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, type: req.headers['content-type'] });
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/ok') res.end(JSON.stringify({ success: true }));
      else if (req.url === '/api/refused') (res.statusCode = 422), res.end(JSON.stringify({ error: 'That car is no longer listed.' }));
      else if (req.url === '/api/broken') (res.statusCode = 500), res.end('<html>oops</html>');
      else (res.statusCode = 404), res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the runtime API client', () => {
  it('joins a site base and a path, with or without a trailing slash, or keeps the path for the site itself', () => {
    expect(apiUrl('', '/api/watchlist/save-car')).toBe('/api/watchlist/save-car');
    expect(apiUrl('https://ops.example/', '/api/leads')).toBe('https://ops.example/api/leads');
  });

  it('posts JSON and reads the answer', async () => {
    const answer = await requestJson<{ success: boolean }>(`${base}/api/ok`, { body: { car_id: 7 } });
    expect(answer).toEqual({ ok: true, status: 200, data: { success: true } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"car_id":7}', type: 'application/json' });
  });

  it("passes on the server's own message, and says the API could not be reached when there is none", async () => {
    expect(await requestJson(`${base}/api/refused`, { body: {} })).toEqual({ ok: false, status: 422, message: 'That car is no longer listed.' });
    expect(await requestJson(`${base}/api/broken`)).toEqual({ ok: false, status: 500, message: API_UNREACHABLE_MESSAGE });
  });

  it('never throws when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await requestJson(`http://127.0.0.1:${port}/api/ok`)).toEqual({ ok: false, status: 0, message: API_UNREACHABLE_MESSAGE });
  });
});
