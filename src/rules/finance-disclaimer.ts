/**
 * The finance disclaimer: its text (built from the site's finance config, or the lender's own)
 * and how it collapses.
 *
 * Spec: stock-search-and-vehicle-page.md sections 4 (disclaimer toggle) and 9 (disclaimer cut at
 * 197, its content, listed fees, comparison-rate footnote); site-wide-and-dealer-areas.md
 * section 9 (10.0% deposit and 30.0% final payment). Reference: docs/rules/finance.md.
 */
import type { FinanceLenderInfo } from '../schemas/finance.ts';
import { formatDollarsAndCents, type Repayment, type RepaymentBasis } from './finance-calculator.ts';
import type { FinanceConfig } from './finance-eligibility.ts';
import { formatPrice } from './pricing.ts';

// ---------------------------------------------------------------- collapsing

/** Spec: the finance disclaimer is cut to 197 characters when collapsed. */
export const DISCLAIMER_COLLAPSED_LENGTH = 197;
/** Spec: the disclaimer is expanded by default. */
export const DISCLAIMER_EXPANDED_BY_DEFAULT = true;

/**
 * The collapsed text: unchanged up to 197 characters; longer text keeps its first 197
 * characters (trailing spaces dropped) followed by '...'.
 */
export function collapseDisclaimer(text: string): string {
  if (text.length <= DISCLAIMER_COLLAPSED_LENGTH) return text;
  return `${text.slice(0, DISCLAIMER_COLLAPSED_LENGTH).trimEnd()}...`;
}

export interface DisclaimerView {
  /** The text to show. */
  text: string;
  /** Whether the show more/less toggle is shown. */
  showToggle: boolean;
  /** Whether the full text is shown. */
  expanded: boolean;
}

/**
 * What the disclaimer shows. Spec (section 4): expanded by default and toggles; cut to 197
 * characters when collapsed; the toggle is hidden in one dealer configuration
 * (`finance.disclaimerToggle: false`). The toggle shows only when it is enabled and the text is
 * longer than 197 characters; without a toggle the full text always shows.
 */
export function disclaimerView(
  text: string,
  options: { toggleEnabled: boolean; expanded?: boolean },
): DisclaimerView {
  const showToggle = options.toggleEnabled && text.length > DISCLAIMER_COLLAPSED_LENGTH;
  const expanded = !showToggle || (options.expanded ?? DISCLAIMER_EXPANDED_BY_DEFAULT);
  return { text: expanded ? text : collapseDisclaimer(text), showToggle, expanded };
}

// ---------------------------------------------------------------- text

/**
 * The comparison-rate example: a 5-year secured fixed loan of $30,000. This is the example
 * Australian credit law fixes for comparison rates, so it does not follow the site's calculator
 * defaults.
 */
export const COMPARISON_RATE_EXAMPLE = Object.freeze({ years: 5, amount: 30000 });

type DisclaimerConfig = Pick<
  FinanceConfig,
  'provider' | 'disclaimerDepositPercent' | 'disclaimerFinalPaymentPercent' | 'listedFees'
>;

/** A listed fee as shown: { label: 'Dealer agency fee', amount: '$912.25' }. */
export function formatListedFees(fees: FinanceConfig['listedFees']): Array<{ label: string; amount: string }> {
  return fees.map((fee) => ({ label: fee.label, amount: formatDollarsAndCents(fee.amount) }));
}

/**
 * One sentence listing `finance.listedFees`, e.g. 'Fees include: Establishment fee $395, Vehicle
 * security registration $6, ...', or '' when none are listed. Spec: one dealer configuration
 * lists establishment $395, vehicle security registration $6, monthly account administration
 * $8, dealer agency $912.25.
 */
export function listedFeesSentence(fees: FinanceConfig['listedFees']): string {
  if (fees.length === 0) return '';
  return `Fees include: ${formatListedFees(fees)
    .map((fee) => `${fee.label} ${fee.amount}`)
    .join(', ')}.`;
}

/**
 * Spec: one provider's text states it is a licensed credit provider and that the figure is an
 * estimate (`provider.licensedCreditProviderText`). '' when not configured.
 */
export function licensedCreditProviderSentence(provider: FinanceConfig['provider']): string {
  if (!provider?.licensedCreditProviderText) return '';
  return `${provider.name} is a licensed credit provider. The repayment shown is an estimate only.`;
}

