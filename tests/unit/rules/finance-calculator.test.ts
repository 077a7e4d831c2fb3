import { describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs, parseSiteConfig } from '../../../src/data/site-config.ts';
import {
  amortisedPayment,
  calculateRepayment,
  calculatorComponentFields,
  comparisonRateRange,
  defaultCalculatorComponentState,
  advertisedRepayment,
  advertisedWeeklyRepayment,
  basisInput,
  defaultFrequency,
  establishmentFee,
  firstChangeEvent,
  formatComparisonRate,
  formatDollarsAndCents,
  frequencyOptions,
  INITIAL_FIRST_CHANGE_STATE,
  lenderQuoteFor,
  loanPrincipal,
  normalisePurchasePrice,
  parseComparisonRange,
  parseNumericInput,
  purchasePriceHelpText,
  repaymentText,
  roundRepayment,
  vehicleFinanceCalculator,
  type RepaymentInput,
} from '../../../src/rules/finance-calculator.ts';
import type { FinanceVehicle } from '../../../src/rules/finance-eligibility.ts';
import type { FinanceLenderInfo } from '../../../src/schemas/finance.ts';
import type { SiteConfig } from '../../../src/schemas/site-config.ts';

const MINIMAL = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n';
const defaults = parseSiteConfig(MINIMAL, 'sites/test-motors.yaml');
function siteWith(finance: string): SiteConfig {
  return parseSiteConfig(`${MINIMAL}finance:\n${finance}`, 'sites/test-motors.yaml');
}
const demo = loadAllSiteConfigs('sites');
const bayside = findSite(demo, 'bayside-mg');
const northside = findSite(demo, 'northside-used');
const summit = findSite(demo, 'summit-motor-group');

const WEEKLY = { name: 'Weekly', value: 52 } as const;
const FORTNIGHTLY = { name: 'Fortnightly', value: 26 } as const;
const MONTHLY = { name: 'Monthly', value: 12 } as const;

function state(over: Partial<RepaymentInput> = {}): RepaymentInput {
  return { amount: 30000, term: 5, interest: 10, frequency: MONTHLY, ...over };
}

/** Runs the loan period by period: what is still owed after every repayment is made. */
function balanceAfterAllPayments(principal: number, ratePercent: number, years: number, perYear: number, payment: number): number {
  const r = ratePercent / 100 / perYear;
  let balance = principal;
  for (let i = 0; i < years * perYear; i++) balance = balance * (1 + r) - payment;
  return balance;
}

describe('amortised repayment', () => {
  it('matches the textbook figure: $30,000 at 10% over 5 years is $637.41 a month', () => {
    expect(amortisedPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 12 })).toBeCloseTo(637.41, 2);
  });

  it('divides the yearly rate by the periods per year', () => {
    expect(amortisedPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 52 })).toBeCloseTo(146.73, 2);
    expect(amortisedPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 26 })).toBeCloseTo(293.68, 2);
  });

  it('discounts the residual: a $9,000 balloon brings $637.41 down to $521.19', () => {
    expect(
      amortisedPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 12, residual: 9000 }),
    ).toBeCloseTo(521.19, 2);
  });

  it('pays the loan down to exactly the residual', () => {
    const payment = amortisedPayment({ principal: 28300, annualRatePercent: 8.5, years: 4.5, periodsPerYear: 26, residual: 8490 });
    expect(balanceAfterAllPayments(28300, 8.5, 4.5, 26, payment)).toBeCloseTo(8490, 6);
  });

  it('handles 0% interest as a straight division', () => {
    expect(amortisedPayment({ principal: 20000, annualRatePercent: 0, years: 2, periodsPerYear: 12, residual: 2000 })).toBe(750);
  });

  it('cannot be worked out for a term of 0', () => {
    expect(amortisedPayment({ principal: 20000, annualRatePercent: 10, years: 0, periodsPerYear: 12 })).toBeNaN();
  });
});

