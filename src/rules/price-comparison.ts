/** The market price comparison panel (spec sections 4, 7, 8 and 9). */
import type { PriceComparison } from '../schemas/price-comparison.ts';

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
