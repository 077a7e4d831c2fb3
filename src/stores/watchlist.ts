/**
 * The shopper's watchlist (spec 4, 6 and 7): the ids of the vehicles saved, kept in this browser and saved
 * on the site's runtime API (`POST {api.baseUrl}/api/watchlist/save-car?site=` and `/remove-car` with
 * `{ phone_number, car_id }` and the session's CSRF token, answered `{ success: boolean }`). Whether the
 * shopper has a phone on record is the server's answer (`stores/session.ts`), not what this browser
 * remembers. A change shows at once and is rolled back
 * when the call fails; the ids with a call in flight are in `$watchlistBusy`, so the button can wait.
 * Ids read back from storage are checked one by one; anything else is dropped.
 */
import { atom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { track } from '../lib/analytics.ts';
import { requestJson, siteApiUrl, type ApiAnswer } from '../lib/runtime-api.ts';
import { EVENT_FAVOURITE } from '../rules/analytics.ts';
import { applyWatchlistChange, watchlistClick, watchlistToast, type WatchlistToast } from '../rules/saving.ts';
import { csrfHeaders, loadSession } from './session.ts';
import { $shopper } from './shopper.ts';

/** Vehicle ids from anything read back from storage: positive whole numbers, each once, in order. */
export function readWatchlist(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0))];
}

export const $watchlist = persistentAtom<number[]>('dealer-sites:watchlist', [], {
  encode: JSON.stringify,
  decode(raw) {
    try {
      return readWatchlist(JSON.parse(raw));
    } catch {
      return [];
    }
  },
});

// The watchlist is the signed-in shopper's: once the server says nobody is signed in, this browser's copy goes.
$shopper.listen((shopper) => {
  if (!shopper?.phone && $watchlist.get().length > 0) $watchlist.set([]);
});

/** Ids whose save or removal is still waiting for the server. */
export const $watchlistBusy = atom<readonly number[]>([]);

/**
 * Counts this page's own changes to the list (a click, or its rollback). A server list asked for before the
 * latest change is older than what the shopper sees, so it must not overwrite it.
 */
let localChanges = 0;

function changeLocally(carId: number, change: 'save' | 'remove'): void {
  localChanges += 1;
  $watchlist.set(applyWatchlistChange($watchlist.get(), carId, change));
}

/** What the shopper sees when the server turns a change down without saying why. */
export const WATCHLIST_FAILED_MESSAGE = 'We could not update your watchlist just now. Please try again.';

export type WatchlistOutcome =
  | { kind: 'sign-in'; url: string }
  | { kind: 'busy' }
  | { kind: 'saved' | 'removed'; toast: WatchlistToast }
  | { kind: 'failed'; message: string };

export interface WatchlistContext {
  /** The site's `api.baseUrl` (empty: the site's own origin). */
  baseUrl: string;
  /** The site's slug, sent as `?site=`. */
  site: string;
  /** The page the shopper is on, where sign-in brings them back. */
  currentPath: string;
  fetch?: typeof fetch;
}

function setBusy(carId: number, busy: boolean): void {
  const rest = $watchlistBusy.get().filter((id) => id !== carId);
  $watchlistBusy.set(busy ? [...rest, carId] : rest);
}

function refusal(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return null;
}

/**
 * Saves the vehicle to the watchlist, or removes it when it is there. A shopper with no phone on record is
 * sent to sign-in instead (nothing changes). Otherwise the list changes at once, the server is asked, and
 * on `{ success: true }` the favourite event (39) is recorded; any other answer puts the list back as it
 * was and comes back with the error to show.
 */
