import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { CodeCheck, Shopper, ShopperSession, ShopperStore } from './shopper-store.ts';

/**
 * Shopper sign-in by phone and a one-time code, and the signed session cookie that follows. Codes are six
 * random digits, stored only as keyed hashes, good for one use within `codeTtlMs`, checked at most
 * `maxAttempts` times and compared in constant time; a phone is sent at most `codesPerPhonePerHour`.
 */

/** Sends a sign-in code to a shopper's phone. */
export interface CodeSender {
  readonly name: string;
  send(message: { site: SiteConfig; phone: string; code: string; text: string }): Promise<void>;
}

/** The embedded default: the code is written to the ops server's log, for a developer or a test to read. */
export function logCodeSender(log: (line: string) => void): CodeSender {
  return {
    name: 'log',
    async send({ site, phone, code }) {
      log(`sign-in code for ${phone} on ${site.slug}: ${code}`);
    },
  };
}

/** Production: POSTs `{ to, message, site }` as JSON to an SMS gateway's webhook, with a bearer token when given. */
export function webhookCodeSender(url: string, token: string | null, fetchImpl: typeof fetch = fetch): CodeSender {
  return {
    name: 'sms webhook',
    async send({ site, phone, text }) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: phone, message: text, site: site.slug }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the SMS webhook answered ${response.status}`);
    },
  };
}

/**
 * An Australian mobile number as the store keeps it: `04` and eight digits. Accepts spaces, dashes,
 * brackets and the +61 / 61 country code ('+61 412 345 678', '0412-345-678'); anything else is null.
 */
export function normaliseMobile(text: string): string | null {
  const cleaned = text.trim().replace(/[\s\-().]/g, '');
  const local = cleaned.replace(/^\+?61(?=4)/, '0');
  return /^04\d{8}$/.test(local) ? local : null;
}

export interface SignInOptions {
  /** How long a code works. */
  codeTtlMs: number;
  /** Checks one code takes before it stops working. */
  maxAttempts: number;
  /** Codes one phone may be sent per hour. */
  codesPerPhonePerHour: number;
  /** How long a session lasts. */
  sessionTtlMs: number;
}

export const SIGN_IN_DEFAULTS: SignInOptions = { codeTtlMs: 10 * 60_000, maxAttempts: 5, codesPerPhonePerHour: 5, sessionTtlMs: 30 * 24 * 3_600_000 };

export type CodeRequest = { sent: true } | { sent: false; reason: 'too-many'; retryAfterMs: number } | { sent: false; reason: 'send-failed'; message: string };

export type CodeVerification = { result: 'ok'; shopper: Shopper; session: ShopperSession } | { result: Exclude<CodeCheck, 'ok'> };

export class SignIn {
  private readonly store: ShopperStore;
  private readonly sender: CodeSender;
  private readonly options: SignInOptions;
  private readonly now: () => Date;
  private readonly codeKey: Buffer;
  private readonly cookieKey: Buffer;

  constructor(store: ShopperStore, secret: string, sender: CodeSender, options: SignInOptions = SIGN_IN_DEFAULTS, now: () => Date = () => new Date()) {
    this.store = store;
    this.sender = sender;
    this.options = options;
    this.now = now;
    // One secret, two keys: a leaked cookie key does not help guess codes, and the reverse.
    this.codeKey = createHmac('sha256', secret).update('sign-in codes').digest();
    this.cookieKey = createHmac('sha256', secret).update('session cookies').digest();
  }

  private hash(site: string, phone: string, code: string): Buffer {
    return createHmac('sha256', this.codeKey).update(`${site}\n${phone}\n${code}`).digest();
  }

  /** Makes and sends a new code for a phone, unless the phone has had its codes for the hour. */
  async requestCode(site: SiteConfig, phone: string): Promise<CodeRequest> {
    const now = this.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    if (this.store.codesSince(site.slug, phone, hourAgo) >= this.options.codesPerPhonePerHour) {
      return { sent: false, reason: 'too-many', retryAfterMs: 3_600_000 };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.store.issueCode(site.slug, phone, this.hash(site.slug, phone, code), now, this.options.codeTtlMs);
    const minutes = Math.round(this.options.codeTtlMs / 60_000);
    try {
      await this.sender.send({ site, phone, code, text: `${code} is your ${site.name} sign-in code. It works once, for ${minutes} minutes.` });
      return { sent: true };
    } catch (error) {
      return { sent: false, reason: 'send-failed', message: (error as Error).message };
    }
  }

  /** Checks a typed code; a match signs the shopper in with a new session. */
  verify(site: string, phone: string, code: string): CodeVerification {
    const typed = this.hash(site, phone, code.trim());
    const now = this.now();
    const result = this.store.checkCode(site, phone, (stored) => stored.length === typed.length && timingSafeEqual(stored, typed), now, this.options.maxAttempts);
    if (result !== 'ok') return { result };
    const shopper = this.store.shopperForPhone(site, phone, now);
    const session = this.store.startSession(randomBytes(24).toString('base64url'), shopper, now, this.options.sessionTtlMs);
    return { result: 'ok', shopper, session };
  }

  /** The cookie value that carries a session: its id and the id's signature. */
  cookieValue(sessionId: string): string {
    return `${sessionId}.${createHmac('sha256', this.cookieKey).update(sessionId).digest('base64url')}`;
  }

  /** The live session a cookie value names on this site, or null (unsigned, forged, ended or expired). */
  sessionFromCookie(value: string | undefined, site: string): ShopperSession | null {
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = createHmac('sha256', this.cookieKey).update(id).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return this.store.session(id, site, this.now());
  }

  /**
   * The session's CSRF token: a keyed hash of its id, so the server keeps nothing more and a page that
   * cannot read the HttpOnly cookie learns it only from the API's answers (`verify`, `me`).
   */
  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.cookieKey).update(`csrf\n${sessionId}`).digest('base64url');
  }

  /** True when `given` is the session's CSRF token (compared in constant time). */
  checkCsrf(sessionId: string, given: string | undefined): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.csrfToken(sessionId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** How long a new session lasts, in milliseconds (the cookie's Max-Age). */
  get sessionTtlMs(): number {
    return this.options.sessionTtlMs;
  }

  signOut(sessionId: string): void {
    this.store.endSession(sessionId, this.now());
  }
}
