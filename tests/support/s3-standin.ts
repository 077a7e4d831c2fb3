/**
 * A stand-in for an S3-compatible bucket on loopback, addressed path-style (`/<bucket>/<key>`): PutObject,
 * GetObject, HeadObject and DeleteObject over objects held in memory, or with their bodies in a folder
 * (`bodiesDir`) when a whole site's photos would not fit, as in the benchmark. Every request's AWS Signature
 * Version 4 is recomputed here, independently of the client, from the one access key it knows; a request
 * signed with another secret, another key id, a stale date, or a body whose SHA-256 differs from the signed
 * one is refused with S3's own error XML (403 SignatureDoesNotMatch, InvalidAccessKeyId, RequestTimeTooSkewed,
 * 400 XAmzContentSHA256Mismatch).
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StoredObject {
  /** The object's bytes (read from the bodies folder when there is one). */
  readonly body: Buffer;
  size: number;
  contentType: string | undefined;
  cacheControl: string | undefined;
  /** As S3 gives it for an object put whole: the MD5 of its bytes, hex, in quotes. */
  etag: string;
}

export interface S3Request {
  method: string;
  key: string;
  /** Whether the signature checked out. */
  signed: boolean;
  error?: string;
}

export interface S3Standin {
  /** The endpoint a target config names. */
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: S3Request[];
  /** How many of the next uploads to refuse as a busy bucket does (503 SlowDown), counting down. */
  slowDown: number;
  close(): Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 canonical query strings use. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Checks a request's SigV4 Authorization header; returns the S3 error code and message when it fails. */
function verify(request: IncomingMessage, url: URL, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string; region: string }, now: Date): [string, string] | null {
  const auth = request.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return ['AccessDenied', 'Missing or malformed AWS4-HMAC-SHA256 Authorization header'];
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== keys.accessKeyId) return ['InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
  if (region !== keys.region) return ['AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${keys.region}'`];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return ['AccessDenied', 'x-amz-date is missing or does not match the credential scope'];
  const at = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  if (Math.abs(now.getTime() - at) > 15 * 60_000) return ['RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.'];
  const signed = signedHeaders.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256')) return ['AccessDenied', 'host, x-amz-date and x-amz-content-sha256 must be signed'];
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return ['XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."];
  const canonicalHeaders = signed.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const query = [...url.searchParams].map(([k, v]) => [encode(k), encode(v)] as const).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  if (expected !== signature) return ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.'];
  return null;
}

export interface S3StandinOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now?: () => Date;
  /** A folder to keep object bodies in instead of memory (one file per object, named by a digest of its key). */
  bodiesDir?: string;
}

export async function startS3Standin(options: S3StandinOptions): Promise<S3Standin> {
  const objects = new Map<string, StoredObject>();
  const { bodiesDir } = options;
  if (bodiesDir) await mkdir(bodiesDir, { recursive: true });
  const bodyFile = (key: string) => path.join(bodiesDir!, sha256(key));
  const store = async (key: string, body: Buffer, headers: IncomingMessage['headers']): Promise<void> => {
    const meta = { size: body.length, contentType: headers['content-type'], cacheControl: headers['cache-control'], etag: `"${createHash('md5').update(body).digest('hex')}"` };
    if (!bodiesDir) return void objects.set(key, { body, ...meta });
    const file = bodyFile(key);
    await writeFile(file, body);
    objects.set(key, { ...meta, get body() { return readFileSync(file); } });
  };
  const requests: S3Request[] = [];
  const standin: S3Standin = { endpoint: '', objects, requests, slowDown: 0, close: async () => {} };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const failure = verify(request, url, body, options, options.now?.() ?? new Date());
    requests.push({ method: request.method ?? '', key, signed: failure === null, ...(failure ? { error: failure[0] } : {}) });
    if (failure) return errorXml(response, failure[0] === 'XAmzContentSHA256Mismatch' ? 400 : 403, ...failure);
    if (bucket !== options.bucket) return errorXml(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) return errorXml(response, 501, 'NotImplemented', 'Only object requests are implemented');
    switch (request.method) {
      case 'PUT': {
        if (standin.slowDown > 0) {
          standin.slowDown--;
          requests.at(-1)!.error = 'SlowDown';
          return errorXml(response, 503, 'SlowDown', 'Please reduce your request rate.');
        }
        await store(key, body, request.headers);
        response.writeHead(200, { ETag: objects.get(key)!.etag }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return request.method === 'HEAD' ? void response.writeHead(404).end() : errorXml(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, { 'Content-Length': object.size, ETag: object.etag, ...(object.contentType ? { 'Content-Type': object.contentType } : {}), ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}) });
        response.end(request.method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE': {
        if (objects.delete(key) && bodiesDir) await rm(bodyFile(key), { force: true });
        response.writeHead(204).end();
        return;
      }
      default:
        errorXml(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(standin, { endpoint: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return standin;
}