describe('principal and establishment fee', () => {
  it('uses the provider fee before the lender fee, else 0', () => {
    expect(establishmentFee({ establishmentFee: 1300 }, { establishmentFees: 395 })).toBe(1300);
    expect(establishmentFee({ establishmentFee: 0 }, { establishmentFees: 395 })).toBe(0);
    expect(establishmentFee({}, { establishmentFees: 395 })).toBe(395);
    expect(establishmentFee({}, { establishmentFees: null })).toBe(0);
    expect(establishmentFee(null, null)).toBe(0);
  });

  it('takes the demo providers fees: 1300 (Bayside MG) and 1360.5 (Northside)', () => {
    expect(establishmentFee(bayside.finance.provider, { establishmentFees: 395 })).toBe(1300);
    expect(establishmentFee(northside.finance.provider, { establishmentFees: 395 })).toBe(1360.5);
    expect(establishmentFee(summit.finance.provider, { establishmentFees: 395 })).toBe(395);
  });

  it('is the amount minus the lender deposit plus the fee', () => {
    expect(loanPrincipal({ amount: 30000 }, { establishmentFee: 1300 }, { deposit: 3000, establishmentFees: null })).toBe(28300);
  });

  it('lets a trade-in above 0 replace the lender deposit', () => {
    const lender = { deposit: 3000, establishmentFees: null };
    expect(loanPrincipal({ amount: 30000, tradeIn: 5000 }, { establishmentFee: 1300 }, lender)).toBe(26300);
    expect(loanPrincipal({ amount: 30000, tradeIn: 0 }, { establishmentFee: 1300 }, lender)).toBe(28300);
    expect(loanPrincipal({ amount: 30000, tradeIn: 5000 }, null, null)).toBe(25000);
  });

  it("takes a deposit the shopper set, 0 included, before the trade-in and the lender's deposit", () => {
    const lender = { deposit: 3000, establishmentFees: null };
    expect(loanPrincipal({ amount: 30000, deposit: 0, tradeIn: 5000 }, { establishmentFee: 1300 }, lender)).toBe(31300);
    expect(loanPrincipal({ amount: 30000, deposit: 4000 }, { establishmentFee: 1300 }, lender)).toBe(27300);
  });
});

describe('rounding the repayment', () => {
  it('rounds up to a whole dollar', () => {
    expect(roundRepayment(637.41, 'up', null)).toBe(638);
    expect(roundRepayment(637.000001, 'up', null)).toBe(638);
    expect(roundRepayment(637, 'up', null)).toBe(637);
  });

  it('rounds up even when the lender quotes a lower figure, unless the provider rounds to the quote', () => {
    expect(roundRepayment(43.69, 'up', 43)).toBe(44);
    const input = state({ amount: 10000, interest: 0, frequency: WEEKLY });
    // Bayside MG rounds up: 11,300 over 260 weeks is 43.46, shown as 44 although the lender quotes 43.
    expect(calculateRepayment(input, { provider: bayside.finance.provider, lender: { paymentWeek: 43 } })).toMatchObject({ payment: 44 });
  });

  it('does not add a dollar for floating-point noise', () => {
    expect(roundRepayment(100.00000000000001, 'up', null)).toBe(100);
  });

  it('nearest-to-quote: takes the whole dollar closer to the lender quote, the lower one on a tie', () => {
    expect(roundRepayment(43.69, 'nearest-to-quote', 43)).toBe(43);
    expect(roundRepayment(43.69, 'nearest-to-quote', 44)).toBe(44);
    expect(roundRepayment(43.69, 'nearest-to-quote', 43.5)).toBe(43);
    expect(roundRepayment(43.69, 'nearest-to-quote', 43.51)).toBe(44);
    expect(roundRepayment(43.69, 'nearest-to-quote', 10)).toBe(43);
    expect(roundRepayment(43.69, 'nearest-to-quote', 99)).toBe(44);
  });

  it('nearest-to-quote: rounds up without a quote, and leaves whole dollars alone', () => {
    expect(roundRepayment(43.69, 'nearest-to-quote', null)).toBe(44);
    expect(roundRepayment(43, 'nearest-to-quote', 99)).toBe(43);
  });

  it('compares with the weekly quote for weekly, the monthly quote for monthly, none for fortnightly', () => {
    const lender = { paymentWeek: 129, paymentMonth: 559 };
    expect(lenderQuoteFor(lender, 52)).toBe(129);
    expect(lenderQuoteFor(lender, 12)).toBe(559);
    expect(lenderQuoteFor(lender, 26)).toBeNull();
    expect(lenderQuoteFor({ paymentWeek: null, paymentMonth: null }, 52)).toBeNull();
  });
});

