import { describe, expect, it } from 'vitest';
import { loadAllSiteConfigs, findSite, parseSiteConfig } from '../../../src/data/site-config.ts';
import {
  financeEligibility,
  financePrice,
  lenderInfoFor,
  instantQuoteText,
  youxQuoteRequest,
  type FinanceVehicle,
} from '../../../src/rules/finance-eligibility.ts';
import type { FinanceLenderInfo } from '../../../src/schemas/finance.ts';
import type { SiteConfig } from '../../../src/schemas/site-config.ts';

const MINIMAL = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n';

/** A test site; `finance` is the YAML body of the finance section, indented by two spaces. */
function siteWith(finance: string, extra = ''): SiteConfig {
  return parseSiteConfig(`${MINIMAL}${extra}finance:\n${finance}`, 'sites/test-motors.yaml');
}

function siteOfKind(eligibility: string, more = ''): SiteConfig {
  return siteWith(`  provider: { key: acme, name: Acme Finance, eligibility: ${eligibility} }\n${more}`);
}

function lender(over: Partial<FinanceLenderInfo> = {}): FinanceLenderInfo {
  return {
    interestRate: 8.99,
    comparisonRate: 9.87,
    paymentWeek: 129,
    paymentMonth: 559,
    deposit: 2499,
    establishmentFees: 395,
    disclaimer: 'Comparison rate range 8.38% to 19.42% p.a.',
    ...over,
  };
}

function car(over: Partial<FinanceVehicle> = {}, info: Partial<FinanceLenderInfo> = {}): FinanceVehicle {
  return {
    year: 2022,
    make: 'Toyota',
    price: 24990,
    status: 'in_stock',
    dealership_id: 42,
    finance_lenders: { acme: lender(info) },
    ...over,
  };
}

// Mid-year in Brisbane, so the current year is 2025 whatever the machine's zone.
const NOW = new Date('2025-06-15T02:00:00Z');

