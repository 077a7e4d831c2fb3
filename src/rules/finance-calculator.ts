/**
 * The finance calculator: repayment maths, rounding, display strings, comparison rates, default
 * state, the stand-alone calculator component's fields, and the first-change analytics event.
 *
 * Spec: stock-search-and-vehicle-page.md sections 4 (finance calculator), 5 (calculator
 * component), 7 (event 26) and 9 (finance calculator constants); site-wide-and-dealer-areas.md
 * section 9 (default finance calculator). Reference: docs/rules/finance.md.
 */
import type { FinanceCalculatorState, FinanceFrequency, FinanceLenderInfo } from '../schemas/finance.ts';
import { EVENT_FINANCE_FIRST_CHANGE } from './analytics.ts';
import {
  financeEligibility,
  financePrice,
  type FinanceConfig,
  type FinanceIneligibleReason,
  type FinanceProviderConfig,
  type FinanceVehicle,
} from './finance-eligibility.ts';
import { clampToSlider, type FieldBounds } from './finance-sliders.ts';
import { formatDollars } from './formatting.ts';
import { formatPrice } from './pricing.ts';

// ---------------------------------------------------------------- formatting

/** Dollars, with cents only when there are any: 395 gives '$395', 912.25 gives '$912.25'. */
export function formatDollarsAndCents(amount: number): string {
  return Number.isInteger(amount) ? formatPrice(amount) : formatDollars(amount, 2);
}

// ---------------------------------------------------------------- frequencies

/**
 * Repayment frequencies with their periods per year. (Kept here rather than beside the schema so the
 * calculator island carries no schema library.)
 */
export const FINANCE_FREQUENCIES: readonly FinanceFrequency[] = Object.freeze([
  { name: 'Weekly', value: 52 },
  { name: 'Fortnightly', value: 26 },
  { name: 'Monthly', value: 12 },
]);

/** Short labels by periods per year. Spec: wk, fn, mo, and yr for a yearly figure. */
export const REPAYMENT_SHORT_LABELS: Readonly<Record<number, string>> = Object.freeze({ 52: 'wk', 26: 'fn', 12: 'mo', 1: 'yr' });

/** Spec: frequencies Weekly 52, Fortnightly 26, Monthly 12; only Monthly when `finance.monthlyOnly`. */
export function frequencyOptions(finance: Pick<FinanceConfig, 'monthlyOnly'>): FinanceFrequency[] {
  return FINANCE_FREQUENCIES.filter((f) => !finance.monthlyOnly || f.name === 'Monthly').map((f) => ({ ...f }));
}

/** Spec: the frequency defaults to weekly; monthly on sites that offer monthly only. */
export function defaultFrequency(finance: Pick<FinanceConfig, 'monthlyOnly'>): FinanceFrequency {
  return finance.monthlyOnly ? { name: 'Monthly', value: 12 } : { name: 'Weekly', value: 52 };
}

/**
 * A repayment as shown: '{amount} /{short label}*', e.g. '$123 /wk*'. Spec: display
 * '{amount} /wk*' (or fn, mo; yr for a yearly figure).
 */
export function repaymentText(payment: number, periodsPerYear: number): string {
  const label = REPAYMENT_SHORT_LABELS[periodsPerYear];
  if (!label) throw new Error(`No repayment label for ${periodsPerYear} payments a year; use 52, 26, 12 or 1.`);
  return `${formatPrice(payment)} /${label}*`;
}

// ---------------------------------------------------------------- repayment maths

/** Spec: a computed repayment of 25 or less shows 'Enquire for Finance' and a blank total. */
export const ENQUIRE_AT_OR_BELOW = 25;
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Establishment fee added to the principal. Spec: the provider's fee when configured
 * (`provider.establishmentFee`: 1300 and 1360.5 in the demo sites), otherwise the lender's
 * `establishmentFees`, otherwise 0.
 */
