import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { REVALIDATE } from './host-files.ts';
import { OUT } from './publish.ts';

/** The first site's port; the others follow in slug order. `PREVIEW_PORT` moves them (two checkouts testing at once). */
export const PREVIEW_BASE_PORT = Number(process.env.PREVIEW_PORT) || 4321;

export interface PreviewServer {
  site: string;
  /** Base URL with the port actually bound, e.g. "http://127.0.0.1:4321/". */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves each built site from out/<slug> on its own port (base port + its
 * index among the sites, sorted by slug; port 0 gives every site a free port),
 * on loopback by default. Each site's `_redirects` and `_headers` are honoured
 * the way a static host applies them, re-read whenever they change, and unknown
 * paths get the site's 404.html with status 404.
 */
export async function startPreview(
  options: {
    site?: string;
    port?: number;
    host?: string;
    root?: string;
    /** Answers `/api/*` (the runtime API), as a static host in front of the ops server routes it. */
    api?: (req: IncomingMessage, res: ServerResponse) => void;
  } = {},
): Promise<PreviewServer[]> {
  const root = options.root ?? process.cwd();
  const host = options.host ?? '127.0.0.1';
  const all = loadAllSiteConfigs('sites', root);
  const sites = options.site ? [findSite(all, options.site)] : all;
  const started: PreviewServer[] = [];
  try {
    for (const [index, site] of sites.entries()) {
      const port = options.port === 0 ? 0 : (options.port ?? PREVIEW_BASE_PORT) + (options.site ? 0 : index);
      const files = siteHandler(path.resolve(root, OUT, site.slug));
      const api = options.api;
      const server = createServer(api ? (req, res) => ((req.url ?? '').startsWith('/api/') ? api(req, res) : files(req, res)) : files);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      started.push({
        site: site.slug,
        url: `http://${shownHost}:${address.port}/`,
        server,
        close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
      });
    }
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.close()));
    throw error;
  }
  return started;
}

// ---------------------------------------------------------------- request handling

/**
 * Handles requests for one site folder as Netlify would: headers from
 * `_headers`; a trailing-slash redirect for folders; `_redirects` rules in order
 * (a rule does not apply where a file exists unless it is forced with `!`);
 * then the file, or 404.html with status 404.
 */
export function siteHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  // Dev mode reads the file system on every request, so a newly published release is served at once.
  const serve = sirv(dir, { dev: true, dotfiles: false });
  const notFound = (req: IncomingMessage, res: ServerResponse, status = 404, page = '/404.html') => {
    const file = staticFile(dir, page);
    res.statusCode = status;
    if (!file || file.slash) {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(req.method === 'HEAD' ? undefined : 'Not found');
      return;
    }
    const body = readFileSync(file.abs);
    res.setHeader('Content-Type', contentType(file.abs));
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://preview.invalid');
      const rawPath = url.pathname;

      for (const [name, value] of headersFor(readCached(path.join(dir, '_headers'), parseHeaders)?.rules ?? [], rawPath)) {
        res.setHeader(name, previewValue(name, value));
      }
      if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', REVALIDATE);

      const file = staticFile(dir, safeDecode(rawPath));
      const rules = readCached(path.join(dir, '_redirects'), parseRedirects)?.rules ?? [];
      const match = matchRedirect(rules, rawPath, url.searchParams, { shadowed: file !== null });

      if (match) {
        const { status } = match.rule;
        if (status >= 300 && status < 400) {
          const location = match.rule.query.length === 0 && url.search && !match.target.includes('?') ? match.target + url.search : match.target;
          res.writeHead(status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : `Redirecting to ${location}`);
          return;
        }
        if (/^https?:\/\//i.test(match.target)) {
          res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The preview does not proxy to other hosts (${match.target}, _redirects line ${match.rule.line}).`);
          return;
        }
        const targetPath = new URL(match.target, url).pathname;
        if (status === 200) {
          const target = staticFile(dir, safeDecode(targetPath));
          if (!target || target.slash) return notFound(req, res);
          req.url = targetPath + url.search;
          serve(req, res, () => notFound(req, res));
          return;
        }
        notFound(req, res, status, targetPath);
        return;
      }

      if (file?.slash) {
        res.writeHead(301, { Location: `${rawPath}/${url.search}` }).end();
        return;
      }
      if (!file) return notFound(req, res);
      serve(req, res, () => notFound(req, res));
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Preview error: ${(error as Error).message}`);
    }
  };
}

