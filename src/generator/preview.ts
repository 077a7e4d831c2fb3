import { createServer, type Server } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { OUT } from './publish.ts';

export const PREVIEW_BASE_PORT = 4321;

export interface PreviewServer {
  site: string;
  url: string;
  server: Server;
}

/**
 * Serves each built site from out/<slug> on its own port (base port + its
 * index among the sites, sorted by slug), on loopback by default.
 */
export async function startPreview(options: { site?: string; port?: number; host?: string; root?: string } = {}): Promise<PreviewServer[]> {
  const root = options.root ?? process.cwd();
  const host = options.host ?? '127.0.0.1';
  const all = loadAllSiteConfigs('sites', root);
  const sites = options.site ? [findSite(all, options.site)] : all;
  return Promise.all(
    sites.map((site, index) => {
      const port = (options.port ?? PREVIEW_BASE_PORT) + (options.site ? 0 : index);
      // Dev mode reads the file system on every request, so a newly published release is served at once.
      const serve = sirv(path.resolve(root, OUT, site.slug), { dev: true, dotfiles: false });
      const server = createServer((req, res) =>
        serve(req, res, () => {
          res.statusCode = 404;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
          res.end('Not found');
        }),
      );
      return new Promise<PreviewServer>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve({ site: site.slug, url: `http://${host}:${port}/`, server }));
      });
    }),
  );
}