export function establishmentFee(
  provider: Pick<FinanceProviderConfig, 'establishmentFee'> | null | undefined,
  lender: Pick<FinanceLenderInfo, 'establishmentFees'> | null | undefined,
): number {
  if (finite(provider?.establishmentFee)) return provider.establishmentFee;
  if (finite(lender?.establishmentFees)) return lender.establishmentFees;
  return 0;
}

/**
 * Loan principal. Spec: amount minus the lender's deposit (or the trade-in) plus the
 * establishment fee. A deposit the shopper set (`deposit`, the calculator's deposit field, 0
 * included) comes first; otherwise a trade-in above 0 replaces the lender's deposit; otherwise the
 * lender's deposit is used, or 0.
 */
export function loanPrincipal(
  input: { amount: number; tradeIn?: number | undefined; deposit?: number | undefined },
  provider: Pick<FinanceProviderConfig, 'establishmentFee'> | null | undefined,
  lender: Pick<FinanceLenderInfo, 'deposit' | 'establishmentFees'> | null | undefined,
): number {
  const deposit = finite(input.deposit)
    ? input.deposit
    : finite(input.tradeIn) && input.tradeIn > 0
      ? input.tradeIn
      : finite(lender?.deposit)
        ? lender.deposit
        : 0;
  return input.amount - deposit + establishmentFee(provider, lender);
}

/**
 * The exact (unrounded) periodic repayment of an amortised loan with a residual (balloon).
 *
 * Spec: periodic rate r = interest / 100 / periods per year, n = periods per year x term, and the
 * residual is discounted: payment = (P - residual / (1 + r)^n) x r / (1 - (1 + r)^-n).
 * At 0% interest the payment is (P - residual) / n. NaN when the term is not above 0.
 */
