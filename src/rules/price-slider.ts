/**
 * The stock search price slider and the preset price buttons (spec sections 5 and 9).
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { formatPriceInput } from './formatting.ts';

/** Slider bounds and step, as in `site.search.priceSlider` (5,000 to 250,000, step 500). */
export type PriceSliderBounds = SiteConfig['search']['priceSlider'];

/** A price range: low and high, in dollars. */
export type PriceRange = readonly [low: number, high: number];

/** The smallest gap between the two thumbs: the low value never reaches the high one. */
export const MIN_PRICE_GAP = 1;

/** The range the slider starts at: the whole of `site.search.priceSlider`. */
export function defaultPriceRange(bounds: PriceSliderBounds): PriceRange {
  return [bounds.min, bounds.max];
}

/** A value moved to the nearest step from the slider's minimum, held within the bounds. */
export function snapToStep(value: number, bounds: PriceSliderBounds): number {
  const snapped = bounds.min + Math.round((value - bounds.min) / bounds.step) * bounds.step;
  return Math.min(bounds.max, Math.max(bounds.min, snapped));
}

/**
 * The range after the low thumb moves to `value`: held within the bounds and at least 1 below
 * the high value. Dragging low onto (or past) high leaves it at high - 1.
 */
export function moveLowThumb(range: PriceRange, value: number, bounds: PriceSliderBounds): PriceRange {
  const [, high] = range;
  const low = Math.min(Math.max(value, bounds.min), high - MIN_PRICE_GAP);
  return [low, high];
}

/**
 * The range after the high thumb moves to `value`: held within the bounds and at least 1 above
 * the low value. Dragging high onto (or past) low leaves it at low + 1.
 */
export function moveHighThumb(range: PriceRange, value: number, bounds: PriceSliderBounds): PriceRange {
  const [low] = range;
  const high = Math.max(Math.min(value, bounds.max), low + MIN_PRICE_GAP);
  return [low, high];
}

/** Preset price buttons, by `site.search.pricePresets`. */
export const PRICE_PRESETS = {
  /** Nine values, $5,000 to $70,000. */
  standard: [5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000],
  /** Six values, $300,000 to $800,000 (the flagged premium dealer). */
  premium: [300000, 400000, 500000, 600000, 700000, 800000],
} as const satisfies Record<SiteConfig['search']['pricePresets'], readonly number[]>;

/** A preset button. */
export interface PricePreset {
  value: number;
  /** Button text, e.g. '$5,000'. */
  label: string;
}

/**
 * The preset price buttons of a site: `standard` gives nine buttons $5,000 to $70,000
 * (5k, 10k, 15k, 20k, 25k, 30k, 40k, 50k, 70k); `premium` six, $300,000 to $800,000 in steps of
 * $100,000.
 */
export function pricePresets(kind: SiteConfig['search']['pricePresets']): PricePreset[] {
  return PRICE_PRESETS[kind].map((value) => ({ value, label: formatPriceInput(value) }));
}
