import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshStores } from './storage.ts';

/**
 * A loopback stand-in for the runtime API's watchlist routes: answers as `mode` says and records every
 * request it receives.
 */
let mode: 'ok' | 'refuse' | 'error' | 'slow' = 'ok';
let release: (() => void) | null = null;
const received: Array<{ path: string; body: unknown }> = [];
let server: Server;
let baseUrl = '';

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as unknown;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({ path: request.url ?? '', body: await readBody(request) });
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
  received.length = 0;
  (globalThis as { window?: unknown }).window = { dataLayer: [] };
});

const car = { id: 300227, name: '2008 Nissan Navara Pro-4X' };
const dataLayer = () => (globalThis as unknown as { window: { dataLayer: unknown[] } }).window.dataLayer;

async function signedIn(phone = '0412345678') {
  const stores = await freshStores();
  stores.shopper.signInShopper({ id: 'usr_1', phone });
  return stores;
}

describe('watchlist store', () => {
  it('sends a shopper with no phone on record to sign-in, changing nothing and calling nothing', async () => {
    const { watchlist } = await freshStores();
    const outcome = await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/cars/navara/' });
    expect(outcome).toEqual({ kind: 'sign-in', url: '/sign-in?type=watchlist&redirect=%2Fcars%2Fnavara%2F&back=%2Fcars%2Fnavara%2F' });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('saves, then removes, with the phone and car id, recording event 39 and wording the toasts', async () => {
    const { watchlist } = await signedIn();
    expect(await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/cars/navara/' })).toEqual({
      kind: 'saved',
      toast: { title: 'Car Saved In Watchlist', message: '2008 Nissan Navara Pro-4X is now available in your watchlist', action: 'View List' },
    });
    expect(watchlist.$watchlist.get()).toEqual([300227]);
    expect(await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/cars/navara/' })).toEqual({
      kind: 'removed',
      toast: { title: 'Car Removed', message: '2008 Nissan Navara Pro-4X is no longer in your watchlist', action: 'View List' },
    });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(received).toEqual([
      { path: '/api/watchlist/save-car', body: { phone_number: '0412345678', car_id: 300227 } },
      { path: '/api/watchlist/remove-car', body: { phone_number: '0412345678', car_id: 300227 } },
    ]);
    expect(dataLayer()).toMatchObject([
      { event: 'dealer_event', eventId: 39, car_id: 300227, action: 'save' },
      { event: 'dealer_event', eventId: 39, car_id: 300227, action: 'remove' },
    ]);
  });

  it('adds at once and is busy until the server answers', async () => {
    const { watchlist } = await signedIn();
    mode = 'slow';
    const pending = watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' });
    await expect.poll(() => received.length).toBe(1);
    expect(watchlist.$watchlist.get()).toEqual([300227]);
    expect(watchlist.$watchlistBusy.get()).toEqual([300227]);
    // A second click while the call runs does nothing.
    expect(await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' })).toEqual({ kind: 'busy' });
    release!();
    expect((await pending).kind).toBe('saved');
    expect(watchlist.$watchlistBusy.get()).toEqual([]);
  });

  it('rolls a save back and gives the server error when the call fails', async () => {
    const { watchlist } = await signedIn();
    mode = 'error';
    expect(await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' })).toEqual({ kind: 'failed', message: 'The watchlist service is down for maintenance.' });
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(dataLayer()).toEqual([]);
  });

  it('rolls a removal back when the server answers success: false, with its message', async () => {
    const { watchlist } = await signedIn();
    await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' });
    mode = 'refuse';
    expect(await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' })).toEqual({ kind: 'failed', message: 'That car cannot be saved.' });
    expect(watchlist.$watchlist.get()).toEqual([300227]);
  });

  it('rolls back with a plain message when the server cannot be reached', async () => {
    const { watchlist } = await signedIn();
    const outcome = await watchlist.toggleWatchlist(car, { baseUrl: 'http://127.0.0.1:1', currentPath: '/' });
    expect(outcome).toEqual({ kind: 'failed', message: 'We could not reach the dealer just now. Please check your connection and try again.' });
    expect(watchlist.$watchlist.get()).toEqual([]);
  });

  it('keeps the list across a reload and drops anything in storage that is not a vehicle id', async () => {
    const { watchlist, storage } = await signedIn();
    await watchlist.toggleWatchlist(car, { baseUrl, currentPath: '/' });
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([300227]);
    storage['dealer-sites:watchlist'] = JSON.stringify([5, '6', -1, 5, 2.5, null, 7]);
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([5, 7]);
    storage['dealer-sites:watchlist'] = '{oops';
    expect((await freshStores(storage)).watchlist.$watchlist.get()).toEqual([]);
  });
});