export function amortisedPayment(loan: {
  principal: number;
  annualRatePercent: number;
  years: number;
  periodsPerYear: number;
  residual?: number | undefined;
}): number {
  const n = loan.periodsPerYear * loan.years;
  const r = loan.annualRatePercent / 100 / loan.periodsPerYear;
  const residual = loan.residual ?? 0;
  if (!(n > 0)) return Number.NaN;
  if (r === 0) return (loan.principal - residual) / n;
  return ((loan.principal - residual / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
}

/** The lender's quoted repayment for a frequency: paymentWeek for weekly, paymentMonth for monthly. */
export function lenderQuoteFor(
  lender: Pick<FinanceLenderInfo, 'paymentWeek' | 'paymentMonth'> | null | undefined,
  periodsPerYear: number,
): number | null {
  const quote = periodsPerYear === 52 ? lender?.paymentWeek : periodsPerYear === 12 ? lender?.paymentMonth : null;
  return finite(quote) ? quote : null;
}

/**
 * Rounds a repayment to whole dollars.
 *
 * - `up` (spec default): rounded up (ceiling).
 * - `nearest-to-quote` (one lender; the spec only says "rounded up or down depending on a
 *   comparison against another vehicle value"): of the whole dollars just below and just above
 *   the exact figure, take the one closer to the lender's quoted repayment for the same
 *   frequency, the lower one on a tie. Without a quote (fortnightly, or no figure) round up.
 *   So the calculator shows the lender's advertised figure when its inputs match the lender's.
 *
 * The exact figure is first rounded to 6 decimals so that floating-point noise
 * (100.00000000000001) does not add a dollar.
 */
export function roundRepayment(exact: number, rounding: FinanceProviderConfig['rounding'], quote: number | null): number {
  const settled = Math.round(exact * 1e6) / 1e6;
  const down = Math.floor(settled);
  const up = Math.ceil(settled);
  if (rounding === 'up' || quote === null || down === up) return up;
  return Math.abs(down - quote) <= Math.abs(up - quote) ? down : up;
}

/** What the calculator reads from its state. */
export type RepaymentInput = Pick<FinanceCalculatorState, 'amount' | 'term' | 'interest' | 'frequency'> &
  Partial<Pick<FinanceCalculatorState, 'tradeIn' | 'residual'>> & {
    /** A deposit the shopper set, replacing the lender's (see {@link loanPrincipal}). */
    deposit?: number | undefined;
  };

export interface RepaymentContext {
  provider?: Pick<FinanceProviderConfig, 'establishmentFee' | 'rounding'> | null | undefined;
  lender?: FinanceLenderInfo | null | undefined;
}

export type Repayment =
  | {
      kind: 'payment';
      /** Whole dollars per period. */
      payment: number;
      /** periods per year x term x payment + establishment fee. */
      total: number;
      principal: number;
      establishmentFee: number;
      /** '$123 /wk*' */
      paymentText: string;
      /** '$32,760' */
      totalText: string;
    }
  | { kind: 'enquire'; payment: null; total: null; paymentText: typeof ENQUIRE_FOR_FINANCE; totalText: '' };

const ENQUIRE: Repayment = { kind: 'enquire', payment: null, total: null, paymentText: ENQUIRE_FOR_FINANCE, totalText: '' };

/**
 * The repayment for the calculator's inputs.
 *
 * Spec (section 9): principal = amount - deposit (or trade-in) + establishment fee
 * ({@link loanPrincipal}); the amortised payment with the residual discounted
 * ({@link amortisedPayment}); rounded to whole dollars ({@link roundRepayment}); total =
 * periods per year x term x payment + establishment fee (as the spec words it: the fee is in the
 * principal and counted again, and the residual is not added). A rounded repayment of 25 or less
 * (or one that cannot be worked out, e.g. a term of 0) shows 'Enquire for Finance' with a blank
 * total.
 */
export function calculateRepayment(input: RepaymentInput, context: RepaymentContext = {}): Repayment {
  const periodsPerYear = input.frequency.value;
  const fee = establishmentFee(context.provider, context.lender);
  const principal = loanPrincipal(input, context.provider, context.lender);
  const exact = amortisedPayment({
    principal,
    annualRatePercent: input.interest,
    years: input.term,
    periodsPerYear,
    residual: input.residual,
  });
  if (!Number.isFinite(exact)) return ENQUIRE;
  const payment = roundRepayment(exact, context.provider?.rounding ?? 'up', lenderQuoteFor(context.lender, periodsPerYear));
  if (payment <= ENQUIRE_AT_OR_BELOW) return ENQUIRE;
  const total = periodsPerYear * input.term * payment + fee;
  return {
    kind: 'payment',
    payment,
    total,
    principal,
    establishmentFee: fee,
    paymentText: repaymentText(payment, periodsPerYear),
    totalText: formatPrice(total),
  };
}

// ---------------------------------------------------------------- comparison rates

/** Spec: the comparison rate is shown to 2 decimals: 9.8 gives '9.80%'. */
export function formatComparisonRate(rate: number): string {
  return `${(Math.round((rate + Number.EPSILON) * 100) / 100).toFixed(2)}%`;
}

const PERCENT = String.raw`(\d+(?:\.\d+)?)\s*%`;
const RANGE_IN_TEXT = new RegExp(`${PERCENT}\\s*(?:p\\.?\\s?a\\.?)?\\s*(?:to\\b|and\\b|-|–|—)\\s*${PERCENT}`, 'i');

/**
 * The first range of two percentages in a disclaimer: '8.38% to 19.42%', 'between 8.38% p.a.
 * and 19.42% p.a.' or '8.38%-19.42%'. Only 'p.a.' may sit between the first percentage and
 * the connecting word, so '10% deposit and 30% final payment' is not read as a range. Returns
 * [lower, higher], or null when the text has no such range.
 */
export function parseComparisonRange(text: string | null | undefined): [number, number] | null {
  if (!text) return null;
  const match = RANGE_IN_TEXT.exec(text);
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  return [Math.min(a, b), Math.max(a, b)];
}

export interface ComparisonRange {
  /** '8.38%', or '' when unknown. */
  min: string;
  /** '19.42%', or '' when unknown. */
  max: string;
}

export const BLANK_COMPARISON_RANGE: Readonly<ComparisonRange> = Object.freeze({ min: '', max: '' });

/**
 * The comparison-rate range shown by default. Spec: 8.38% and 19.42% for one provider
 * (`provider.comparisonRange`), otherwise parsed from the lender's disclaimer
 * ({@link parseComparisonRange}); blank when neither gives one.
 */
export function comparisonRateRange(
  provider: Pick<FinanceProviderConfig, 'comparisonRange'> | null | undefined,
  lender: Pick<FinanceLenderInfo, 'disclaimer'> | null | undefined,
): ComparisonRange {
  const range = provider?.comparisonRange ?? parseComparisonRange(lender?.disclaimer);
  if (!range) return { ...BLANK_COMPARISON_RANGE };
  return { min: formatComparisonRate(range[0]), max: formatComparisonRate(range[1]) };
}

// ---------------------------------------------------------------- defaults

/**
 * Starting state of the stand-alone calculator component (finance page). Spec (site-wide
 * section 9): interest `finance.interestRate` (10; 8.5 MG; 7.5 one MG dealer), term 5 years
 * (`finance.calculator.defaultTerm`); amount `finance.defaultAmount`. Term and interest are
 * clamped to the component's fields.
 */
export function defaultCalculatorComponentState(finance: FinanceConfig): FinanceCalculatorState {
  const fields = calculatorComponentFields(finance);
  return {
    amount: finance.defaultAmount,
    term: clampToSlider(finance.calculator.defaultTerm, fields.term),
    interest: clampToSlider(finance.interestRate, fields.interest),
    tradeIn: 0,
    residual: 0,
    total: null,
    frequency: defaultFrequency(finance),
  };
}

// ---------------------------------------------------------------- vehicle page

/** What the vehicle-page finance calculator shows. */
export interface FinanceCalculatorView {
  eligible: boolean;
  /** Why not, when not eligible. */
  reason: FinanceIneligibleReason | null;
  payment: number | null;
  total: number | null;
  /** '$123 /wk*', 'Enquire for Finance', or '' when not eligible. */
  paymentText: string;
  /** '$32,760', or '' when blank. */
  totalText: string;
  /** The lender's comparison rate, '9.87%', or ''. */
  comparisonRateText: string;
  comparisonRange: ComparisonRange;
}

/**
 * The vehicle-page calculator for the given state. Spec (section 4): when the vehicle is not
 * eligible for the lender ({@link financeEligibility}) the calculator returns empty values
 * (payment '', total '') and blank comparison ranges; otherwise {@link calculateRepayment} with
 * the site's provider and the vehicle's lender figures, the lender's comparison rate to 2
 * decimals, and the default comparison-rate range ({@link comparisonRateRange}).
 */
export function vehicleFinanceCalculator(
  site: { finance: FinanceConfig; timeZone?: string },
  vehicle: FinanceVehicle,
  state: RepaymentInput,
  now: Date,
): FinanceCalculatorView {
  const eligibility = financeEligibility(site, vehicle, now);
  if (!eligibility.eligible) {
    return {
      eligible: false,
      reason: eligibility.reason,
      payment: null,
      total: null,
      paymentText: '',
      totalText: '',
      comparisonRateText: '',
      comparisonRange: { ...BLANK_COMPARISON_RANGE },
    };
  }
  const { provider, lender } = eligibility;
  const repayment = calculateRepayment(state, { provider, lender });
  return {
    eligible: true,
    reason: null,
    payment: repayment.payment,
    total: repayment.total,
    paymentText: repayment.paymentText,
    totalText: repayment.totalText,
    comparisonRateText: finite(lender.comparisonRate) ? formatComparisonRate(lender.comparisonRate) : '',
    comparisonRange: comparisonRateRange(provider, lender),
  };
}

// ---------------------------------------------------------------- calculator component

export interface CalculatorComponentFields {
  /** Purchase price, dollars (typed, no step). */
  purchasePrice: { min: number; max: number };
  /** Term, years. */
  term: FieldBounds;
  /** Interest, percent per year. */
  interest: FieldBounds;
  /** Trade-in (deposit), dollars. */
  tradeIn: FieldBounds;
  /** Residual (balloon), dollars. */
  residual: FieldBounds;
}

/** Spec: trade-in and residual run from 0 to 250000 in steps of 0.5. */
export const TRADE_IN_RESIDUAL_BOUNDS: Readonly<FieldBounds> = Object.freeze({ min: 0, max: 250000, step: 0.5 });

/**
 * Field bounds of the stand-alone calculator component (finance page).
 *
 * Spec (section 5): purchase price min 1000 (5000 for one lender or dealer configuration), max
 * 250000 (`finance.calculator.purchaseMin` / `purchaseMax`); term 1 to 7 step 0.5
 * (`finance.calculator.term`); interest 0.5 to 15 step 0.5, variants 7.5-14.5 and 4-20
 * (`finance.calculator.interest`); trade-in and residual 0 to 250000 step 0.5. Every field is
 * optional.
 */
export function calculatorComponentFields(finance: Pick<FinanceConfig, 'calculator'>): CalculatorComponentFields {
  const { calculator } = finance;
  return {
    purchasePrice: { min: calculator.purchaseMin, max: calculator.purchaseMax },
    term: { ...calculator.term },
    interest: { ...calculator.interest },
    tradeIn: { ...TRADE_IN_RESIDUAL_BOUNDS },
    residual: { ...TRADE_IN_RESIDUAL_BOUNDS },
  };
}

/**
 * A typed number with every non-numeric character removed. Spec (section 5): non-numeric
 * characters are stripped: '$25,000abc' gives 25000. Digits and the first decimal point are
 * kept (later points are dropped; a minus sign is stripped too). Returns undefined when nothing
 * numeric is left, since every field is optional.
 */
export function parseNumericInput(text: string): number | undefined {
  const kept = text.replace(/[^0-9.]/g, '');
  const point = kept.indexOf('.');
  const cleaned = point === -1 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, '');
  if (!/[0-9]/.test(cleaned)) return undefined;
  return Number(cleaned);
}

/**
 * Spec (section 5): a purchase price of 0 or less becomes 0. Other values stay as typed (the
 * help text, not a clamp, tells the shopper about the bounds); an empty field stays empty.
 */
export function normalisePurchasePrice(value: number | undefined): number | undefined {
  if (value === undefined || Number.isNaN(value)) return undefined;
  return value <= 0 ? 0 : value;
}

/**
 * Help text under the purchase price. Spec (section 5): at or beyond the bounds (price <= min
 * or price >= max) it reads 'Cannot be less than {min} or more than {max}' in currency, e.g.
 * 'Cannot be less than $1,000 or more than $250,000'. Strictly inside the bounds, and for an
 * empty field, there is none (null).
 */
export function purchasePriceHelpText(
  value: number | undefined,
  bounds: CalculatorComponentFields['purchasePrice'],
): string | null {
  if (value === undefined || Number.isNaN(value)) return null;
  if (value > bounds.min && value < bounds.max) return null;
  return `Cannot be less than ${formatPrice(bounds.min)} or more than ${formatPrice(bounds.max)}`;
}

// ---------------------------------------------------------------- analytics

/** Whether the shopper has changed a calculator input yet. */
export interface FirstChangeState {
  readonly changed: boolean;
}

export const INITIAL_FIRST_CHANGE_STATE: FirstChangeState = Object.freeze({ changed: false });

/**
 * Call on every change to any calculator input. Spec (section 4): the first change fires one
 * analytics event (eventId 26, `EVENT_FINANCE_FIRST_CHANGE` in analytics.ts), once; later changes
 * fire nothing.
 */
export function firstChangeEvent(state: FirstChangeState): {
  event?: { eventId: typeof EVENT_FINANCE_FIRST_CHANGE };
  state: FirstChangeState;
} {
  if (state.changed) return { state };
  return { event: { eventId: EVENT_FINANCE_FIRST_CHANGE }, state: { changed: true } };
}

// ---------------------------------------------------------------- advertised repayment

/**
 * What an advertised repayment is worked out on, and what its disclaimer states: the vehicle's finance
 * price, the lender's deposit, term, rate and final (balloon) payment, the establishment fee, and the
 * frequency. One basis per vehicle serves the finance block, the result card, the search's weekly
 * repayment bands and the calculator's starting state, so a shopper never sees two figures for one car.
 */
export interface RepaymentBasis {
  /** The vehicle's finance price ({@link financePrice}). */
  price: number;
  /** The lender's deposit, dollars (0 when it gives none). */
  deposit: number;
  /** The lender's final (balloon) payment, dollars (0 when none). */
  balloon: number;
  /** The lender's term in years, or the site's default term when the lender gives none. */
  years: number;
  /** The lender's interest rate, percent per year. */
  rate: number;
  /** The establishment fee added to the loan ({@link establishmentFee}). */
  establishmentFee: number;
  frequency: FinanceFrequency;
}

/** The calculator input that reproduces a basis. */
export function basisInput(basis: RepaymentBasis): RepaymentInput {
  return { amount: basis.price, deposit: basis.deposit, residual: basis.balloon, term: basis.years, interest: basis.rate, frequency: basis.frequency };
}

export interface AdvertisedRepayment {
  basis: RepaymentBasis;
  /** A figure, or 'Enquire for Finance' when it would be 25 or less. */
  repayment: Repayment;
  provider: FinanceProviderConfig;
  lender: FinanceLenderInfo;
}

/**
 * The repayment a vehicle is advertised at where no shopper has entered anything: {@link calculateRepayment}
 * on its {@link RepaymentBasis} at the site's default frequency (weekly; monthly on monthly-only sites). Null
 * where the finance rules show no figure ({@link financeEligibility}).
 */
export function advertisedRepayment(site: { finance: FinanceConfig; timeZone?: string }, vehicle: FinanceVehicle, now: Date): AdvertisedRepayment | null {
  const eligibility = financeEligibility(site, vehicle, now);
  if (!eligibility.eligible) return null;
  const { provider, lender } = eligibility;
  const basis: RepaymentBasis = {
    price: financePrice(vehicle),
    deposit: finite(lender.deposit) && lender.deposit > 0 ? lender.deposit : 0,
    balloon: finite(lender.balloon) && lender.balloon > 0 ? lender.balloon : 0,
    years: finite(lender.termYears) && lender.termYears > 0 ? lender.termYears : site.finance.defaultTerm,
    rate: lender.interestRate!,
    establishmentFee: establishmentFee(provider, lender),
    frequency: defaultFrequency(site.finance),
  };
  return { basis, repayment: calculateRepayment(basisInput(basis), { provider, lender }), provider, lender };
}

/**
 * The weekly figure of {@link advertisedRepayment} (result cards, the search's weekly repayment bands); null
 * where there is none: not eligible, a monthly-only site, or 'Enquire for Finance'.
 */
export function advertisedWeeklyRepayment(site: { finance: FinanceConfig; timeZone?: string }, vehicle: FinanceVehicle, now: Date): number | null {
  const advertised = advertisedRepayment(site, vehicle, now);
  if (!advertised || advertised.basis.frequency.value !== 52) return null;
  return advertised.repayment.kind === 'payment' ? advertised.repayment.payment : null;
}
