/**
 * A stand-in for the runtime API's watchlist routes on loopback, speaking their contract:
 * `POST /api/watchlist/save-car` and `/api/watchlist/remove-car` with JSON `{ phone_number, car_id }`,
 * answered `{ success: boolean }`. How it answers depends on the shopper's phone, so tests running at once
 * each get the behaviour they set up: {@link STANDIN_PHONES}. Every request is recorded.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The phone on record decides the answer. */
export const STANDIN_PHONES = {
  /** `{ success: true }` at once. */
  ok: '0400 000 001',
  /** HTTP 503 with an error message. */
  failing: '0400 000 002',
  /** `{ success: true }` after {@link SLOW_MS}, so the spinner can be seen. */
  slow: '0400 000 003',
} as const;

export const SLOW_MS = 1500;
export const STANDIN_ERROR = 'The watchlist is down for maintenance. Please try again in a few minutes.';

export interface WatchlistRequest {
  path: string;
  contentType: string | undefined;
  body: { phone_number?: unknown; car_id?: unknown } | null;
}

export interface WatchlistStandin {
  url: string;
  requests: WatchlistRequest[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<WatchlistRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as WatchlistRequest['body'];
  } catch {
    return null;
  }
}

export async function startWatchlistStandin(): Promise<WatchlistStandin> {
  const requests: WatchlistRequest[] = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://standin').pathname;
    const body = await bodyOf(request);
    requests.push({ path, contentType: request.headers['content-type'], body });
    const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (request.method !== 'POST' || !['/api/watchlist/save-car', '/api/watchlist/remove-car'].includes(path)) return json(404, { error: 'Not found' });
    if (typeof body?.phone_number !== 'string' || !Number.isSafeInteger(body.car_id)) return json(400, { error: 'phone_number and car_id are required' });
    if (body.phone_number === STANDIN_PHONES.failing) return json(503, { error: STANDIN_ERROR });
    if (body.phone_number === STANDIN_PHONES.slow) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return json(200, { success: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