describe('finance block eligibility: shared checks', () => {
  it('is not eligible without a configured provider', () => {
    const site = parseSiteConfig(MINIMAL, 'sites/test-motors.yaml');
    expect(financeEligibility(site, car(), NOW)).toMatchObject({ eligible: false, reason: 'no-provider' });
  });

  it('is eligible with lender figures under the provider key (availability-only provider)', () => {
    const result = financeEligibility(siteOfKind('availability-only'), car(), NOW);
    expect(result.eligible).toBe(true);
    if (result.eligible) {
      expect(result.provider.key).toBe('acme');
      expect(result.lender.interestRate).toBe(8.99);
    }
  });

  it.each([
    ['no finance_lenders at all', { finance_lenders: null }],
    ['finance_lenders missing', { finance_lenders: undefined }],
    ['only another provider', { finance_lenders: { plenti: lender() } }],
    ['an empty entry', { finance_lenders: { acme: {} as FinanceLenderInfo } }],
    ['an entry whose figures are all null', { finance_lenders: { acme: { interestRate: null, comparisonRate: null } as FinanceLenderInfo } }],
  ])('is not eligible with %s', (_label, over) => {
    expect(financeEligibility(siteOfKind('availability-only'), car(over), NOW)).toMatchObject({
      eligible: false,
      reason: 'no-lender-data',
    });
  });

  it('reads the lender figures of the configured provider only', () => {
    const site = siteOfKind('availability-only');
    const figures = lender({ interestRate: 5.5 });
    expect(lenderInfoFor(site.finance, { finance_lenders: { plenti: lender(), acme: figures } })).toBe(figures);
    expect(lenderInfoFor(parseSiteConfig(MINIMAL, 'sites/test-motors.yaml').finance, car())).toBeNull();
  });

  it('needs an interest rate (0% is a rate, null is not)', () => {
    const site = siteOfKind('availability-only');
    expect(financeEligibility(site, car({}, { interestRate: null }), NOW)).toMatchObject({ reason: 'no-interest-rate' });
    expect(financeEligibility(site, car({}, { interestRate: 0 }), NOW).eligible).toBe(true);
  });

  it('needs a comparison rate (null or missing is not eligible)', () => {
    const site = siteOfKind('availability-only');
    expect(financeEligibility(site, car({}, { comparisonRate: null }), NOW)).toMatchObject({ reason: 'no-comparison-rate' });
    expect(financeEligibility(site, car({}, { comparisonRate: undefined }), NOW)).toMatchObject({ reason: 'no-comparison-rate' });
    expect(financeEligibility(site, car({}, { comparisonRate: 0.01 }), NOW).eligible).toBe(true);
  });

  it('excludes the configured makes, ignoring case and surrounding spaces', () => {
    const site = siteOfKind('availability-only', '  excludedMakes: [Ferrari]\n');
    expect(financeEligibility(site, car({ make: 'Ferrari' }), NOW)).toMatchObject({ reason: 'excluded-make' });
    expect(financeEligibility(site, car({ make: 'FERRARI' }), NOW)).toMatchObject({ reason: 'excluded-make' });
    expect(financeEligibility(site, car({ make: ' ferrari ' }), NOW)).toMatchObject({ reason: 'excluded-make' });
    expect(financeEligibility(site, car({ make: 'Ferrari Classic' }), NOW).eligible).toBe(true);
    expect(financeEligibility(site, car({ make: 'Fiat' }), NOW).eligible).toBe(true);
  });

  it('excludes the configured dealerships, whether the config writes ids as numbers or strings', () => {
    const site = siteOfKind('availability-only', "  excludedDealershipIds: [7, '9']\n");
    expect(financeEligibility(site, car({ dealership_id: 7 }), NOW)).toMatchObject({ reason: 'excluded-dealership' });
    expect(financeEligibility(site, car({ dealership_id: 9 }), NOW)).toMatchObject({ reason: 'excluded-dealership' });
    expect(financeEligibility(site, car({ dealership_id: 8 }), NOW).eligible).toBe(true);
    expect(financeEligibility(site, car({ dealership_id: null }), NOW).eligible).toBe(true);
  });

  it('explains the reason in a sentence', () => {
    const result = financeEligibility(siteOfKind('availability-only', '  excludedMakes: [Ferrari]\n'), car({ make: 'Ferrari' }), NOW);
    expect(result).toEqual({ eligible: false, reason: 'excluded-make', detail: 'Ferrari is excluded from finance estimates.' });
  });
});

describe('finance block eligibility: availability-only provider', () => {
  const site = siteOfKind('availability-only');

  it('needs the vehicle to be available (in_stock or coming_soon)', () => {
    expect(financeEligibility(site, car({ status: 'coming_soon' }), NOW).eligible).toBe(true);
    expect(financeEligibility(site, car({ status: 'sold' }), NOW)).toMatchObject({ reason: 'not-available' });
  });

  it('does not look at price, age or payments', () => {
    const old = car({ price: 0, year: 1990 }, { paymentWeek: null, paymentMonth: null });
    expect(financeEligibility(site, old, NOW).eligible).toBe(true);
  });
});

describe('finance block eligibility: age-limited provider', () => {
  const site = siteOfKind('age-limited');

  it('needs a year newer than the current year minus 12', () => {
    expect(financeEligibility(site, car({ year: 2013 }), NOW)).toMatchObject({ reason: 'too-old' });
    expect(financeEligibility(site, car({ year: 2014 }), NOW).eligible).toBe(true);
  });

  it('takes the current year in Brisbane, not UTC', () => {
    const lastSecondOf2025 = new Date('2025-12-31T13:59:59Z'); // 23:59:59 on 31 Dec in Brisbane
    const firstSecondOf2026 = new Date('2025-12-31T14:00:00Z'); // 00:00:00 on 1 Jan in Brisbane
    expect(financeEligibility(site, car({ year: 2014 }), lastSecondOf2025).eligible).toBe(true);
    expect(financeEligibility(site, car({ year: 2014 }), firstSecondOf2026)).toMatchObject({ reason: 'too-old' });
    expect(financeEligibility(site, car({ year: 2015 }), firstSecondOf2026).eligible).toBe(true);
  });

  it('needs a price above 500', () => {
    expect(financeEligibility(site, car({ price: 500 }), NOW)).toMatchObject({ reason: 'price-too-low' });
    expect(financeEligibility(site, car({ price: 501 }), NOW).eligible).toBe(true);
  });

  it('needs the vehicle to be available', () => {
    expect(financeEligibility(site, car({ status: 'sold' }), NOW)).toMatchObject({ reason: 'not-available' });
  });

  it('does not need payment figures', () => {
    expect(financeEligibility(site, car({}, { paymentWeek: null, paymentMonth: null }), NOW).eligible).toBe(true);
  });
});

