/**
 * Bounds of the three sliders of the vehicle-page finance calculator, and clamping a value into
 * a slider or field. (The stand-alone calculator component's fields are in finance-calculator.ts.)
 *
 * Spec: stock-search-and-vehicle-page.md section 5 (finance sliders). Reference: docs/rules/finance.md.
 */
import type { FinanceConfig } from './finance-eligibility.ts';

/** A continuous slider (range input). */
export interface RangeSlider {
  kind: 'range';
  min: number;
  max: number;
  step: number;
  /** True when the shopper cannot move it (a locked interest rate). */
  disabled: boolean;
}

/** A slider that only takes the listed values (a configured list of term years). */
export interface ListSlider {
  kind: 'list';
  /** Ascending, without duplicates. */
  values: number[];
  min: number;
  max: number;
  disabled: boolean;
}

export type FinanceSlider = RangeSlider | ListSlider;

/** Bounds of one plain input or slider (the stand-alone calculator's fields). */
export interface FieldBounds {
  min: number;
  max: number;
  step: number;
}

export interface VehiclePageSliders {
  /** Loan amount, dollars. */
  amount: RangeSlider;
  /** Term, years. */
  term: FinanceSlider;
  /** Interest rate, percent per year. */
  interest: RangeSlider;
}

/** Multiplier applied to the price for the loan slider's maximum on `maxFromPrice` sites. */
export const LOAN_MAX_PRICE_FACTOR = 1.05;

function range(min: number, max: number, step: number, disabled = false): RangeSlider {
  return { kind: 'range', min, max, step, disabled };
}

/**
 * Maximum of the vehicle-page loan slider. Spec: 100000, or 1.05 x the price when the price is
 * over 100000 on some sites (`finance.loanSlider.maxFromPrice`). The configured max (100000 by
 * default) is the threshold, so the maximum never drops below it. Rounded to cents.
 */
export function loanSliderMax(loanSlider: FinanceConfig['loanSlider'], price: number): number {
  if (loanSlider.maxFromPrice && price > loanSlider.max) {
    return Math.round(price * LOAN_MAX_PRICE_FACTOR * 100) / 100;
  }
  return loanSlider.max;
}

/**
 * The vehicle-page calculator sliders.
 *
 * Spec (section 5):
 * - loan amount: step 500, min 1000 (5000 on one site), max 100000 or 1.05 x price (see
 *   {@link loanSliderMax}); from `finance.loanSlider`;
 * - term: step 0.5 years, min 1, max 7 (5 on some sites), or the configured list of years
 *   (`finance.termSlider.values`; an empty list means no list);
 * - interest: step 0.5, default range 0.5 to 15 with site variants (7.5-14.5, 9.95-19.95, 4-20,
 *   1-14.5, 5.99-15.99) from `finance.interestSlider`; when `finance.interestLocked` the slider
 *   is disabled at the rate the calculator starts from.
 *
 * `price` is the vehicle's finance price (0 when unknown). The calculator starts from the vehicle's
 * advertised basis (the lender's rate and term, the vehicle's price), so each slider also reaches the
 * value it starts at: a lender rate of 6.99% on a 7.5-14.5 site moves the minimum down to 6.99, a term the
 * list lacks joins the list. Otherwise the first figure would differ from the one its disclaimer states.
 */
export function vehiclePageSliders(finance: FinanceConfig, price: number, start?: { amount: number; years: number; rate: number }): VehiclePageSliders {
  const { loanSlider, termSlider, interestSlider } = finance;
  const values = [...new Set([...(termSlider.values ?? []), ...(termSlider.values?.length && start ? [start.years] : [])])].sort((a, b) => a - b);
  const term: FinanceSlider =
    values.length > 0
      ? { kind: 'list', values, min: values[0]!, max: values[values.length - 1]!, disabled: false }
      : reaching(range(termSlider.min, termSlider.max, termSlider.step), start?.years);
  const rate = start?.rate ?? finance.interestRate;
  const interest = finance.interestLocked
    ? range(rate, rate, interestSlider.step, true)
    : reaching(range(interestSlider.min, interestSlider.max, interestSlider.step), start?.rate);
  return {
    amount: reaching(range(loanSlider.min, loanSliderMax(loanSlider, price), loanSlider.step), start?.amount),
    term,
    interest,
  };
}

/** The slider widened, where needed, to reach a value. */
function reaching(slider: RangeSlider, value: number | undefined): RangeSlider {
  if (value === undefined || !Number.isFinite(value)) return slider;
  return { ...slider, min: Math.min(slider.min, value), max: Math.max(slider.max, value) };
}

/**
 * A value the slider can hold: below min gives min, above max gives max, and a value that is not
 * a number gives min. A list slider takes the nearest listed value (the lower one on a tie).
 * Range values are not snapped to the step, so a price such as 24990 stays exact.
 */
export function clampToSlider(value: number, slider: FinanceSlider | FieldBounds): number {
  if (!Number.isFinite(value)) return slider.min;
  if ('kind' in slider && slider.kind === 'list') {
    let best = slider.values[0] ?? slider.min;
    for (const candidate of slider.values) {
      if (Math.abs(candidate - value) < Math.abs(best - value)) best = candidate;
    }
    return best;
  }
  return Math.min(slider.max, Math.max(slider.min, value));
}