function percent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/**
 * The standard finance disclaimer built from the site's finance config.
 *
 * Spec (section 9; site-wide section 9): the repayment is indicative only and not a binding quote; it does
 * not take the shopper's financial situation into account; finance is for approved applicants only, and
 * terms, fees, charges and lending criteria apply; the deposit and final payment assumed ('10.0% deposit
 * and 30.0% final payment', from `finance.disclaimerDepositPercent` / `disclaimerFinalPaymentPercent`),
 * left out where a vehicle's own figures are stated ({@link repaymentBasisSentence}); the comparison-rate
 * footnote (a 5-year secured fixed loan of $30,000); the licensed-credit-provider sentence when
 * configured; the listed fees when any.
 */
export function standardFinanceDisclaimer(finance: DisclaimerConfig, options: { basisStated?: boolean } = {}): string {
  const { years, amount } = COMPARISON_RATE_EXAMPLE;
  return [
    'Repayments shown are indicative only and are not a binding quote or an offer of finance.',
    'They are general information and do not take into account your objectives, financial situation or needs.',
    'Finance is available to approved applicants only; terms and conditions, fees, charges and lending criteria apply.',
    options.basisStated ? '' : `Estimates assume a ${percent(finance.disclaimerDepositPercent)} deposit and ${percent(finance.disclaimerFinalPaymentPercent)} final payment.`,
    `*The comparison rate is based on a ${years}-year secured fixed loan of ${formatPrice(amount)}.`,
    'WARNING: this comparison rate is true only for the example given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.',
    licensedCreditProviderSentence(finance.provider),
    listedFeesSentence(finance.listedFees),
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
}

/**
 * The disclaimer under a vehicle's finance figures, after the sentence that states what the figure is
 * worked out on ({@link repaymentBasisSentence}, shown first): the lender's own disclaimer followed by what
 * only the site knows (the licensed-credit-provider sentence and the listed fees), or the
 * {@link standardFinanceDisclaimer} (without its assumed deposit and final payment where the basis is stated).
 */
export function vehicleFinanceDisclaimer(
  finance: DisclaimerConfig,
  lender: Pick<FinanceLenderInfo, 'disclaimer'> | null | undefined,
  options: { basisStated?: boolean } = {},
): string {
  const own = lender?.disclaimer?.trim();
  if (!own) return standardFinanceDisclaimer(finance, options);
  return [own, licensedCreditProviderSentence(finance.provider), listedFeesSentence(finance.listedFees)]
    .filter((sentence) => sentence !== '')
    .join(' ');
}

// ---------------------------------------------------------------- the figure's basis

const PER_PERIOD: Readonly<Record<number, string>> = Object.freeze({ 52: 'per week', 26: 'per fortnight', 12: 'per month' });

/** 5 gives '5 years', 1 gives '1 year', 4.5 gives '4.5 years'. */
function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** 8.5 gives '8.5%', 10.95 gives '10.95%'. */
function rateText(rate: number): string {
  return `${Math.round(rate * 100) / 100}%`;
}

/**
 * The disclaimer's first sentence: the figure shown and every number it is worked out on, e.g. '*The
 * estimate of $151 per week is worked out on a price of $24,990, less a deposit of $2,499, plus an
 * establishment fee of $1,300, over 5 years at 8.5% p.a., with a final (balloon) payment of $7,497.' A
 * figure of 25 or less ('Enquire for Finance') says so instead. The calculator rewrites it as the shopper
 * changes the inputs, so the figure and the numbers under it always agree.
 */
export function repaymentBasisSentence(basis: RepaymentBasis, repayment: Repayment): string {
  const terms = [
    `a price of ${formatDollarsAndCents(basis.price)}`,
    basis.deposit > 0 ? `less a deposit of ${formatDollarsAndCents(basis.deposit)}` : 'with no deposit',
    ...(basis.establishmentFee > 0 ? [`plus an establishment fee of ${formatDollarsAndCents(basis.establishmentFee)}`] : []),
    `over ${yearsText(basis.years)} at ${rateText(basis.rate)} p.a.`,
    basis.balloon > 0 ? `with a final (balloon) payment of ${formatDollarsAndCents(basis.balloon)}` : 'with no final (balloon) payment',
  ].join(', ');
  const per = PER_PERIOD[basis.frequency.value] ?? 'per period';
  return repayment.kind === 'payment'
    ? `*The estimate of ${formatPrice(repayment.payment)} ${per} is worked out on ${terms}.`
    : `*Repayments worked out on ${terms} are too small to estimate here: please enquire for finance.`;
}