describe('calculated repayment and total', () => {
  it('shows $638 a month and $38,280 in total for $30,000 at 10% over 5 years', () => {
    expect(calculateRepayment(state())).toEqual({
      kind: 'payment',
      payment: 638,
      total: 38280,
      principal: 30000,
      establishmentFee: 0,
      paymentText: '$638 /mo*',
      totalText: '$38,280',
    });
  });

  it('labels each frequency: /wk*, /fn*, /mo*', () => {
    expect(calculateRepayment(state({ frequency: WEEKLY }))).toMatchObject({ payment: 147, total: 260 * 147, paymentText: '$147 /wk*' });
    expect(calculateRepayment(state({ frequency: FORTNIGHTLY }))).toMatchObject({ payment: 294, total: 130 * 294, paymentText: '$294 /fn*' });
  });

  it('adds the establishment fee to the principal and to the total (Bayside MG: 1300)', () => {
    const result = calculateRepayment(state({ interest: 8.5 }), { provider: bayside.finance.provider });
    // 31,300 at 8.5% over 60 months is 642.17, rounded up.
    expect(result).toMatchObject({ payment: 643, principal: 31300, total: 60 * 643 + 1300, totalText: '$39,880' });
  });

  it('takes the lender deposit off the amount', () => {
    const lender: FinanceLenderInfo = { deposit: 3000, establishmentFees: 395 };
    // 30,000 - 3,000 + 395 = 27,395 at 10% monthly over 5 years: 582.06 -> 583.
    expect(calculateRepayment(state(), { lender })).toMatchObject({ principal: 27395, payment: 583, total: 60 * 583 + 395 });
  });

  it('shows Enquire for Finance and a blank total at 25 or less, the figure from 26', () => {
    const at25 = state({ amount: 1300, term: 1, interest: 0, frequency: WEEKLY });
    expect(calculateRepayment(at25)).toEqual({
      kind: 'enquire',
      payment: null,
      total: null,
      paymentText: 'Enquire for Finance',
      totalText: '',
    });
    // 1301 / 52 = 25.02, rounded up to 26.
    expect(calculateRepayment({ ...at25, amount: 1301 })).toMatchObject({ payment: 26, paymentText: '$26 /wk*', total: 1352 });
  });

  it('shows Enquire for Finance when a trade-in covers the amount, or the term is 0', () => {
    expect(calculateRepayment(state({ tradeIn: 40000 })).kind).toBe('enquire');
    expect(calculateRepayment(state({ term: 0 })).kind).toBe('enquire');
  });

  it('nearest-to-quote (Northside): 11,360.50 over 260 weeks is 43.69, shown as the lender quote', () => {
    const input = state({ amount: 10000, interest: 0, frequency: WEEKLY });
    const provider = northside.finance.provider;
    expect(calculateRepayment(input, { provider, lender: { paymentWeek: 43 } })).toMatchObject({ payment: 43, total: 260 * 43 + 1360.5 });
    expect(calculateRepayment(input, { provider, lender: { paymentWeek: 44 } })).toMatchObject({ payment: 44 });
    expect(calculateRepayment(input, { provider, lender: {} })).toMatchObject({ payment: 44 });
    // Fortnightly has no lender quote: 87.39 rounds up.
    expect(calculateRepayment({ ...input, frequency: FORTNIGHTLY }, { provider, lender: { paymentWeek: 43 } })).toMatchObject({ payment: 88 });
  });

  it('shows the total in whole dollars', () => {
    const input = state({ amount: 10000, interest: 0, frequency: WEEKLY });
    expect(calculateRepayment(input, { provider: northside.finance.provider, lender: { paymentWeek: 43 } }).totalText).toBe('$12,541');
  });
});

