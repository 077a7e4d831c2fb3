/** The "below market price" badge (spec section 4, "Market price badge"). */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { formatPrice } from './pricing.ts';

/** The price must be at least this many dollars below the average (498 below: no badge). */
export const MARKET_PRICE_MIN_BELOW = 499;

export interface MarketPriceBadge {
  /** Which average the price was compared with. */
  basis: 'state' | 'national';
  average: number;
  /** Dollars below the average. */
  below: number;
  /** `below` formatted, e.g. '$1,200'. */
  belowText: string;
}

/** The market average a vehicle is compared with, and which one it is. */
export interface MarketAverage {
  basis: 'state' | 'national';
  average: number;
}

/**
 * The state average market price, or the national average when there is no state average
 * (missing or 0); null when neither is above 0. The badge and the price comparison panel both
 * compare with this figure.
 */
export function marketAverage(vehicle: Pick<Vehicle, 'autograb_data'>): MarketAverage | null {
  const state = vehicle.autograb_data?.state_average_market_price ?? 0;
  const national = vehicle.autograb_data?.average_market_price ?? 0;
  if (state > 0) return { basis: 'state', average: state };
  return national > 0 ? { basis: 'national', average: national } : null;
}

/**
 * Spec 4: the badge appears when the vehicle's price is 499 or more below the state average
 * market price, or the national average when there is no state average (missing or 0). Needs a
 * price above 0 (a vehicle without a price is not "below" anything) and, on the site, the
 * `features.marketPriceBadge` switch (on by default).
 */
export function marketPriceBadge(
  vehicle: Pick<Vehicle, 'price' | 'autograb_data'>,
  site: { features: Pick<SiteConfig['features'], 'marketPriceBadge'> },
): MarketPriceBadge | null {
  if (!site.features.marketPriceBadge || vehicle.price <= 0) return null;
  const market = marketAverage(vehicle);
  if (!market) return null;
  const { basis, average } = market;
  const below = average - vehicle.price;
  return below >= MARKET_PRICE_MIN_BELOW ? { basis, average, below, belowText: formatPrice(below) } : null;
}
