/**
 * Finance eligibility: whether a vehicle shows the finance block and calculator, the price finance
 * is worked out on, and whether (and with what body) the instant quote is requested. (The finance
 * call-to-action rule is `showFinanceCta` in vehicle-actions.ts.)
 *
 * Spec: stock-search-and-vehicle-page.md sections 5 (finance block) and 7 (POST /api/youx/quote). Reference: docs/rules/finance.md.
 */
import type { FinanceLenderInfo } from '../schemas/finance.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { isAvailable } from './availability.ts';
import { formatPrice, hasOfferPrice } from './pricing.ts';
import { BRISBANE, zonedParts } from './time.ts';

/** The site's finance section. */
export type FinanceConfig = SiteConfig['finance'];
/** A configured finance provider (`site.finance.provider`). */
export type FinanceProviderConfig = NonNullable<FinanceConfig['provider']>;

/** The part of a vehicle the finance rules read. */
export type FinanceVehicle = Pick<Vehicle, 'year' | 'make' | 'price' | 'status'> &
  Partial<Pick<Vehicle, 'offer_price' | 'dealership_id' | 'finance_lenders' | 'vin' | 'nvic'>>;

/** Vehicles this many years old or older are refused by an `age-limited` provider. */
export const FINANCE_MAX_AGE_YEARS = 12;
/** Providers other than `availability-only` need a price strictly above this, in dollars. */
export const FINANCE_MIN_PRICE = 500;

/** Why a vehicle shows no finance block. */
export type FinanceIneligibleReason =
  | 'no-provider'
  | 'no-lender-data'
  | 'no-interest-rate'
  | 'no-comparison-rate'
  | 'excluded-make'
  | 'excluded-dealership'
  | 'too-old'
  | 'price-too-low'
  | 'not-available'
  | 'no-weekly-payment'
  | 'no-monthly-payment';

export type FinanceEligibility =
  | { eligible: true; provider: FinanceProviderConfig; lender: FinanceLenderInfo }
  | { eligible: false; reason: FinanceIneligibleReason; detail: string };

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The price finance is worked out on: the offer (reduced) price when the vehicle has one (above
 * 0 and below the normal price, {@link hasOfferPrice}), otherwise the advertised price. This is
 * the price the vehicle page shows, and the one to pass to `showFinanceCta` (vehicle-actions.ts).
 */
export function financePrice(vehicle: Pick<FinanceVehicle, 'price' | 'offer_price'>): number {
  return hasOfferPrice(vehicle) ? vehicle.offer_price! : vehicle.price;
}

/**
 * The lender figures for the site's provider, or null when there are none. Spec: the finance
 * block needs lender data that "exists and is non-empty": an entry under the provider key with
 * at least one figure that is not null.
 */
export function lenderInfoFor(
  finance: Pick<FinanceConfig, 'provider'>,
  vehicle: Pick<FinanceVehicle, 'finance_lenders'>,
): FinanceLenderInfo | null {
  const key = finance.provider?.key;
  if (!key) return null;
  const info = vehicle.finance_lenders?.[key];
  if (!info) return null;
  const hasAnyFigure = Object.values(info).some((value) => value !== null && value !== undefined);
  return hasAnyFigure ? info : null;
}

function no(reason: FinanceIneligibleReason, detail: string): FinanceEligibility {
  return { eligible: false, reason, detail };
}

/**
 * Whether a vehicle shows the finance block (and therefore a working calculator).
 *
 * Spec (section 5): a provider is configured; lender data for `provider.key` exists and is
 * non-empty; its interest rate and comparison rate are not null; the make is not in
 * `finance.excludedMakes` (case-insensitive); the owning dealership (`dealership_id`) is not in
 * `finance.excludedDealershipIds`. Then per provider kind:
 * - `age-limited`: year > current year - 12 (current year in the site's zone, Brisbane by
 *   default), price > 500, available, comparison rate present;
 * - `availability-only`: available;
 * - `weekly-payment`: price > 500, available, weekly payment present (a number above 0);
 * - `monthly-payment`: price > 500, available, monthly payment present (a number above 0).
 *
 * "Price" is {@link financePrice}; "available" is {@link isAvailable}. The first failing check
 * is returned as the reason.
 */
