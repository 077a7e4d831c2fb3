import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { ShopperStore } from '../../src/ops/shopper-store.ts';
import { logCodeSender, normaliseMobile, SignIn, SIGN_IN_DEFAULTS, webhookCodeSender } from '../../src/ops/sign-in.ts';

const site = findSite(loadAllSiteConfigs('sites'), 'northside-used');
const PHONE = '0412345678';

let dir: string;
let db: Database.Database;
let store: ShopperStore;
let clock: Date;
let sent: string[];
let signIn: SignIn;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sign-in-'));
  db = new Database(path.join(dir, 'ops.sqlite'));
  store = new ShopperStore(db);
  clock = new Date('2026-11-25T00:00:00Z');
  sent = [];
  signIn = new SignIn(store, 'a-test-secret-that-is-long-enough', logCodeSender((line) => sent.push(line)), SIGN_IN_DEFAULTS, () => clock);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The code the log sender wrote last. */
const lastCode = () => /: (\d{6})$/.exec(sent.at(-1)!)![1]!;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe('one-time sign-in codes', () => {
  it('sends six digits, and signs the shopper in once with them', async () => {
    expect(await signIn.requestCode(site, PHONE)).toEqual({ sent: true });
    expect(sent.at(-1)).toMatch(/^sign-in code for 0412345678 on northside-used: \d{6}$/);
    const first = signIn.verify(site.slug, PHONE, lastCode());
    expect(first.result).toBe('ok');
    // Single use: the same code again is no longer live.
    expect(signIn.verify(site.slug, PHONE, lastCode()).result).toBe('expired');
  });

  it('stops working after ten minutes', async () => {
    await signIn.requestCode(site, PHONE);
    later(SIGN_IN_DEFAULTS.codeTtlMs - 1000);
    const code = lastCode();
    later(2000);
    expect(signIn.verify(site.slug, PHONE, code).result).toBe('expired');
  });

  it('takes five checks at most, then refuses even the right code', async () => {
    await signIn.requestCode(site, PHONE);
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const results = Array.from({ length: 5 }, () => signIn.verify(site.slug, PHONE, wrong).result);
    expect(results).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(signIn.verify(site.slug, PHONE, code).result).toBe('locked');
  });

  it('keeps only the newest code working, and a code only for its own phone and site', async () => {
    await signIn.requestCode(site, PHONE);
    const old = lastCode();
    await signIn.requestCode(site, PHONE);
    const fresh = lastCode();
    if (old !== fresh) expect(signIn.verify(site.slug, PHONE, old).result).toBe('wrong');
    expect(signIn.verify('summit-motor-group', PHONE, fresh).result).toBe('expired');
    expect(signIn.verify(site.slug, '0499999999', fresh).result).toBe('expired');
    expect(signIn.verify(site.slug, PHONE, fresh).result).toBe('ok');
  });

  it('sends a phone five codes an hour at most', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn.requestCode(site, PHONE)).sent).toBe(true);
    expect(await signIn.requestCode(site, PHONE)).toMatchObject({ sent: false, reason: 'too-many' });
    later(3_600_001);
    expect((await signIn.requestCode(site, PHONE)).sent).toBe(true);
  });

  it('keeps no code in the clear', async () => {
    await signIn.requestCode(site, PHONE);
    const code = lastCode();
    const stored = db.prepare('select code_hash from sign_in_codes').all() as Array<{ code_hash: Buffer }>;
    expect(stored.every((r) => !r.code_hash.toString('latin1').includes(code) && r.code_hash.length === 32)).toBe(true);
  });
});

describe('sessions', () => {
  async function signedIn() {
    await signIn.requestCode(site, PHONE);
    const verified = signIn.verify(site.slug, PHONE, lastCode());
    if (verified.result !== 'ok') throw new Error(verified.result);
    return verified;
  }

  it('are carried by a signed cookie that names a live session of that site only', async () => {
    const { session, shopper } = await signedIn();
    const cookie = signIn.cookieValue(session.id);
    expect(signIn.sessionFromCookie(cookie, site.slug)?.shopper).toEqual(shopper);
    expect(signIn.sessionFromCookie(cookie, 'summit-motor-group')).toBeNull();
    // A forged signature, or a session id without one, is nobody.
    expect(signIn.sessionFromCookie(`${session.id}.AAAA`, site.slug)).toBeNull();
    expect(signIn.sessionFromCookie(session.id, site.slug)).toBeNull();
    expect(signIn.sessionFromCookie(`${cookie.split('.')[0]}x.${cookie.split('.')[1]}`, site.slug)).toBeNull();
  });

  it('end on sign-out and when they expire', async () => {
    const a = await signedIn();
    signIn.signOut(a.session.id);
    expect(signIn.sessionFromCookie(signIn.cookieValue(a.session.id), site.slug)).toBeNull();
    const b = await signedIn();
    later(SIGN_IN_DEFAULTS.sessionTtlMs + 1);
    expect(signIn.sessionFromCookie(signIn.cookieValue(b.session.id), site.slug)).toBeNull();
  });

  it('know one shopper per phone and site, across sign-ins', async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect(b.shopper.id).toBe(a.shopper.id);
  });
});

describe('mobile numbers', () => {
  it('are kept as 04 and eight digits, from the ways shoppers write them', () => {
    expect(['0412 345 678', '+61 412 345 678', '61412345678', '(04) 1234-5678'].map(normaliseMobile)).toEqual(Array(4).fill(PHONE));
    expect(['07 3000 1111', '041234567', '+1 415 555 0100', 'call me'].map(normaliseMobile)).toEqual([null, null, null, null]);
  });
});

describe('the SMS webhook sender', () => {
  it('posts the message to the gateway with its token, and fails loudly when refused', async () => {
    const received: Array<{ auth: string | undefined; body: string }> = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sender = webhookCodeSender(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, 'sms-token');
      const viaSms = new SignIn(store, 'a-test-secret-that-is-long-enough', sender, SIGN_IN_DEFAULTS, () => clock);
      expect(await viaSms.requestCode(site, PHONE)).toEqual({ sent: true });
      expect(received[0]!.auth).toBe('Bearer sms-token');
      expect(JSON.parse(received[0]!.body)).toMatchObject({ to: PHONE, site: 'northside-used', message: expect.stringMatching(/^\d{6} is your Northside Used Cars sign-in code/) });
      status = 503;
      expect(await viaSms.requestCode(site, PHONE)).toEqual({ sent: false, reason: 'send-failed', message: 'the SMS webhook answered 503' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