describe('display helpers', () => {
  it('writes a repayment as "{amount} /{label}*"', () => {
    expect(repaymentText(123, 52)).toBe('$123 /wk*');
    expect(repaymentText(1234, 26)).toBe('$1,234 /fn*');
    expect(repaymentText(559, 12)).toBe('$559 /mo*');
    expect(repaymentText(6708, 1)).toBe('$6,708 /yr*');
    expect(() => repaymentText(10, 13)).toThrow(/52, 26, 12 or 1/);
  });

  it('shows the comparison rate to 2 decimals', () => {
    expect(formatComparisonRate(9.87)).toBe('9.87%');
    expect(formatComparisonRate(9.8)).toBe('9.80%');
    expect(formatComparisonRate(9.875)).toBe('9.88%');
    expect(formatComparisonRate(1.005)).toBe('1.01%');
  });

  it('shows fees with cents only when there are any', () => {
    expect(formatDollarsAndCents(395)).toBe('$395');
    expect(formatDollarsAndCents(912.25)).toBe('$912.25');
    expect(formatDollarsAndCents(1360.5)).toBe('$1,360.50');
  });

  it('offers weekly, fortnightly and monthly, or monthly only', () => {
    expect(frequencyOptions(defaults.finance)).toEqual([WEEKLY, FORTNIGHTLY, MONTHLY]);
    expect(frequencyOptions(siteWith('  monthlyOnly: true\n').finance)).toEqual([MONTHLY]);
    expect(defaultFrequency(defaults.finance)).toEqual(WEEKLY);
    expect(defaultFrequency(siteWith('  monthlyOnly: true\n').finance)).toEqual(MONTHLY);
  });
});

describe('comparison-rate range', () => {
  it('reads "8.38% to 19.42%" and "between 8.38% p.a. and 19.42% p.a."', () => {
    expect(parseComparisonRange('Comparison rates from 8.38% to 19.42% p.a.')).toEqual([8.38, 19.42]);
    expect(parseComparisonRange('Comparison rates between 8.38% p.a. and 19.42% p.a. apply.')).toEqual([8.38, 19.42]);
    expect(parseComparisonRange('Rates 8.38%-19.42%')).toEqual([8.38, 19.42]);
    expect(parseComparisonRange('from 19.42% to 8.38%')).toEqual([8.38, 19.42]);
  });

  it('skips a single rate before the range (the demo lender text)', () => {
    const text =
      'Indicative only, not a quote. Based on a 5-year secured fixed loan of $30,000 at 10.95% p.a. Comparison rate range 8.38% to 19.42% p.a.';
    expect(parseComparisonRange(text)).toEqual([8.38, 19.42]);
  });

  it('does not read a deposit and final payment as a range', () => {
    expect(parseComparisonRange('Based on a 10.0% deposit and 30.0% final payment.')).toBeNull();
    expect(parseComparisonRange('Comparison rate 9.87% p.a.')).toBeNull();
    expect(parseComparisonRange('')).toBeNull();
    expect(parseComparisonRange(null)).toBeNull();
  });

  it('takes the configured range first (8.38% and 19.42% for Bayside MG), else the disclaimer, else blank', () => {
    const lender = { disclaimer: 'Comparison rates 5% to 6%.' };
    expect(comparisonRateRange(bayside.finance.provider, lender)).toEqual({ min: '8.38%', max: '19.42%' });
    expect(comparisonRateRange(northside.finance.provider, lender)).toEqual({ min: '5.00%', max: '6.00%' });
    expect(comparisonRateRange(northside.finance.provider, { disclaimer: null })).toEqual({ min: '', max: '' });
  });
});

