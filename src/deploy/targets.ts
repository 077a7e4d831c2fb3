import { createHash } from 'node:crypto';
import { readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { writeFileAtomic } from '../data/feed-files.ts';
import { OUT } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { requireEnv } from './credentials.ts';

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
  /** Writes the manifest (`manifestBytes`); returns its stamp ({@link Target.manifestStamp}) when the target gave one. */
  writeManifest(body: Buffer): Promise<string | null>;
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
 * sorted), so that a person can read or diff it.
 */
export function manifestBytes(manifest: DeployManifest, paths: readonly string[]): Buffer {
  const head = Buffer.from(`{"version":${manifest.version},"site":${JSON.stringify(manifest.site)},"deployedAt":${JSON.stringify(manifest.deployedAt)},"files":{\n`);
  const lines: Buffer[] = new Array(paths.length);
  let size = head.length + MANIFEST_END.length;
  for (let i = 0; i < paths.length; i++) {
    const file = paths[i]!;
    const entry = manifest.files[file]!;
    let kept = manifestLines.get(entry);
    if (kept?.file !== file) {
      kept = { file, line: Buffer.from(`${JSON.stringify(file)}:${JSON.stringify({ sha256: entry.sha256, size: entry.size, contentType: entry.contentType, cacheControl: entry.cacheControl })}`) };
      manifestLines.set(entry, kept);
    }
    lines[i] = kept.line;
    size += kept.line.length + (i < paths.length - 1 ? LINE_END.length : LAST_LINE_END.length);
  }
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = head.copy(bytes, 0);
  for (let i = 0; i < lines.length; i++) {
    at += lines[i]!.copy(bytes, at);
    at += (i < lines.length - 1 ? LINE_END : LAST_LINE_END).copy(bytes, at);
  }
  MANIFEST_END.copy(bytes, at);
  return bytes;
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
    async writeManifest(body) {
      await writeFileAtomic(manifestFile, body);
      return stampOf();
    },
  };
}

// ---------------------------------------------------------------- s3

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/**
 * An S3-compatible bucket, through aws4fetch's SigV4 signing and the platform's fetch. Every request
 * signs its payload's SHA-256 (never UNSIGNED-PAYLOAD), so the bucket rejects a body changed in transit.
 */
export function s3Target(site: SiteConfig, config: Extract<TargetConfig, { kind: 's3' }>, env: NodeJS.ProcessEnv = process.env): Target {
  const client = new AwsClient({
    accessKeyId: requireEnv(env, config.accessKeyIdEnv, `the access key id for bucket ${config.bucket}`),
    secretAccessKey: requireEnv(env, config.secretAccessKeyEnv, `the secret access key for bucket ${config.bucket}`),
    ...(env[config.sessionTokenEnv] ? { sessionToken: env[config.sessionTokenEnv] } : {}),
    service: 's3',
    region: config.region,
    retries: 3,
  });
  const base = config.endpoint ? `${config.endpoint}/${config.bucket}` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const urlOf = (file: string) => `${base}/${`${config.prefix}${file}`.split('/').map(encodeURIComponent).join('/')}`;
  const where = (file: string) => `s3://${config.bucket}/${config.prefix}${file}`;

  async function send(method: string, file: string, init: { body?: Buffer; sha256?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const response = await client.fetch(urlOf(file), {
      method,
      headers: { 'x-amz-content-sha256': init.sha256 ?? EMPTY_SHA256, ...init.headers },
      // The body's own bytes, not a copy of them.
      ...(init.body ? { body: new Uint8Array(init.body.buffer as ArrayBuffer, init.body.byteOffset, init.body.byteLength) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    return response;
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
    async writeManifest(body) {
      const response = await send('PUT', MANIFEST_NAME, {
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });
      if (!response.ok) return fail('PUT', MANIFEST_NAME, response);
      await response.body?.cancel();
      return response.headers.get('etag');
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
