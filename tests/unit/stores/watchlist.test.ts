import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshStores } from './storage.ts';

/**
 * A loopback stand-in for the runtime API's session and watchlist routes: `GET /api/me` answers `me`; the
 * watchlist calls answer as `mode` says. Records every watchlist request it receives, with its CSRF header.
 */
let mode: 'ok' | 'refuse' | 'error' | 'slow' = 'ok';
let me: unknown = { user: null };
let release: (() => void) | null = null;
const received: Array<{ path: string; body: unknown; csrf?: string }> = [];
let server: Server;
let baseUrl = '';

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as unknown;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (request.url === '/api/me?site=northside-used') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(me));
      return;
    }
    const csrf = request.headers['x-csrf-token'];
    received.push({ path: request.url ?? '', body: await readBody(request), ...(typeof csrf === 'string' ? { csrf } : {}) });
    if (mode === 'slow') await new Promise<void>((resolve) => (release = resolve));
    const [status, body] =
      mode === 'error' ? [500, { error: 'The watchlist service is down for maintenance.' }] : mode === 'refuse' ? [200, { success: false, message: 'That car cannot be saved.' }] : [200, { success: true }];
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  mode = 'ok';
  me = { user: null };
  received.length = 0;
  (globalThis as { window?: unknown }).window = { dataLayer: [] };
});

const site = 'northside-used';
const car = { id: 300227, name: '2008 Nissan Navara Pro-4X' };
const dataLayer = () => (globalThis as unknown as { window: { dataLayer: unknown[] } }).window.dataLayer;

/** A page whose session the server answers with a signed-in shopper. */
async function signedIn(phone = '0412345678') {
  me = { user: { id: 'usr_1', phone }, csrfToken: 'token-1' };
  return freshStores();
}

