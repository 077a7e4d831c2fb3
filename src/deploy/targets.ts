import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { writeFileAtomic } from '../data/feed-files.ts';
import { OUT } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { requireEnv } from './credentials.ts';
import { withJoinedBytes } from './kept-buffers.ts';

export type TargetConfig = SiteConfig['deploy']['targets'][string];

/** Name of the manifest kept with every target: the folder's file, the bucket's object under the prefix. */
export const MANIFEST_NAME = '.deploy-manifest.json';

/** One published file as the target holds it. */
export interface ManifestEntry {
  /** SHA-256 of the content, hex. */
  sha256: string;
  size: number;
  contentType: string;
  cacheControl: string;
}

/** What a target holds, written after every deploy that changed anything: the next deploy diffs against it. */
export interface DeployManifest {
  version: 1;
  site: string;
  deployedAt: string;
  /** By path relative to the site root, e.g. `cars/used/mg-zs-123/index.html`. */
  files: Record<string, ManifestEntry>;
}

export interface UploadFile extends ManifestEntry {
  path: string;
  body: Buffer;
}

/** A place a site is published to. */
export interface Target {
  /** For log lines, e.g. `s3://bucket/prefix/`. */
  readonly description: string;
  /** Uploads in flight at once. */
  readonly concurrency: number;
  readManifest(): Promise<DeployManifest | null>;
  /**
   * What tells the manifest the target holds now from any other, without reading it (a bucket object's
   * ETag, a file's inode, size and time); null when there is none or the target cannot say.
   */
  manifestStamp(): Promise<string | null>;
  put(file: UploadFile): Promise<void>;
  remove(file: string): Promise<void>;
  /** Writes the manifest, given in parts (`manifestParts`); returns its stamp ({@link Target.manifestStamp}) when the target gave one. */
  writeManifest(parts: readonly Uint8Array[]): Promise<string | null>;
}

// Each file's line of a manifest, by its entry (an entry is made per upload and never changed): a deploy
// that changed a few files of 38,000 makes just their lines again, and the text goes out as bytes, not as
// a string of many megabytes the server would hold and collect after every update.
const manifestLines = new WeakMap<ManifestEntry, { file: string; line: Buffer }>();
const LINE_END = Buffer.from(',\n');
const LAST_LINE_END = Buffer.from('\n');
const MANIFEST_END = Buffer.from('}}\n');

/**
 * A manifest as a target stores it: JSON with one line per file, in the order of `paths` (its files' paths,
 * sorted), so that a person can read or diff it. Returned in parts, the kept lines among them, for a
 * gathered write: joined, they would make a new buffer of the whole manifest on every deploy.
 */
export function manifestParts(manifest: DeployManifest, paths: readonly string[]): Buffer[] {
  const parts: Buffer[] = new Array(2 * paths.length + 1);
  parts[0] = Buffer.from(`{"version":${manifest.version},"site":${JSON.stringify(manifest.site)},"deployedAt":${JSON.stringify(manifest.deployedAt)},"files":{\n`);
  for (let i = 0; i < paths.length; i++) {
    const file = paths[i]!;
    const entry = manifest.files[file]!;
    let kept = manifestLines.get(entry);
    if (kept?.file !== file) {
      kept = { file, line: Buffer.from(`${JSON.stringify(file)}:${JSON.stringify({ sha256: entry.sha256, size: entry.size, contentType: entry.contentType, cacheControl: entry.cacheControl })}`) };
      manifestLines.set(entry, kept);
    }
    parts[2 * i + 1] = kept.line;
    parts[2 * i + 2] = i < paths.length - 1 ? LINE_END : LAST_LINE_END;
  }
  parts.push(MANIFEST_END);
  return parts;
}

