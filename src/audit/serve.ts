/**
 * Serves a built site on loopback the way a CDN in front of it would: gzip, the site's `_headers` and
 * `_redirects`, its 404 page; and, when given, the runtime API at `/api/*` as the host routes it to the
 * ops server. Audits and benchmarks measure pages served this way.
 */
import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { siteHandler } from '../generator/preview.ts';

export interface ServedSite {
  /** e.g. `http://127.0.0.1:39211` (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

export async function serveLikeCdn(siteDir: string, api?: (req: IncomingMessage, res: ServerResponse) => void): Promise<ServedSite> {
  const files = siteHandler(realpathSync(siteDir));
  const gzip = compression();
  const server: Server = createServer((req, res) => {
    if (api && (req.url ?? '').startsWith('/api/')) return api(req, res);
    gzip(req as never, res as never, () => files(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