describe('advertised repayment (vehicle page, result card, calculator start)', () => {
  const NOW = new Date('2025-06-15T02:00:00Z');
  const quickfin = { interestRate: 10.95, comparisonRate: 11.55, paymentWeek: 120, deposit: 464, balloon: 1392, termYears: 5, establishmentFees: 395 };
  const mazda: FinanceVehicle = { year: 2018, make: 'Mazda', price: 4640, status: 'in_stock', finance_lenders: { quickfin } };

  it("works the figure out on the vehicle's own price and the lender's deposit, term, rate and balloon, never a default amount", () => {
    const advertised = advertisedRepayment(northside, mazda, NOW)!;
    expect(advertised.basis).toEqual({ price: 4640, deposit: 464, balloon: 1392, years: 5, rate: 10.95, establishmentFee: 1360.5, frequency: WEEKLY });
    // 4,640 - 464 + 1,360.50 = 5,536.50 at 10.95% over 260 weeks with 1,392 discounted: about $23.85 a week, so
    // the spec's 'Enquire for Finance' (25 or less), where a $30,000 default gave '$151 /wk'.
    expect(advertised.repayment).toMatchObject({ kind: 'enquire', paymentText: 'Enquire for Finance' });
    const dearer = advertisedRepayment(northside, { ...mazda, price: 24990, finance_lenders: { quickfin: { ...quickfin, deposit: 2499, balloon: 7497 } } }, NOW)!;
    const exact = amortisedPayment({ principal: 24990 - 2499 + 1360.5, annualRatePercent: 10.95, years: 5, periodsPerYear: 52, residual: 7497 });
    // QuickFin rounds to whichever whole dollar is nearer its quoted $120.
    expect(dearer.repayment.payment).toBe(Math.abs(Math.floor(exact) - 120) <= Math.abs(Math.ceil(exact) - 120) ? Math.floor(exact) : Math.ceil(exact));
  });

  it("uses the offer price, the site's default term when the lender gives none, and monthly figures on monthly-only sites", () => {
    const offer = advertisedRepayment(northside, { ...mazda, price: 26990, offer_price: 24990, finance_lenders: { quickfin: { ...quickfin, termYears: null } } }, NOW)!;
    expect(offer.basis).toMatchObject({ price: 24990, years: northside.finance.defaultTerm });
    const monthly = siteWith('  monthlyOnly: true\n  provider: { key: quickfin, name: QuickFin, eligibility: weekly-payment }\n');
    expect(advertisedRepayment(monthly, { ...mazda, price: 24990 }, NOW)!.basis.frequency).toEqual(MONTHLY);
    expect(advertisedWeeklyRepayment(monthly, { ...mazda, price: 24990 }, NOW)).toBeNull();
  });

  it('gives nothing where the vehicle is not eligible', () => {
    expect(advertisedRepayment(northside, { ...mazda, status: 'sold' }, NOW)).toBeNull();
    expect(advertisedRepayment(defaults, mazda, NOW)).toBeNull();
  });

  it('is reproduced by the calculator from its basis', () => {
    const advertised = advertisedRepayment(bayside, { year: 2024, make: 'MG', price: 30000, status: 'in_stock', finance_lenders: { mgfinance: { interestRate: 10.95, comparisonRate: 11.55, paymentMonth: 600, deposit: 3000, balloon: 9000, termYears: 5 } } }, NOW)!;
    expect(calculateRepayment(basisInput(advertised.basis), { provider: advertised.provider, lender: advertised.lender })).toEqual(advertised.repayment);
    // Bayside's own 8.5% is a calculator setting, not what this lender's figure is worked out on.
    expect(advertised.basis.rate).toBe(10.95);
  });
});

describe('default calculator component state (finance page)', () => {
  it('starts at 5 years and the site interest rate: 10, 8.5 (Bayside MG), 7.5 (Summit)', () => {
    expect(defaultCalculatorComponentState(defaults.finance)).toMatchObject({ amount: 30000, term: 5, interest: 10, frequency: WEEKLY });
    expect(defaultCalculatorComponentState(bayside.finance)).toMatchObject({ term: 5, interest: 8.5 });
    expect(defaultCalculatorComponentState(summit.finance)).toMatchObject({ term: 5, interest: 7.5 });
  });
});

describe('vehicle-page calculator', () => {
  const NOW = new Date('2025-06-15T02:00:00Z');
  const mg: FinanceVehicle = {
    year: 2024,
    make: 'MG',
    price: 30000,
    status: 'in_stock',
    finance_lenders: {
      mgfinance: { interestRate: 8.5, comparisonRate: 9.8, paymentWeek: 134, paymentMonth: 581, deposit: 3000, establishmentFees: 395 },
    },
  };
  const input = state({ interest: 8.5 });

  it('works out the repayment with the provider fee and the lender deposit', () => {
    // 30,000 - 3,000 + 1,300 = 28,300 at 8.5% over 60 months: 580.62, rounded up.
    expect(vehicleFinanceCalculator(bayside, mg, input, NOW)).toEqual({
      eligible: true,
      reason: null,
      payment: 581,
      total: 60 * 581 + 1300,
      paymentText: '$581 /mo*',
      totalText: '$36,160',
      comparisonRateText: '9.80%',
      comparisonRange: { min: '8.38%', max: '19.42%' },
    });
  });

  it('returns empty values and blank comparison ranges when the vehicle is not eligible', () => {
    expect(vehicleFinanceCalculator(bayside, { ...mg, status: 'sold' }, input, NOW)).toEqual({
      eligible: false,
      reason: 'not-available',
      payment: null,
      total: null,
      paymentText: '',
      totalText: '',
      comparisonRateText: '',
      comparisonRange: { min: '', max: '' },
    });
  });

  it('keeps the comparison figures when the repayment is too small to show', () => {
    const view = vehicleFinanceCalculator(bayside, mg, state({ amount: 1000, term: 7, frequency: WEEKLY }), NOW);
    expect(view).toMatchObject({ eligible: true, paymentText: 'Enquire for Finance', totalText: '', comparisonRateText: '9.80%' });
  });
});

