/**
 * A loopback proxy in front of a preview site that sends one page's HTML in two parts: up to a chosen byte,
 * then, after a pause, the rest. Between the two the browser has parsed only the first part and paints it,
 * as a slow phone's parser does when it yields part-way through a page, so a test can hold what was painted
 * to what the whole page shows. Every other request passes through untouched.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallingProxy {
  url: string;
  /** The page's bytes as the site serves them. */
  html: Buffer;
  /** Where the next response for the page pauses, as a byte offset into `html`. */
  stallAt(offset: number): void;
  close(): Promise<void>;
}

const PASSED_HEADERS = ['content-type', 'content-security-policy', 'cache-control'];

async function fetchWhole(url: URL) {
  const response = await fetch(url);
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

export async function startStallingProxy(options: { origin: string; path: string; pauseMs: number }): Promise<StallingProxy> {
  const page = await fetchWhole(new URL(options.path, options.origin));
  let offset = page.body.length;
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    if (path !== options.path) {
      const passed = await fetchWhole(new URL(path, options.origin)).catch((error: Error) => ({ status: 502, headers: {}, body: Buffer.from(error.message) }));
      return void response.writeHead(passed.status, passed.headers).end(passed.body);
    }
    response.writeHead(page.status, page.headers).write(page.body.subarray(0, offset));
    setTimeout(() => response.end(page.body.subarray(offset)), options.pauseMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    html: page.body,
    stallAt: (at) => void (offset = at),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser still open (a failed test) holds its connections; they are not waited for.
        server.closeAllConnections();
      }),
  };
}