/** Parses a stored manifest; anything else is treated as no manifest (everything uploads again). */
function parseManifest(text: string, slug: string): DeployManifest | null {
  try {
    const parsed = JSON.parse(text) as DeployManifest;
    return parsed.version === 1 && parsed.site === slug && parsed.files && typeof parsed.files === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- dir

/** A folder: each file is written beside a temporary name and renamed, so a reader never sees half a file. */
export function dirTarget(site: SiteConfig, config: Extract<TargetConfig, { kind: 'dir' }>, root: string): Target {
  const dir = path.resolve(root, config.path ?? path.join('deploy', site.slug));
  // Copying into the build's own output would write into a release, live or kept for a rollback.
  const out = path.resolve(root, OUT);
  if (dir === out || dir.startsWith(out + path.sep)) throw new Error(`deploy.targets path ${config.path} is inside ${OUT}/, where builds keep their releases. Choose a folder outside it, e.g. deploy/${site.slug}.`);
  const inside = (file: string) => {
    const abs = path.resolve(dir, file);
    if (!abs.startsWith(dir + path.sep)) throw new Error(`${file} is outside the target folder ${dir}`);
    return abs;
  };
  const manifestFile = path.join(dir, MANIFEST_NAME);
  // Each write renames a new file into place, so its inode tells it from every earlier one.
  const stampOf = async () => {
    const info = await stat(manifestFile).catch(() => null);
    return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : null;
  };
  return {
    description: dir,
    concurrency: 4,
    async readManifest() {
      const text = await readFile(manifestFile, 'utf8').catch(() => null);
      return text === null ? null : parseManifest(text, site.slug);
    },
    manifestStamp: stampOf,
    put: (file) => writeFileAtomic(inside(file.path), file.body),
    async remove(file) {
      const abs = inside(file);
      await rm(abs, { force: true });
      // Empty folders go with their last file, as a bucket has no folders.
      for (let parent = path.dirname(abs); parent !== dir && parent.startsWith(dir); parent = path.dirname(parent)) {
        if (!(await rmdir(parent).then(() => true, () => false))) break;
      }
    },
    async writeManifest(parts) {
      await writeFileAtomic(manifestFile, parts);
      return stampOf();
    },
  };
}

// ---------------------------------------------------------------- s3

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
/** Tries after the first, for an answer of 429 or 5xx. */
const S3_RETRIES = 3;

/**
 * Sends a signed request with `body` through node:http(s), taking the bytes as they are. fetch copies a
 * body given as bytes into new memory first; a running site's deploy sends every changed file and the
 * manifest (about 20 MB an update at 10,000 vehicles), and V8 starts a full collection for each 64 MB or
 * so of new memory outside its heap (see kept-buffers.ts).
 */
function sendBytes(signed: Request, body: Uint8Array, signal: AbortSignal): Promise<Response> {
  const url = new URL(signed.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = { ...Object.fromEntries(signed.headers), 'content-length': String(body.byteLength) };
    const request = send(url, { method: signed.method, headers, signal }, (answer) => {
      const status = answer.statusCode ?? 0;
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      // A Response of these statuses has no body; anything sent is read and dropped.
      const bodiless = status === 204 || status === 205 || status === 304;
      try {
        resolve(new Response(bodiless ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), { status, headers: answerHeaders }));
        if (bodiless) answer.resume();
      } catch (error) {
        // A status a Response cannot have (outside 200-599) fails this request, not the process.
        answer.destroy();
        reject(error);
      }
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * An S3-compatible bucket, through aws4fetch's SigV4 signing, sent by the platform's fetch or, for requests
 * with a body, by node:http(s) (`sendBytes`). Every request signs its payload's SHA-256 (never
 * UNSIGNED-PAYLOAD), so the bucket rejects a body changed in transit.
 */
export function s3Target(site: SiteConfig, config: Extract<TargetConfig, { kind: 's3' }>, env: NodeJS.ProcessEnv = process.env): Target {
  const client = new AwsClient({
    accessKeyId: requireEnv(env, config.accessKeyIdEnv, `the access key id for bucket ${config.bucket}`),
    secretAccessKey: requireEnv(env, config.secretAccessKeyEnv, `the secret access key for bucket ${config.bucket}`),
    ...(env[config.sessionTokenEnv] ? { sessionToken: env[config.sessionTokenEnv] } : {}),
    service: 's3',
    region: config.region,
    retries: S3_RETRIES,
  });
  const base = config.endpoint ? `${config.endpoint}/${config.bucket}` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const urlOf = (file: string) => `${base}/${`${config.prefix}${file}`.split('/').map(encodeURIComponent).join('/')}`;
  const where = (file: string) => `s3://${config.bucket}/${config.prefix}${file}`;

  async function send(method: string, file: string, init: { body?: Buffer; sha256?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers = { 'x-amz-content-sha256': init.sha256 ?? EMPTY_SHA256, ...init.headers };
    if (!init.body) return client.fetch(urlOf(file), { method, headers, signal: AbortSignal.timeout(60_000) });
    // Signed without the body (its hash is in the headers) and sent from the caller's bytes, as aws4fetch
    // would send it, retrying the same way on 429 and 5xx.
    for (let attempt = 0; ; attempt++) {
      const signed = await client.sign(urlOf(file), { method, headers });
      const response = await sendBytes(signed, init.body, AbortSignal.timeout(60_000));
      if ((response.status < 500 && response.status !== 429) || attempt === S3_RETRIES) return response;
      await response.body?.cancel();
      await sleep(Math.random() * 50 * 2 ** attempt);
    }
  }

  async function fail(method: string, file: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    const hint =
      code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId'
        ? ` Check ${config.accessKeyIdEnv} and ${config.secretAccessKeyEnv}.`
        : code === 'NoSuchBucket'
          ? ` Check deploy.targets bucket "${config.bucket}"${config.endpoint ? ` and endpoint ${config.endpoint}` : ''}.`
          : '';
    throw new Error(`S3 ${method} ${where(file)} answered HTTP ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message.replace(/\.$/, '')}` : ''}.${hint}`);
  }

  return {
    description: `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    concurrency: config.concurrency,
    async readManifest() {
      const response = await send('GET', MANIFEST_NAME);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) return fail('GET', MANIFEST_NAME, response);
      return parseManifest(await response.text(), site.slug);
    },
    async manifestStamp() {
      const response = await send('HEAD', MANIFEST_NAME);
      await response.body?.cancel();
      return response.ok ? response.headers.get('etag') : null;
    },
    async put(file) {
      const response = await send('PUT', file.path, { body: file.body, sha256: file.sha256, headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl } });
      if (!response.ok) return fail('PUT', file.path, response);
      await response.body?.cancel();
    },
    async remove(file) {
      const response = await send('DELETE', file);
      // Deleting a key that is already gone is not an error in S3 (204); some services answer 404.
      if (!response.ok && response.status !== 404) return fail('DELETE', file, response);
      await response.body?.cancel();
    },
    async writeManifest(parts) {
      // A request's body is one run of bytes: joined in a lent buffer, kept until the bucket answers.
      return withJoinedBytes(parts, async (body) => {
        const response = await send('PUT', MANIFEST_NAME, {
          body,
          sha256: createHash('sha256').update(body).digest('hex'),
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
        });
        if (!response.ok) return fail('PUT', MANIFEST_NAME, response);
        await response.body?.cancel();
        return response.headers.get('etag');
      });
    },
  };
}

/** The target a site's config names, or an error listing the ones it has. */
export function openTarget(site: SiteConfig, name: string, options: { root: string; env?: NodeJS.ProcessEnv }): { config: TargetConfig; target: Target } {
  const config = site.deploy.targets[name];
  if (!config) {
    throw new Error(`${site.slug} has no deploy target "${name}". Its targets: ${Object.keys(site.deploy.targets).join(', ') || '(none)'}. Add one under deploy.targets in sites/${site.slug}.yaml.`);
  }
  return { config, target: config.kind === 'dir' ? dirTarget(site, config, options.root) : s3Target(site, config, options.env) };
}
