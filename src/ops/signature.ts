import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures: header `X-Dealer-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 = HMAC-SHA256(site secret, "<t>.<raw body>"). Signing the
 * timestamp with the body lets the receiver reject replays outside a window.
 */
export const SIGNATURE_HEADER = 'x-dealer-signature';
/** Seconds a signed request stays acceptable either side of now. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function sign(secret: string, body: string | Buffer, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Why a signature was refused, as a short code for logs and metrics. */
export type SignatureFailure = 'signature_missing' | 'signature_duplicate' | 'signature_malformed' | 'timestamp' | 'signature_mismatch';

export type SignatureCheck = { ok: true } | { ok: false; code: SignatureFailure; reason: string };

/**
 * The header's exact shape: `t=` a whole number of seconds, `,v1=` 64 hex digits, nothing before,
 * between or after. Anything else (a trailing byte, a repeated key, a second signature joined in by a
 * proxy) is malformed rather than read leniently.
 */
const HEADER_SHAPE = /^t=(\d{1,12}),v1=([0-9a-fA-F]{64})$/;

/**
 * Reads the signature header from every value the request carried for it. More than one is refused:
 * a receiver that picked one could be made to check a different signature than a proxy logged.
 */
export function readSignatureHeader(values: string[]): { ok: true; timestamp: number; mac: Buffer } | { ok: false; code: SignatureFailure; reason: string } {
  if (values.length === 0 || values[0] === '') return { ok: false, code: 'signature_missing', reason: `missing ${SIGNATURE_HEADER} header` };
  if (values.length > 1) return { ok: false, code: 'signature_duplicate', reason: `more than one ${SIGNATURE_HEADER} header` };
  const match = HEADER_SHAPE.exec(values[0]!.trim());
  if (!match) return { ok: false, code: 'signature_malformed', reason: 'malformed signature header: expected t=<unix seconds>,v1=<64 hex digits>' };
  return { ok: true, timestamp: Number(match[1]), mac: Buffer.from(match[2]!, 'hex') };
}

/** Verifies the signature header's values against the raw body, in constant time, within the timestamp window. */
export function verifySignature(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  const read = readSignatureHeader(header === undefined ? [] : Array.isArray(header) ? header : [header]);
  if (!read.ok) return read;
  if (Math.abs(nowSeconds - read.timestamp) > toleranceSeconds) return { ok: false, code: 'timestamp', reason: `timestamp outside the ${toleranceSeconds} s window` };
  const expected = createHmac('sha256', secret).update(`${read.timestamp}.`).update(body).digest();
  if (!timingSafeEqual(read.mac, expected)) return { ok: false, code: 'signature_mismatch', reason: 'signature does not match' };
  return { ok: true };
}

/**
 * Every value of a header as the client sent it, from the raw header list: Node joins repeated
 * custom headers with ", " in `headers`, which would hide that there were two.
 */
export function headerValues(rawHeaders: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) values.push(rawHeaders[i + 1]!);
  return values;
}

/** Constant-time comparison of a bearer token with the expected one. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHmac('sha256', 'token-compare').update(given).digest();
  const b = createHmac('sha256', 'token-compare').update(expected).digest();
  return timingSafeEqual(a, b);
}