describe('finance block eligibility: weekly-payment provider', () => {
  const site = siteOfKind('weekly-payment');

  it('needs a price above 500', () => {
    expect(financeEligibility(site, car({ price: 500 }), NOW)).toMatchObject({ reason: 'price-too-low' });
    expect(financeEligibility(site, car({ price: 500.01 }), NOW).eligible).toBe(true);
  });

  it('needs the vehicle to be available', () => {
    expect(financeEligibility(site, car({ status: 'sold' }), NOW)).toMatchObject({ reason: 'not-available' });
  });

  it('needs a weekly payment above 0, and no monthly one', () => {
    expect(financeEligibility(site, car({}, { paymentWeek: null }), NOW)).toMatchObject({ reason: 'no-weekly-payment' });
    expect(financeEligibility(site, car({}, { paymentWeek: 0 }), NOW)).toMatchObject({ reason: 'no-weekly-payment' });
    expect(financeEligibility(site, car({}, { paymentWeek: 1, paymentMonth: null }), NOW).eligible).toBe(true);
  });

  it('does not limit age', () => {
    expect(financeEligibility(site, car({ year: 1990 }), NOW).eligible).toBe(true);
  });
});

describe('finance block eligibility: monthly-payment provider', () => {
  const site = siteOfKind('monthly-payment');

  it('needs a price above 500', () => {
    expect(financeEligibility(site, car({ price: 500 }), NOW)).toMatchObject({ reason: 'price-too-low' });
    expect(financeEligibility(site, car({ price: 501 }), NOW).eligible).toBe(true);
  });

  it('needs the vehicle to be available', () => {
    expect(financeEligibility(site, car({ status: 'sold' }), NOW)).toMatchObject({ reason: 'not-available' });
  });

  it('needs a monthly payment above 0, and no weekly one', () => {
    expect(financeEligibility(site, car({}, { paymentMonth: null }), NOW)).toMatchObject({ reason: 'no-monthly-payment' });
    expect(financeEligibility(site, car({}, { paymentMonth: 0 }), NOW)).toMatchObject({ reason: 'no-monthly-payment' });
    expect(financeEligibility(site, car({}, { paymentMonth: 1, paymentWeek: null }), NOW).eligible).toBe(true);
  });
});

describe('the price finance is worked out on', () => {
  it('is the offer price when the vehicle has one below its price, otherwise the price', () => {
    expect(financePrice({ price: 24990, offer_price: 22990 })).toBe(22990);
    expect(financePrice({ price: 24990, offer_price: 0 })).toBe(24990);
    expect(financePrice({ price: 24990, offer_price: null })).toBe(24990);
    expect(financePrice({ price: 24990 })).toBe(24990);
  });

  it('decides the price limit: an offer of 500 on a 24,990 car is not above 500', () => {
    const site = siteOfKind('weekly-payment');
    expect(financeEligibility(site, car({ price: 24990, offer_price: 500 }), NOW)).toMatchObject({ reason: 'price-too-low' });
  });
});

