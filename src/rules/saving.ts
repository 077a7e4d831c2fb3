/**
 * Saving vehicles (spec sections 2, 4 and 6): the local favourite/compare toggle and the
 * server-backed watchlist.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { isAvailable } from './availability.ts';

export type FavouriteVehicle = Pick<Vehicle, 'status' | 'car_type' | 'price' | 'images' | 'primary_image_url'>;

export interface FavouriteSite {
  features: Pick<SiteConfig['features'], 'favourites'>;
  stock: Pick<SiteConfig['stock'], 'usedOnly'>;
}

/**
 * Spec 4: the favourite/compare button is hidden when favourites are not enabled, the vehicle is
 * not available, the site is used-only and the vehicle is not used, the price is 0 or below, or
 * the vehicle has no images (neither a gallery image nor a primary image).
 */
export function showFavouriteButton(vehicle: FavouriteVehicle, site: FavouriteSite): boolean {
  if (!site.features.favourites) return false;
  if (!isAvailable(vehicle)) return false;
  if (site.stock.usedOnly && vehicle.car_type !== 'used') return false;
  if (vehicle.price <= 0) return false;
  return (vehicle.images?.length ?? 0) > 0 || Boolean(vehicle.primary_image_url?.trim());
}

/**
 * Spec 4: the watchlist save button shows on sites with the watchlist; on a sold (not available)
 * vehicle only when the shopper has already saved it, so it can be removed.
 */
export function showWatchlistButton(
  vehicle: Pick<Vehicle, 'status'>,
  alreadySaved: boolean,
  site: { features: Pick<SiteConfig['features'], 'watchlist'> },
): boolean {
  if (!site.features.watchlist) return false;
  return isAvailable(vehicle) || alreadySaved;
}

/**
 * Spec 2: the sign-in page before saving to a watchlist, returning to `currentPath` afterwards.
 * Both parameters are URL-encoded, so a path with its own query string survives intact.
 * @example watchlistSignInUrl('/cars/abc') // '/sign-in?type=watchlist&redirect=%2Fcars%2Fabc&back=%2Fcars%2Fabc'
 */
export function watchlistSignInUrl(currentPath: string): string {
  const path = encodeURIComponent(currentPath);
  return `/sign-in?type=watchlist&redirect=${path}&back=${path}`;
}

/** What a click on the watchlist button does. */
export type WatchlistClick =
  | { kind: 'sign-in'; url: string }
  | { kind: 'save' | 'remove'; phone: string; carId: number };

/**
 * Spec 4 and 6: a shopper with no phone on record (signed out, or signed in without one) is sent
 * to sign-in; otherwise the click saves the vehicle, or removes it when it is already saved.
 */
export function watchlistClick(
  user: { phone?: string | null } | null | undefined,
  vehicle: Pick<Vehicle, 'id'>,
  alreadySaved: boolean,
  currentPath: string,
): WatchlistClick {
  const phone = user?.phone?.trim();
  if (!phone) return { kind: 'sign-in', url: watchlistSignInUrl(currentPath) };
  return { kind: alreadySaved ? 'remove' : 'save', phone, carId: vehicle.id };
}

/**
 * Spec 4: the watchlist changes locally at once, before the server answers: a save adds the id
 * (once), a removal takes it out. Returns a new list.
 */
export function applyWatchlistChange(ids: readonly number[], carId: number, kind: 'save' | 'remove'): number[] {
  const rest = ids.filter((id) => id !== carId);
  return kind === 'save' ? [...rest, carId] : rest;
}

/** A toast after a watchlist change. */
export interface WatchlistToast {
  title: 'Car Saved In Watchlist' | 'Car Removed';
  message: string;
  action: 'View List';
}

/** The name a toast uses: the vehicle's full name, or year, make and model when it has none. */
export function vehicleDisplayName(vehicle: Pick<Vehicle, 'name' | 'year' | 'make' | 'model'>): string {
  return vehicle.name?.trim() || `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/**
 * Spec 4: the toast after a successful save ('Car Saved In Watchlist' / '{name} is now available
 * in your watchlist') or removal ('Car Removed' / '{name} is no longer in your watchlist'), each
 * with a View List action. `vehicle` is the vehicle, or its display name already worked out.
 */
export function watchlistToast(kind: 'save' | 'remove', vehicle: Pick<Vehicle, 'name' | 'year' | 'make' | 'model'> | string): WatchlistToast {
  const name = typeof vehicle === 'string' ? vehicle : vehicleDisplayName(vehicle);
  return kind === 'save'
    ? { title: 'Car Saved In Watchlist', message: `${name} is now available in your watchlist`, action: 'View List' }
    : { title: 'Car Removed', message: `${name} is no longer in your watchlist`, action: 'View List' };
}

/** Issue 12: the compare page lays up to 4 vehicles side by side. */
export const COMPARE_LIMIT = 4;

/**
 * The favourites the compare page shows, in the order they were saved: the ones the shopper chose that are
 * still saved or, until they choose, the {@link COMPARE_LIMIT} saved last; never more than the limit.
 */
export function comparedIds(saved: readonly number[], chosen: readonly number[] | null): number[] {
  const wanted = new Set(chosen ?? saved.slice(-COMPARE_LIMIT));
  return saved.filter((id) => wanted.has(id)).slice(0, COMPARE_LIMIT);
}