export function financeEligibility(
  site: { finance: FinanceConfig; timeZone?: string },
  vehicle: FinanceVehicle,
  now: Date,
): FinanceEligibility {
  const { finance } = site;
  const provider = finance.provider;
  if (!provider) return no('no-provider', 'The site has no finance provider configured.');

  const lender = lenderInfoFor(finance, vehicle);
  if (!lender) return no('no-lender-data', `The vehicle has no "${provider.key}" lender figures.`);
  if (!isFiniteNumber(lender.interestRate)) return no('no-interest-rate', 'The lender gives no interest rate.');
  if (!isFiniteNumber(lender.comparisonRate)) return no('no-comparison-rate', 'The lender gives no comparison rate.');

  const make = vehicle.make.trim().toLowerCase();
  if (finance.excludedMakes.some((excluded) => excluded.trim().toLowerCase() === make)) {
    return no('excluded-make', `${vehicle.make} is excluded from finance estimates.`);
  }
  const dealership = vehicle.dealership_id;
  if (
    dealership !== null &&
    dealership !== undefined &&
    finance.excludedDealershipIds.some((excluded) => String(excluded) === String(dealership))
  ) {
    return no('excluded-dealership', `Dealership ${dealership} is excluded from finance estimates.`);
  }

  const price = financePrice(vehicle);
  const priceCheck = (): FinanceEligibility | null =>
    price > FINANCE_MIN_PRICE ? null : no('price-too-low', `The price ${price} is not above ${FINANCE_MIN_PRICE}.`);
  const availableCheck = (): FinanceEligibility | null =>
    isAvailable(vehicle) ? null : no('not-available', `The vehicle's status "${vehicle.status}" is not available.`);
  const yes: FinanceEligibility = { eligible: true, provider, lender };

  switch (provider.eligibility) {
    case 'age-limited': {
      const currentYear = zonedParts(now, site.timeZone ?? BRISBANE).year;
      const oldestYear = currentYear - FINANCE_MAX_AGE_YEARS;
      if (!(vehicle.year > oldestYear)) {
        return no('too-old', `The vehicle's year ${vehicle.year} is not newer than ${oldestYear}.`);
      }
      return priceCheck() ?? availableCheck() ?? yes;
    }
    case 'availability-only':
      return availableCheck() ?? yes;
    case 'weekly-payment':
      return (
        priceCheck() ??
        availableCheck() ??
        (isFiniteNumber(lender.paymentWeek) && lender.paymentWeek > 0
          ? yes
          : no('no-weekly-payment', 'The lender gives no weekly payment.'))
      );
    case 'monthly-payment':
      return (
        priceCheck() ??
        availableCheck() ??
        (isFiniteNumber(lender.paymentMonth) && lender.paymentMonth > 0
          ? yes
          : no('no-monthly-payment', 'The lender gives no monthly payment.'))
      );
  }
}

/** Body of POST /api/youx/quote. */
export interface YouxQuoteRequest {
  selfAssessedCreditScore: 'GREAT';
  purchasePrice: number;
  loanTerm: 5;
  year: number;
  vin: string | null;
  nvic: string | null;
  whoIsHelping: string;
}

/** Loan term in years sent with every instant-quote request. */
export const YOUX_QUOTE_LOAN_TERM = 5;

/**
 * The instant-quote request body, or null when no quote is requested.
 *
 * Spec (section 7): POST /api/youx/quote only when the feature is on
 * (`site.features.financeQuote`) and the price is above 0, with
 * `{ selfAssessedCreditScore: 'GREAT', purchasePrice, loanTerm: 5, year, vin, nvic, whoIsHelping }`.
 * The purchase price is {@link financePrice}; a missing vin or nvic is sent as null.
 * `whoIsHelping` is not defined by the spec: the caller names who helps the shopper (the site
 * passes the dealer's name).
 */
export function youxQuoteRequest(
  site: { features: Pick<SiteConfig['features'], 'financeQuote'> },
  vehicle: Pick<FinanceVehicle, 'price' | 'offer_price' | 'year' | 'vin' | 'nvic'>,
  whoIsHelping: string,
): YouxQuoteRequest | null {
  const purchasePrice = financePrice(vehicle);
  if (!site.features.financeQuote || !(purchasePrice > 0)) return null;
  return {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice,
    loanTerm: YOUX_QUOTE_LOAN_TERM,
    year: vehicle.year,
    vin: vehicle.vin ?? null,
    nvic: vehicle.nvic ?? null,
    whoIsHelping,
  };
}

/** What the instant-quote service answers. */
export interface YouxQuoteAnswer {
  weeklyRepaymentAmount?: unknown;
  comparisonRate?: unknown;
  advertisedRate?: unknown;
}

const percent = (rate: number) => `${(Math.round((rate + Number.EPSILON) * 100) / 100).toFixed(2)}% p.a.`;

/**
 * The instant quote as the vehicle page says it, with every figure it rests on, or null when the answer has
 * no usable weekly amount (a failed or empty answer is not shown: spec 7, failures are ignored):
 * '$146 per week on a price of $31,990 over 5 years, with no deposit or final payment and before fees, at
 * 9.50% p.a. (comparison rate 10.12% p.a.), for excellent credit.'
 */
export function instantQuoteText(answer: YouxQuoteAnswer | null | undefined, request: Pick<YouxQuoteRequest, 'loanTerm' | 'purchasePrice'>): string | null {
  const weekly = answer?.weeklyRepaymentAmount;
  const rate = answer?.advertisedRate;
  if (!isFiniteNumber(weekly) || weekly <= 0 || !isFiniteNumber(rate)) return null;
  const comparisonRate = answer?.comparisonRate;
  const comparison = isFiniteNumber(comparisonRate) ? ` (comparison rate ${percent(comparisonRate)})` : '';
  return `${formatPrice(Math.round(weekly))} per week on a price of ${formatPrice(request.purchasePrice)} over ${request.loanTerm} years, with no deposit or final payment and before fees, at ${percent(rate)}${comparison}, for excellent credit.`;
}
