/**
 * A stand-in for a CDN's purge APIs on loopback: a purge-by-URL webhook (`POST /purge` with `{ urls }`) and
 * Cloudflare's `POST /client/v4/zones/<zone>/purge_cache` with `{ files }`, both checking the bearer token.
 * Cloudflare's answer has its shape: `{ success, errors, messages, result }`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PurgeRequest {
  kind: 'webhook' | 'cloudflare';
  zone?: string;
  urls: string[];
  authorized: boolean;
}

export interface PurgeStandin {
  url: string;
  requests: PurgeRequest[];
  /** Every URL purged by authorised requests, in order. */
  purged(): string[];
  close(): Promise<void>;
}

export async function startPurgeStandin(options: { token: string }): Promise<PurgeStandin> {
  const requests: PurgeRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const zone = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(url.pathname)?.[1];
    const kind = zone ? 'cloudflare' : url.pathname === '/purge' ? 'webhook' : null;
    if (request.method !== 'POST' || !kind) return void response.writeHead(404).end();
    const authorized = request.headers.authorization === `Bearer ${options.token}`;
    let body: { urls?: unknown; files?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      return void response.writeHead(400).end('not JSON');
    }
    const list = kind === 'cloudflare' ? body.files : body.urls;
    const urls = Array.isArray(list) && list.every((u) => typeof u === 'string') ? (list as string[]) : null;
    requests.push({ kind, ...(zone ? { zone } : {}), urls: urls ?? [], authorized });
    const reply = (status: number, ok: boolean, error?: string) =>
      response
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(kind === 'cloudflare' ? { success: ok, errors: error ? [{ code: status === 403 ? 10000 : 1012, message: error }] : [], messages: [], result: ok ? { id: zone } : null } : ok ? { purged: urls!.length } : { error }));
    if (!authorized) return reply(403, false, 'Authentication error');
    if (!urls || (kind === 'cloudflare' && urls.length > 30)) return reply(400, false, kind === 'cloudflare' ? 'files must be a list of at most 30 URLs' : 'urls must be a list of URLs');
    reply(200, true);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    purged: () => requests.filter((r) => r.authorized).flatMap((r) => r.urls),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