describe('the demo dealers', () => {
  const sites = loadAllSiteConfigs('sites');

  it('Bayside MG (monthly payments) needs a monthly figure', () => {
    const site = findSite(sites, 'bayside-mg');
    const mg = { ...car({ make: 'MG' }), finance_lenders: { mgfinance: lender() } };
    expect(financeEligibility(site, mg, NOW).eligible).toBe(true);
    expect(financeEligibility(site, { ...mg, finance_lenders: { mgfinance: lender({ paymentMonth: null }) } }, NOW)).toMatchObject({
      reason: 'no-monthly-payment',
    });
  });

  it('Summit Motor Group (age-limited) refuses Ferraris and vehicles 12 years old', () => {
    const site = findSite(sites, 'summit-motor-group');
    const base = { ...car(), finance_lenders: { carloans: lender() } };
    expect(financeEligibility(site, base, NOW).eligible).toBe(true);
    expect(financeEligibility(site, { ...base, make: 'Ferrari' }, NOW)).toMatchObject({ reason: 'excluded-make' });
    expect(financeEligibility(site, { ...base, year: 2013 }, NOW)).toMatchObject({ reason: 'too-old' });
  });

  it('Northside Used (weekly payments) needs a weekly figure', () => {
    const site = findSite(sites, 'northside-used');
    const base = { ...car(), finance_lenders: { quickfin: lender() } };
    expect(financeEligibility(site, base, NOW).eligible).toBe(true);
    expect(financeEligibility(site, { ...base, finance_lenders: { quickfin: lender({ paymentWeek: null }) } }, NOW)).toMatchObject({
      reason: 'no-weekly-payment',
    });
  });
});

describe('instant quote request (POST /api/youx/quote)', () => {
  const on = { features: { financeQuote: true } };
  const off = { features: { financeQuote: false } };
  const vehicle = { price: 24990, year: 2022, vin: 'JTNK4RBE803123456', nvic: '0A1B21' };

  it('builds the body with a GREAT credit score and a 5-year term', () => {
    expect(youxQuoteRequest(on, vehicle, 'Northside Used Cars')).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 24990,
      loanTerm: 5,
      year: 2022,
      vin: 'JTNK4RBE803123456',
      nvic: '0A1B21',
      whoIsHelping: 'Northside Used Cars',
    });
  });

  it('is not requested when the feature is off', () => {
    expect(youxQuoteRequest(off, vehicle, 'Dealer')).toBeNull();
  });

  it('is requested only for a price above 0', () => {
    expect(youxQuoteRequest(on, { ...vehicle, price: 0 }, 'Dealer')).toBeNull();
    expect(youxQuoteRequest(on, { ...vehicle, price: 1 }, 'Dealer')).toMatchObject({ purchasePrice: 1 });
  });

  it('quotes on the offer price and sends a missing vin or nvic as null', () => {
    const body = youxQuoteRequest(on, { price: 24990, offer_price: 21990, year: 2021 }, 'Dealer');
    expect(body).toMatchObject({ purchasePrice: 21990, vin: null, nvic: null });
  });

  it('is on only where a demo dealer switches it on (bayside-mg; the feature defaults to off)', () => {
    const on = loadAllSiteConfigs('sites').filter((site) => youxQuoteRequest(site, vehicle, site.name) !== null);
    expect(on.map((site) => site.slug)).toEqual(['bayside-mg']);
  });
});

describe('instantQuoteText', () => {
  it('states the quote with the price, term, basis and rates it rests on', () => {
    expect(instantQuoteText({ weeklyRepaymentAmount: 145.6, comparisonRate: 10.12, advertisedRate: 9.5 }, { loanTerm: 5, purchasePrice: 31_990 })).toBe(
      '$146 per week on a price of $31,990 over 5 years, with no deposit or final payment and before fees, at 9.50% p.a. (comparison rate 10.12% p.a.), for excellent credit.',
    );
    expect(instantQuoteText({ weeklyRepaymentAmount: 120, comparisonRate: null, advertisedRate: 8.5 }, { loanTerm: 5, purchasePrice: 25_000 })).toBe(
      '$120 per week on a price of $25,000 over 5 years, with no deposit or final payment and before fees, at 8.50% p.a., for excellent credit.',
    );
  });

  it('shows nothing for a failed, empty or nonsensical answer', () => {
    for (const answer of [null, undefined, {}, { weeklyRepaymentAmount: null, advertisedRate: 9 }, { weeklyRepaymentAmount: 0, advertisedRate: 9 }, { weeklyRepaymentAmount: '120', advertisedRate: 9 }, { weeklyRepaymentAmount: 120 }]) {
      expect(instantQuoteText(answer, { loanTerm: 5, purchasePrice: 25_000 })).toBeNull();
    }
  });
});
