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

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Verifies a signature header against the raw body, in constant time, within the timestamp window. */
export function verifySignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: `missing ${SIGNATURE_HEADER} header` };
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return { ok: false, reason: 'malformed signature header: expected t=<unix seconds>,v1=<hex>' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: `timestamp outside the ${toleranceSeconds} s window` };
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature does not match' };
  return { ok: true };
}

/** Constant-time comparison of a bearer token with the expected one. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHmac('sha256', 'token-compare').update(given).digest();
  const b = createHmac('sha256', 'token-compare').update(expected).digest();
  return timingSafeEqual(a, b);
}
