import { beforeEach, describe, expect, it } from 'vitest';
import { freshStores } from './storage.ts';

/** A fake `fetch` that answers from a table by method and URL and records every call with its headers. */
type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply | (() => Reply)> = {};
const calls: Array<{ method: string; url: string; headers: Record<string, string>; body?: unknown; credentials?: string }> = [];

const fakeFetch: typeof fetch = async (input, init) => {
  const method = init?.method ?? 'GET';
  const url = String(input);
  calls.push({
    method,
    url,
    headers: { ...(init?.headers as Record<string, string>) },
    ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
    ...(init?.credentials ? { credentials: init.credentials } : {}),
  });
  const entry = replies[`${method} ${url}`];
  if (!entry) throw new TypeError('Failed to fetch');
  const reply = typeof entry === 'function' ? entry() : entry;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
};

const context = { baseUrl: 'https://api.example', site: 'northside-used', fetch: fakeFetch };
const signedInAnswer = { user: { id: 17, phone: '0412345678' }, csrfToken: 'csrf-abc' };

beforeEach(() => {
  replies = {};
  calls.length = 0;
});

describe('the session store', () => {
  it('asks the server once per page, with the site, and signs the shopper in from its answer', async () => {
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: signedInAnswer };
    const { session, shopper } = await freshStores();
    expect(session.$session.get()).toEqual({ status: 'loading' });
    const [first, second] = await Promise.all([session.loadSession(context), session.loadSession(context)]);
    expect(await session.loadSession(context)).toBe(first);
    expect(second).toBe(first);
    expect(first).toEqual({ status: 'ready', user: { id: 17, phone: '0412345678' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ credentials: 'include' });
    expect(shopper.$shopper.get()).toEqual({ id: 17, phone: '0412345678' });
    expect(session.csrfHeaders()).toEqual({ 'X-CSRF-Token': 'csrf-abc' });
  });

  it('clears a shopper this browser remembers when the server says nobody is signed in', async () => {
    const { shopper, storage } = await freshStores();
    shopper.signInShopper({ id: 17, phone: '0412345678' });
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: { user: null } };
    const page = await freshStores(storage);
    expect(await page.session.loadSession(context)).toEqual({ status: 'ready', user: null });
    expect(page.shopper.$shopper.get()).toBeNull();
    expect(JSON.parse(storage['dealer-sites:shopper'] ?? 'null')).toBeNull();
    expect(page.session.csrfHeaders()).toEqual({});
  });

  it('keeps the token in memory only, never in storage', async () => {
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: signedInAnswer };
    const { session, storage } = await freshStores();
    await session.loadSession(context);
    expect(JSON.stringify(storage)).not.toContain('csrf-abc');
  });

  it('counts nobody as signed in, with the reason, when the server cannot be reached', async () => {
    const { session } = await freshStores();
    expect(await session.loadSession(context)).toEqual({
      status: 'ready',
      user: null,
      error: 'We could not reach the dealer just now. Please check your connection and try again.',
    });
  });

  it('signs in with a code, taking the user and the token from the answer', async () => {
    replies['POST https://api.example/api/sign-in/code?site=northside-used'] = { status: 202, body: { sent: true } };
    replies['POST https://api.example/api/sign-in/verify?site=northside-used'] = { status: 200, body: signedInAnswer };
    const { session, shopper } = await freshStores();
    expect(await session.requestCode(context, '0412 345 678')).toEqual({ ok: true, status: 202, data: { sent: true } });
    expect((await session.verifyCode(context, '0412 345 678', '123456')).ok).toBe(true);
    expect(calls.map((c) => c.body)).toEqual([{ phone: '0412 345 678' }, { phone: '0412 345 678', code: '123456' }]);
    expect(shopper.$shopper.get()).toEqual({ id: 17, phone: '0412345678' });
    expect(session.$session.get()).toEqual({ status: 'ready', user: { id: 17, phone: '0412345678' } });
    // The page now knows the session: no need to ask again.
    expect(await session.loadSession(context)).toEqual({ status: 'ready', user: { id: 17, phone: '0412345678' } });
    expect(calls).toHaveLength(2);
  });

  it("passes the server's refusal of a wrong code through, signing nobody in", async () => {
    replies['POST https://api.example/api/sign-in/verify?site=northside-used'] = { status: 401, body: { error: 'That code is not right. Check the message and try again.' } };
    const { session, shopper } = await freshStores();
    expect(await session.verifyCode(context, '0412345678', '000000')).toEqual({ ok: false, status: 401, message: 'That code is not right. Check the message and try again.' });
    expect(shopper.$shopper.get()).toBeNull();
  });

  it('signs out with the token and forgets the shopper', async () => {
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: signedInAnswer };
    replies['POST https://api.example/api/sign-out?site=northside-used'] = { status: 204 };
    const { session, shopper } = await freshStores();
    await session.loadSession(context);
    expect((await session.signOut(context)).ok).toBe(true);
    expect(calls[1]).toMatchObject({ method: 'POST', headers: { 'X-CSRF-Token': 'csrf-abc' } });
    expect(shopper.$shopper.get()).toBeNull();
    expect(session.csrfHeaders()).toEqual({});
    expect(session.$session.get()).toEqual({ status: 'ready', user: null });
  });

  it('keeps the shopper signed in when sign-out fails for another reason', async () => {
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: signedInAnswer };
    replies['POST https://api.example/api/sign-out?site=northside-used'] = { status: 403, body: { error: 'Refused.' } };
    const { session, shopper } = await freshStores();
    await session.loadSession(context);
    expect(await session.signOut(context)).toEqual({ ok: false, status: 403, message: 'Refused.' });
    expect(shopper.$shopper.get()).toEqual({ id: 17, phone: '0412345678' });
  });

  it("exports the shopper's data and deletes it with the token, signing them out", async () => {
    const data = { phone: '0412345678', site: 'northside-used', createdAt: '2026-01-01T00:00:00.000Z', watchlist: [{ carId: 5, addedAt: '2026-01-02T00:00:00.000Z' }] };
    replies['GET https://api.example/api/me?site=northside-used'] = { status: 200, body: signedInAnswer };
    replies['GET https://api.example/api/me/data?site=northside-used'] = { status: 200, body: data };
    replies['DELETE https://api.example/api/me?site=northside-used'] = { status: 204 };
    const { session, shopper } = await freshStores();
    await session.loadSession(context);
    expect(await session.exportMyData(context)).toEqual({ ok: true, status: 200, data });
    expect((await session.deleteMyData(context)).ok).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'X-CSRF-Token': 'csrf-abc' } });
    expect(shopper.$shopper.get()).toBeNull();
  });
});