export async function toggleWatchlist(vehicle: { id: number; name: string }, context: WatchlistContext): Promise<WatchlistOutcome> {
  if ($watchlistBusy.get().includes(vehicle.id)) return { kind: 'busy' };
  const session = await loadSession(context);
  if ($watchlistBusy.get().includes(vehicle.id)) return { kind: 'busy' };
  if (session.status === 'ready' && session.error) return { kind: 'failed', message: session.error };
  const user = session.status === 'ready' ? session.user : null;
  const saved = $watchlist.get().includes(vehicle.id);
  const click = watchlistClick(user, vehicle, saved, context.currentPath);
  if (click.kind === 'sign-in') return click;

  changeLocally(vehicle.id, click.kind);
  setBusy(vehicle.id, true);
  try {
    const path = click.kind === 'save' ? '/api/watchlist/save-car' : '/api/watchlist/remove-car';
    const answer = await requestJson<{ success?: unknown }>(siteApiUrl(context.baseUrl, context.site, path), {
      body: { phone_number: click.phone, car_id: click.carId },
      headers: csrfHeaders(),
      ...(context.fetch ? { fetch: context.fetch } : {}),
    });
    if (answer.ok && answer.data?.success === true) {
      track(EVENT_FAVOURITE, { car_id: vehicle.id, name: vehicle.name, list: 'watchlist', action: click.kind });
      return { kind: click.kind === 'save' ? 'saved' : 'removed', toast: watchlistToast(click.kind, vehicle.name) };
    }
    // Undo only this vehicle's change: the rest of the list may have moved meanwhile (another tab).
    changeLocally(vehicle.id, click.kind === 'save' ? 'remove' : 'save');
    return { kind: 'failed', message: answer.ok ? (refusal(answer.data) ?? WATCHLIST_FAILED_MESSAGE) : answer.message };
  } finally {
    setBusy(vehicle.id, false);
  }
}

/** A car on the signed-in shopper's watchlist as the server lists it, with its state in the site's current stock. */
export interface WatchedCar {
  id: number;
  slug: string | null;
  name: string;
  /** Null for a car that has gone from the site. */
  href: string | null;
  status: string | null;
  sold: boolean;
  /** True when the site no longer lists the car at all. */
  gone: boolean;
  priceText: string | null;
}

function readWatchedCar(value: unknown): WatchedCar | null {
  if (typeof value !== 'object' || value === null) return null;
  const car = value as Record<string, unknown>;
  if (!Number.isSafeInteger(car.id) || (car.id as number) <= 0) return null;
  const text = (field: unknown) => (typeof field === 'string' && field.trim() !== '' ? field : null);
  const href = text(car.href);
  return {
    id: car.id as number,
    slug: text(car.slug),
    name: text(car.name) ?? 'A car you saved',
    // Only a path of the site: the page links to it.
    href: href?.startsWith('/') && !href.startsWith('//') ? href : null,
    status: text(car.status),
    gone: car.gone === true,
    sold: car.sold === true && car.gone !== true,
    priceText: text(car.priceText),
  };
}

/**
 * The signed-in shopper's watchlist from the server (`GET /api/watchlist?site=`), newest saved first; this
 * browser's list of ids follows it, so the vehicle pages' buttons show what the server keeps, unless the
 * shopper changed the list while the answer was on its way (that change is newer than the answer).
 */
export async function loadWatchedCars(context: Omit<WatchlistContext, 'currentPath'>): Promise<ApiAnswer<WatchedCar[]>> {
  const changesBefore = localChanges;
  const answer = await requestJson<{ cars?: unknown }>(siteApiUrl(context.baseUrl, context.site, '/api/watchlist'), context.fetch ? { fetch: context.fetch } : {});
  if (!answer.ok) return answer;
  const cars = (Array.isArray(answer.data?.cars) ? answer.data.cars : []).map(readWatchedCar).filter((car): car is WatchedCar => car !== null);
  if (localChanges === changesBefore) $watchlist.set(cars.map((car) => car.id));
  return { ok: true, status: answer.status, data: cars };
}

/**
 * Brings this browser's list in line with the server's, for a shopper this browser remembers as signed in
 * (saved on another device, removed in another browser). Nobody else is asked about: a visitor's page makes
 * no call.
 */
export async function syncWatchlist(context: Omit<WatchlistContext, 'currentPath'>): Promise<void> {
  if (!$shopper.get()?.phone) return;
  const session = await loadSession(context);
  if (session.status === 'ready' && session.user) await loadWatchedCars(context);
}