describe('watchlist store', () => {
  it('believes the server over this browser: a shopper remembered here but signed out there goes to sign-in', async () => {
    const { watchlist, shopper, storage } = await freshStores();
    shopper.signInShopper({ id: 'usr_1', phone: '0412345678' });
    watchlist.$watchlist.set([5]);
    const page = await freshStores(storage);
    expect(page.shopper.$shopper.get()).toEqual({ id: 'usr_1', phone: '0412345678' });
    const outcome = await page.watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' });
    expect(outcome.kind).toBe('sign-in');
    expect(page.shopper.$shopper.get()).toBeNull();
    expect(page.watchlist.$watchlist.get()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('sends a signed-in shopper without a phone on record to sign-in', async () => {
    me = { user: { id: 'usr_1' }, csrfToken: 'token-1' };
    const { watchlist } = await freshStores();
    expect((await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' })).kind).toBe('sign-in');
    expect(received).toEqual([]);
  });

  it('sends a shopper the server does not know to sign-in, changing nothing and calling nothing', async () => {
    const { watchlist } = await freshStores();
    const outcome = await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/cars/navara/' });
    expect(outcome).toEqual({ kind: 'sign-in', url: '/sign-in?type=watchlist&redirect=%2Fcars%2Fnavara%2F&back=%2Fcars%2Fnavara%2F' });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('saves, then removes, with the phone and car id, recording event 39 and wording the toasts', async () => {
    const { watchlist } = await signedIn();
    expect(await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/cars/navara/' })).toEqual({
      kind: 'saved',
      toast: { title: 'Car Saved In Watchlist', message: '2008 Nissan Navara Pro-4X is now available in your watchlist', action: 'View List' },
    });
    expect(watchlist.$watchlist.get()).toEqual([300227]);
    expect(await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/cars/navara/' })).toEqual({
      kind: 'removed',
      toast: { title: 'Car Removed', message: '2008 Nissan Navara Pro-4X is no longer in your watchlist', action: 'View List' },
    });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(received).toEqual([
      { path: '/api/watchlist/save-car?site=northside-used', body: { phone_number: '0412345678', car_id: 300227 }, csrf: 'token-1' },
      { path: '/api/watchlist/remove-car?site=northside-used', body: { phone_number: '0412345678', car_id: 300227 }, csrf: 'token-1' },
    ]);
    expect(dataLayer()).toMatchObject([
      { event: 'dealer_event', eventId: 39, car_id: 300227, action: 'save' },
      { event: 'dealer_event', eventId: 39, car_id: 300227, action: 'remove' },
    ]);
  });

  it('adds at once and is busy until the server answers', async () => {
    const { watchlist } = await signedIn();
    mode = 'slow';
    const pending = watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' });
    await expect.poll(() => received.length).toBe(1);
    expect(watchlist.$watchlist.get()).toEqual([300227]);
    expect(watchlist.$watchlistBusy.get()).toEqual([300227]);
    // A second click while the call runs does nothing.
    expect(await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' })).toEqual({ kind: 'busy' });
    release!();
    expect((await pending).kind).toBe('saved');
    expect(watchlist.$watchlistBusy.get()).toEqual([]);
  });

  it('rolls a save back and gives the server error when the call fails', async () => {
    const { watchlist } = await signedIn();
    mode = 'error';
    expect(await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' })).toEqual({ kind: 'failed', message: 'The watchlist service is down for maintenance.' });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(dataLayer()).toEqual([]);
  });

  it('rolls a removal back when the server answers success: false, with its message', async () => {
    const { watchlist } = await signedIn();
    await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' });
    mode = 'refuse';
    expect(await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' })).toEqual({ kind: 'failed', message: 'That car cannot be saved.' });
    expect(watchlist.$watchlist.get()).toEqual([300227]);
  });

  it('rolls back with a plain message when the server cannot be reached', async () => {
    const { watchlist } = await signedIn();
    const outcome = await watchlist.toggleWatchlist(car, { baseUrl: 'http://127.0.0.1:1', site, currentPath: '/' });
    expect(outcome).toEqual({ kind: 'failed', message: 'We could not reach the dealer just now. Please check your connection and try again.' });
    expect(watchlist.$watchlist.get()).toEqual([]);
  });

  it('keeps the list across a reload and drops anything in storage that is not a vehicle id', async () => {
    const { watchlist, storage } = await signedIn();
    await watchlist.toggleWatchlist(car, { baseUrl, site, currentPath: '/' });
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([300227]);
    storage['dealer-sites:watchlist'] = JSON.stringify([5, '6', -1, 5, 2.5, null, 7]);
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([5, 7]);
    storage['dealer-sites:watchlist'] = '{oops';
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([]);
  });
});

describe("the signed-in shopper's watchlist from the server", () => {
  it('lists the cars, checked one by one, and this browser follows the list', async () => {
    const answer = {
      cars: [
        { id: 7, slug: 'a-7', name: '2020 Mazda CX-5', href: '/cars/a-7/', status: 'in_stock', sold: false, priceText: '$29,990', picture: null },
        { id: 5, slug: 'b-5', name: '2018 Ford Ranger', href: '/cars/b-5/', status: 'sold', sold: true, priceText: null },
        { id: 9, slug: null, name: 'Gone car', href: null, status: null, sold: false, priceText: null },
        { id: 'x', name: 'not a car' },
        { id: 11, name: 'Elsewhere', href: '//evil.example/' },
      ],
    };
    const fake: typeof fetch = async (url) => {
      expect(String(url)).toBe('https://api.example/api/watchlist?site=northside-used');
      return new Response(JSON.stringify(answer), { status: 200 });
    };
    const { watchlist } = await freshStores();
    const result = await watchlist.loadWatchedCars({ baseUrl: 'https://api.example', site, fetch: fake });
    expect(result.ok && result.data.map((car) => [car.id, car.href, car.sold])).toEqual([
      [7, '/cars/a-7/', false],
      [5, '/cars/b-5/', true],
      [9, null, false],
      [11, null, false],
    ]);
    expect(watchlist.$watchlist.get()).toEqual([7, 5, 9, 11]);
  });

  it("passes the server's refusal through, leaving this browser's list alone", async () => {
    const fake: typeof fetch = async () => new Response(JSON.stringify({ error: 'Please sign in to see your watchlist.' }), { status: 401 });
    const { watchlist } = await freshStores();
    watchlist.$watchlist.set([3]);
    expect(await watchlist.loadWatchedCars({ baseUrl: '', site, fetch: fake })).toEqual({ ok: false, status: 401, message: 'Please sign in to see your watchlist.' });
    expect(watchlist.$watchlist.get()).toEqual([3]);
  });
});

describe('syncing this browser with the server', () => {
  const listOf = (ids: number[]) => JSON.stringify({ cars: ids.map((id) => ({ id, name: `Car ${id}`, href: `/cars/${id}/`, status: 'in_stock', sold: false })) });

  it('asks nothing for a visitor this browser does not remember as signed in', async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (url) => (calls.push(String(url)), new Response('{}'));
    const { watchlist } = await freshStores();
    await watchlist.syncWatchlist({ baseUrl: '', site, fetch: fake });
    expect(calls).toEqual([]);
  });

  it("takes the server's list for a signed-in shopper", async () => {
    const fake: typeof fetch = async (url) =>
      new Response(String(url).startsWith('/api/me') ? JSON.stringify({ user: { id: 1, phone: '0412345678' }, csrfToken: 't' }) : listOf([8, 3]), { status: 200 });
    const { watchlist, shopper, storage } = await freshStores();
    shopper.signInShopper({ id: 1, phone: '0412345678' });
    watchlist.$watchlist.set([5]);
    const page = await freshStores(storage);
    await page.watchlist.syncWatchlist({ baseUrl: '', site, fetch: fake });
    expect(page.watchlist.$watchlist.get()).toEqual([8, 3]);
  });

  it("keeps a save the shopper made while the server's older list was on its way", async () => {
    let listAsked = false;
    let answerList = () => {};
    const listed = new Promise<void>((resolve) => (answerList = resolve));
    const fake: typeof fetch = async (url, init) => {
      const path = String(url);
      if (path.startsWith('/api/me')) return new Response(JSON.stringify({ user: { id: 1, phone: '0412345678' }, csrfToken: 't' }), { status: 200 });
      if (path.startsWith('/api/watchlist/save-car')) return new Response(JSON.stringify({ success: true }), { status: 200 });
      expect(init?.method ?? 'GET').toBe('GET');
      listAsked = true;
      await listed;
      return new Response(listOf([]), { status: 200 });
    };
    const { watchlist, shopper } = await freshStores();
    shopper.signInShopper({ id: 1, phone: '0412345678' });
    const sync = watchlist.syncWatchlist({ baseUrl: '', site, fetch: fake });
    await expect.poll(() => listAsked).toBe(true);
    expect((await watchlist.toggleWatchlist(car, { baseUrl: '', site, currentPath: '/', fetch: fake })).kind).toBe('saved');
    answerList();
    await sync;
    expect(watchlist.$watchlist.get()).toEqual([300227]);
  });
});
