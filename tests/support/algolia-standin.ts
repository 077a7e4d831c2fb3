/**
 * A stand-in for Algolia's search API on loopback: the endpoints the algoliasearch client calls to keep an
 * index in sync (settings, browse, batch, task) and to search it (multi-index queries), over records held
 * in memory. Searches are answered by the embedded engine with the listing index's configuration, so a
 * test can check what the hosted path serves, not just what was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSearchEngine, type SearchParams } from '../../src/search/engine.ts';
import { listingEngineConfig, type ListingRecord } from '../../src/search/listing.ts';

export interface StandinRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

export interface AlgoliaStandin {
  url: string;
  requests: StandinRequest[];
  indices: Map<string, Map<string, Record<string, unknown>>>;
  settings: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** Algolia sends query parameters either as an object or as one URL-encoded `params` string. */
function paramsOf(body: unknown): SearchParams {
  const value = (body ?? {}) as { params?: string | SearchParams } & SearchParams;
  if (typeof value.params === 'string') {
    const params: Record<string, unknown> = {};
    for (const [key, raw] of new URLSearchParams(value.params)) {
      try {
        params[key] = JSON.parse(raw);
      } catch {
        params[key] = raw;
      }
    }
    return params as SearchParams;
  }
  return (value.params as SearchParams | undefined) ?? value;
}

export async function startAlgoliaStandin(primaryIndex: string): Promise<AlgoliaStandin> {
  const indices = new Map<string, Map<string, Record<string, unknown>>>();
  const settings = new Map<string, Record<string, unknown>>();
  const requests: StandinRequest[] = [];
  let task = 0;
  const indexOf = (name: string) => {
    let index = indices.get(name);
    if (!index) indices.set(name, (index = new Map()));
    return index;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      const body = await bodyOf(request);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, apiKey: request.headers['x-algolia-api-key'] as string | undefined, body });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const parts = url.pathname.split('/').map(decodeURIComponent);
      // /1/indexes/<name>/<operation>[/<id>]
      const [, version, indexes, name, operation, id] = parts;
      if (version !== '1' || indexes !== 'indexes' || !name) return send(404, { message: `no such endpoint ${url.pathname}`, status: 404 });
      if (name === '*' && operation === 'queries' && request.method === 'POST') {
        const records = [...indexOf(primaryIndex).values()] as ListingRecord[];
        const engine = createSearchEngine(records, listingEngineConfig(primaryIndex));
        const queries = ((body as { requests: Array<{ indexName: string; params?: unknown; type?: string; facet?: string }> }).requests ?? []);
        return send(200, {
          results: queries.map((q) =>
            q.type === 'facet'
              ? engine.searchForFacetValues({ indexName: q.indexName, params: { ...paramsOf(q), facetName: q.facet! } })
              : engine.search([{ indexName: q.indexName, params: paramsOf(q) }]).results[0],
          ),
        });
      }
      if (operation === 'settings' && request.method === 'PUT') {
        settings.set(name, { ...(settings.get(name) ?? {}), ...(body as Record<string, unknown>) });
        return send(200, { taskID: ++task, updatedAt: new Date().toISOString() });
      }
      if (operation === 'browse' && request.method === 'POST') {
        const params = paramsOf(body) as SearchParams & { attributesToRetrieve?: string[]; cursor?: string };
        const all = [...indexOf(name).values()];
        const start = params.cursor ? Number(params.cursor) : 0;
        const size = Number(params.hitsPerPage ?? 1000);
        const slice = all.slice(start, start + size).map((r) => (params.attributesToRetrieve ? Object.fromEntries(['objectID', ...params.attributesToRetrieve].map((k) => [k, r[k]])) : r));
        return send(200, { hits: slice, nbHits: all.length, page: 0, nbPages: 1, hitsPerPage: size, processingTimeMS: 0, query: '', params: '', ...(start + size < all.length ? { cursor: String(start + size) } : {}) });
      }
      if (operation === 'batch' && request.method === 'POST') {
        const index = indexOf(name);
        const ids: string[] = [];
        for (const { action, body: record } of (body as { requests: Array<{ action: string; body: Record<string, unknown> }> }).requests) {
          const objectID = String(record.objectID);
          if (action === 'addObject' || action === 'updateObject') index.set(objectID, record);
          else if (action === 'deleteObject') index.delete(objectID);
          else return send(400, { message: `action ${action} is not supported here`, status: 400 });
          ids.push(objectID);
        }
        return send(200, { taskID: ++task, objectIDs: ids });
      }
      if (operation === 'task' && id) return send(200, { status: 'published', pendingTask: false });
      return send(404, { message: `no such endpoint ${request.method} ${url.pathname}`, status: 404 });
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: (error as Error).message, status: 500 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    indices,
    settings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