/**
 * The preview serves plain http. Chromium exempts loopback from
 * upgrade-insecure-requests, but a preview opened by a LAN address (`--host`,
 * e.g. from a phone) would have every asset request upgraded to https and fail,
 * so the preview drops that one directive and sends the rest unchanged.
 */
function previewValue(name: string, value: string): string {
  if (name.toLowerCase() !== 'content-security-policy') return value;
  return value
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ');
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml' };
function contentType(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

function isFile(abs: string): boolean {
  return statSync(abs, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The file a decoded path serves, as static hosts resolve it: the file itself,
 * or the folder's index.html (`slash` when the path lacks its trailing slash).
 * Dotfiles and the host's own `_redirects` and `_headers` are never served.
 */
export function staticFile(dir: string, pathname: string): { abs: string; slash: boolean } | null {
  if (pathname.includes('\0') || !pathname.startsWith('/')) return null;
  const segments = pathname.split('/');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  if (/^\/_(redirects|headers)\/?$/.test(pathname)) return null;
  const abs = path.join(dir, pathname);
  if (abs !== dir && !abs.startsWith(dir + path.sep)) return null;
  if (pathname.endsWith('/')) {
    const index = path.join(abs, 'index.html');
    return isFile(index) ? { abs: index, slash: false } : null;
  }
  if (isFile(abs)) return { abs, slash: false };
  if (isFile(path.join(abs, 'index.html'))) return { abs: path.join(abs, 'index.html'), slash: true };
  if (isFile(`${abs}.html`)) return { abs: `${abs}.html`, slash: false };
  return null;
}

// ---------------------------------------------------------------- host files, cached by version

const fileCache = new Map<string, { version: string; value: unknown }>();

/** Parses a host file once per version (device, inode, mtime, size), so an edited or newly published file is picked up at once. */
function readCached<T extends { errors: string[] }>(file: string, parse: (text: string) => T): T | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats?.isFile()) return null;
  const version = `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.size}`;
  const hit = fileCache.get(file);
  if (hit?.version === version) return hit.value as T;
  const value = parse(readFileSync(file, 'utf8'));
  for (const error of value.errors) console.warn(`${file}: ${error}`);
  fileCache.set(file, { version, value });
  return value;
}

// ---------------------------------------------------------------- path patterns

interface CompiledPath {
  regex: RegExp;
  /** Capture names in order: placeholders without the colon, and "splat" for `*`. */
  names: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A Netlify path pattern as a regular expression: `:name` matches one segment,
 * a standalone `*` the rest of the path (including nothing), a `*` inside a
 * segment any characters. A trailing slash is optional; matching ignores case.
 */
export function compilePath(pattern: string): CompiledPath {
  const names: string[] = [];
  let source = '';
  const segments = pattern.replace(/\/+$/, '').split('/').slice(1);
  for (const segment of segments) {
    if (segment === '*') {
      names.push('splat');
      source += '(?:/(.*))?';
    } else if (/^:[A-Za-z_]\w*$/.test(segment)) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
    } else if (segment.includes('*')) {
      names.push('splat');
      source += `/${segment.split('*').map(escapeRegExp).join('(.*)')}`;
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  return { regex: new RegExp(`^${source}/?$`, 'i'), names };
}

// ---------------------------------------------------------------- _redirects

export interface RedirectRule {
  from: string;
  /** Query conditions: a value starting with ":" captures, any other must be equal. */
  query: Array<{ key: string; value: string }>;
  to: string;
  status: number;
  /** `!` after the status: applies even where a file exists. */
  force: boolean;
  /** Line number in the file, for messages. */
  line: number;
  compiled: CompiledPath;
}

/** Parses a Netlify `_redirects` file. Lines it cannot use (conditions on country, language, role or cookie; domain-level sources) are reported and skipped. */
export function parseRedirects(text: string): { rules: RedirectRule[]; errors: string[] } {
  const rules: RedirectRule[] = [];
  const errors: string[] = [];
  const isTarget = (t: string) => t.startsWith('/') || /^https?:\/\//i.test(t);
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const tokens = content.split(/\s+/);
    const from = tokens[0]!;
    if (!from.startsWith('/')) {
      errors.push(`line ${line}: only path sources are supported by the preview ("${from}"); the rule is skipped.`);
      return;
    }
    let i = 1;
    const query: RedirectRule['query'] = [];
    while (i < tokens.length && !isTarget(tokens[i]!) && tokens[i]!.includes('=')) {
      const token = tokens[i++]!;
      const eq = token.indexOf('=');
      query.push({ key: token.slice(0, eq), value: token.slice(eq + 1) });
    }
    const to = tokens[i++];
    if (!to || !isTarget(to)) {
      errors.push(`line ${line}: expected a target path or URL after "${tokens.slice(0, i - 1).join(' ')}"; the rule is skipped.`);
      return;
    }
    let status = 301;
    let force = false;
    const statusToken = /^(\d{3})(!?)$/.exec(tokens[i] ?? '');
    if (statusToken) {
      status = Number(statusToken[1]);
      force = statusToken[2] === '!';
      i++;
    }
    if (i < tokens.length) {
      errors.push(`line ${line}: conditions "${tokens.slice(i).join(' ')}" cannot be evaluated by the preview; the rule is skipped.`);
      return;
    }
    rules.push({ from, query, to, status, force, line, compiled: compilePath(from) });
  });
  return { rules, errors };
}

/**
 * The first rule matching a request, with its target filled in from the path's
 * placeholders and splat and the query's captured values. Where a file exists
 * (`shadowed`), only forced rules apply.
 */
export function matchRedirect(
  rules: RedirectRule[],
  pathname: string,
  query: URLSearchParams,
  options: { shadowed?: boolean } = {},
): { rule: RedirectRule; target: string } | null {
  for (const rule of rules) {
    if (options.shadowed && !rule.force) continue;
    const match = rule.compiled.regex.exec(pathname);
    if (!match) continue;
    const params = new Map<string, string>();
    rule.compiled.names.forEach((name, i) => params.set(name, match[i + 1] ?? ''));
    let ok = true;
    for (const condition of rule.query) {
      const value = query.get(condition.key);
      if (value === null) ok = false;
      else if (condition.value.startsWith(':')) params.set(condition.value.slice(1), encodeURIComponent(value));
      else if (value !== condition.value) ok = false;
      if (!ok) break;
    }
    if (!ok) continue;
    const target = rule.to.replace(/:([A-Za-z_]\w*)/g, (all, name: string) => params.get(name) ?? all);
    return { rule, target };
  }
  return null;
}

// ---------------------------------------------------------------- _headers

export interface HeaderRule {
  pattern: string;
  compiled: CompiledPath;
  /** Headers in file order; a name starting with "!" removes that header (Cloudflare's detach syntax). */
  headers: Array<[string, string]>;
}

/** Parses a `_headers` file: a path pattern on its own line, then indented `Name: value` lines. */
export function parseHeaders(text: string): { rules: HeaderRule[]; errors: string[] } {
  const rules: HeaderRule[] = [];
  const errors: string[] = [];
  let current: HeaderRule | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      let pattern = content;
      if (/^https?:\/\//i.test(pattern)) pattern = pattern.replace(/^https?:\/\/[^/]*/i, '') || '/';
      if (!pattern.startsWith('/')) {
        errors.push(`line ${line}: a rule starts with a path such as /* or /_astro/*, not "${content}".`);
        current = null;
        return;
      }
      current = { pattern, compiled: compilePath(pattern), headers: [] };
      rules.push(current);
      return;
    }
    if (!current) {
      errors.push(`line ${line}: a header line needs a path line above it.`);
      return;
    }
    if (content.startsWith('!')) {
      current.headers.push([`!${content.slice(1).trim()}`, '']);
      return;
    }
    const colon = content.indexOf(':');
    if (colon <= 0) {
      errors.push(`line ${line}: expected "Name: value", found "${content}".`);
      return;
    }
    current.headers.push([content.slice(0, colon).trim(), content.slice(colon + 1).trim()]);
  });
  return { rules, errors };
}

/**
 * The headers every matching rule sets for a path. A header set by several
 * matching rules is joined with ", " as Cloudflare Pages does (so an overlap
 * that would produce a contradictory header shows in the preview too).
 */
export function headersFor(rules: HeaderRule[], pathname: string): Array<[string, string]> {
  const merged = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.compiled.regex.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      if (name.startsWith('!')) {
        merged.delete(name.slice(1).toLowerCase());
        continue;
      }
      const key = name.toLowerCase();
      const existing = merged.get(key);
      merged.set(key, existing ? [existing[0], `${existing[1]}, ${value}`] : [name, value]);
    }
  }
  return [...merged.values()];
}