describe('calculator component fields (finance page)', () => {
  it('has the platform bounds', () => {
    expect(calculatorComponentFields(defaults.finance)).toEqual({
      purchasePrice: { min: 1000, max: 250000 },
      term: { min: 1, max: 7, step: 0.5 },
      interest: { min: 0.5, max: 15, step: 0.5 },
      tradeIn: { min: 0, max: 250000, step: 0.5 },
      residual: { min: 0, max: 250000, step: 0.5 },
    });
  });

  it('takes the dealer variants: purchase min 5000 and interest 7.5-14.5 (Summit), interest 4-20 (Bayside MG)', () => {
    expect(calculatorComponentFields(summit.finance)).toMatchObject({
      purchasePrice: { min: 5000, max: 250000 },
      interest: { min: 7.5, max: 14.5, step: 0.5 },
    });
    expect(calculatorComponentFields(bayside.finance).interest).toEqual({ min: 4, max: 20, step: 0.5 });
  });

  it('strips non-numeric characters from typed input', () => {
    expect(parseNumericInput('$25,000abc')).toBe(25000);
    expect(parseNumericInput('12.5')).toBe(12.5);
    expect(parseNumericInput('1.2.3')).toBe(1.23);
    expect(parseNumericInput('-500')).toBe(500);
    expect(parseNumericInput('0')).toBe(0);
  });

  it('leaves a field with nothing numeric empty (every field is optional)', () => {
    expect(parseNumericInput('')).toBeUndefined();
    expect(parseNumericInput('abc')).toBeUndefined();
    expect(parseNumericInput('.')).toBeUndefined();
  });

  it('turns a purchase price of 0 or less into 0', () => {
    expect(normalisePurchasePrice(-1)).toBe(0);
    expect(normalisePurchasePrice(0)).toBe(0);
    expect(normalisePurchasePrice(0.5)).toBe(0.5);
    expect(normalisePurchasePrice(300000)).toBe(300000);
    expect(normalisePurchasePrice(undefined)).toBeUndefined();
  });

  it('shows the help text at or beyond either bound, in dollars', () => {
    const bounds = calculatorComponentFields(defaults.finance).purchasePrice;
    const text = 'Cannot be less than $1,000 or more than $250,000';
    expect(purchasePriceHelpText(0, bounds)).toBe(text);
    expect(purchasePriceHelpText(1000, bounds)).toBe(text);
    expect(purchasePriceHelpText(1001, bounds)).toBeNull();
    expect(purchasePriceHelpText(249999, bounds)).toBeNull();
    expect(purchasePriceHelpText(250000, bounds)).toBe(text);
    expect(purchasePriceHelpText(250001, bounds)).toBe(text);
    expect(purchasePriceHelpText(undefined, bounds)).toBeNull();
  });

  it('names the dealer minimum (Summit: $5,000)', () => {
    const bounds = calculatorComponentFields(summit.finance).purchasePrice;
    expect(purchasePriceHelpText(5000, bounds)).toBe('Cannot be less than $5,000 or more than $250,000');
    expect(purchasePriceHelpText(5001, bounds)).toBeNull();
  });
});

describe('first-change analytics event', () => {
  it('fires event 26 on the first change only', () => {
    const first = firstChangeEvent(INITIAL_FIRST_CHANGE_STATE);
    expect(first.event).toEqual({ eventId: 26 });
    const second = firstChangeEvent(first.state);
    expect(second.event).toBeUndefined();
    expect(firstChangeEvent(second.state).event).toBeUndefined();
  });

  it('does not change the initial state, so another calculator starts fresh', () => {
    firstChangeEvent(INITIAL_FIRST_CHANGE_STATE);
    expect(firstChangeEvent(INITIAL_FIRST_CHANGE_STATE).event).toEqual({ eventId: 26 });
  });
});
