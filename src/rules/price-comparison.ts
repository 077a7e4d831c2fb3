/** The market price comparison panel (spec sections 4, 7, 8 and 9). */
import type { PriceComparison } from '../schemas/price-comparison.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { marketAverage } from './market-price.ts';
import { listedPrice } from './price-history.ts';
import { formatPrice } from './pricing.ts';

/** The panel needs a confidence above this (0.2 hides it, 0.2000001 shows it). */
export const MIN_CONFIDENCE_EXCLUSIVE = 0.2;
/** Fill at or above this is a 'Great Deal'; below, a 'Good Deal'. */
export const GREAT_DEAL_FILL = 0.65;
/** Duration of the count-up animation, ms. */
export const COUNT_UP_MS = 2000;
/** Logged when the comparison fetch fails (the panel is hidden). */
export const FETCH_FAILED_MESSAGE = 'Failed to fetch auto gauge data';
/** Raised when the comparison answer has no data. */
export const NO_DATA_MESSAGE = 'No data returned';

/** Fill colour band: under 0.3, 0.3 up to 0.6, 0.6 and above. */
export type FillBand = 'low' | 'mid' | 'high';

export interface PriceComparisonView {
  label: 'Good Deal' | 'Great Deal';
  band: FillBand;
  /** Fill as a whole percentage for the bar width, 0 to 100. */
  fillPercent: number;
  listingPrice: number;
  marketMin: number;
  marketMax: number;
  description: string | null;
}

/** Spec 4: the fill colour band: < 0.3 low, 0.3 to < 0.6 mid, >= 0.6 high. */
export function fillBand(fill: number): FillBand {
  if (fill < 0.3) return 'low';
  if (fill < 0.6) return 'mid';
  return 'high';
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Spec 4: the panel is hidden (null) when data is missing (no answer, or any of fill,
 * listing_price, market_range_min, market_range_max, confidence missing), when confidence is 0.2
 * or lower, or when market_range_max is below listing_price (equal still shows). Otherwise the
 * label is 'Good Deal' for fill under 0.65 and 'Great Deal' from 0.65.
 */
export function priceComparisonView(data: Partial<PriceComparison> | null | undefined): PriceComparisonView | null {
  if (!data) return null;
  const { fill, listing_price, market_range_min, market_range_max, confidence } = data;
  if (!isNumber(fill) || !isNumber(listing_price) || !isNumber(market_range_min) || !isNumber(market_range_max) || !isNumber(confidence)) {
    return null;
  }
  if (confidence <= MIN_CONFIDENCE_EXCLUSIVE || market_range_max < listing_price) return null;
  return {
    label: fill < GREAT_DEAL_FILL ? 'Good Deal' : 'Great Deal',
    band: fillBand(fill),
    fillPercent: Math.round(Math.min(1, Math.max(0, fill)) * 100),
    listingPrice: listing_price,
    marketMin: market_range_min,
    marketMax: market_range_max,
    description: data.description?.trim() || null,
  };
}

// ---------------------------------------------------------------- build-time comparison

/** Half the market range, as a share of the market average: the range is the average plus or minus 10%. */
export const MARKET_SPREAD = 0.1;
/** The ends of the market range are rounded to this many dollars. */
export const MARKET_RANGE_ROUNDING = 100;
/** Confidence of a comparison with the state average (market data for the vehicle's own state). */
export const STATE_CONFIDENCE = 0.8;
/** Confidence of a comparison with the national average only. */
export const NATIONAL_CONFIDENCE = 0.5;
/** Confidence lost per unit of disagreement between the state and national averages (2: 10% apart costs 0.2). */
export const DISAGREEMENT_PENALTY = 2;

const roundTo = (amount: number, step: number) => Math.round(amount / step) * step;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The comparison the panel shows, worked out at build time from the vehicle's market data
 * (`autograb_data`) instead of a runtime call to `{vehicle path}/autogauge`. Deterministic:
 * - listing_price: the purchase price the vehicle is advertised at (offer price, else price);
 * - market average: the state average, else the national average (as the market price badge);
 * - market range: the average plus or minus 10%, widened on each side by however far the state and
 *   national averages disagree, the ends rounded to $100 (the low end never below $0);
 * - fill: where the listing price sits in that range, 1 at the bottom (the best deal) and 0 at or
 *   above the top: (max - listing) / (max - min), kept within 0 to 1;
 * - confidence: 0.8 with a state average, 0.5 with the national one only, less 2 x the share the two
 *   averages disagree by (10% apart costs 0.2), kept within 0 to 1 and rounded to 2 decimals;
 * - description: which average it was compared with.
 * Null when there is nothing to compare: no listed price, no market average, or a range of no width.
 * Whether the panel shows is then {@link priceComparisonView}'s rule.
 */
export function marketComparison(vehicle: Pick<Vehicle, 'price' | 'offer_price' | 'autograb_data' | 'state'>): PriceComparison | null {
  const listing = listedPrice(vehicle);
  const market = marketAverage(vehicle);
  if (listing === null || !market) return null;
  const state = vehicle.autograb_data?.state_average_market_price ?? 0;
  const national = vehicle.autograb_data?.average_market_price ?? 0;
  const disagreement = state > 0 && national > 0 ? Math.abs(state - national) : 0;
  const half = market.average * MARKET_SPREAD + disagreement;
  const min = Math.max(0, roundTo(market.average - half, MARKET_RANGE_ROUNDING));
  const max = roundTo(market.average + half, MARKET_RANGE_ROUNDING);
  if (max <= min) return null;
  const base = market.basis === 'state' ? STATE_CONFIDENCE : NATIONAL_CONFIDENCE;
  const where = market.basis === 'state' ? (vehicle.state?.trim().toUpperCase() || 'state') : 'national';
  return {
    fill: clamp01((max - listing) / (max - min)),
    listing_price: listing,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.round(clamp01(base - (DISAGREEMENT_PENALTY * disagreement) / market.average) * 100) / 100,
    description: `Compared with the ${where} average market price of ${formatPrice(market.average)} for similar vehicles.`,
  };
}
