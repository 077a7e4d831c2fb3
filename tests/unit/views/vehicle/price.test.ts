import { describe, expect, it } from 'vitest';
import { financeSummary, priceBlockView } from '../../../../src/views/vehicle/price.ts';
import { NOW, site, vehicle } from './fixtures.ts';

describe('price block', () => {
  it('shows the price with its was-price, a market badge against the state average and the reserved flag', () => {
    const view = priceBlockView(vehicle({ before_price: 27990, state: 'qld', autograb_data: { state_average_market_price: 27000 }, reserved: true }), site());
    expect(view).toMatchObject({ available: true, price: { text: '$25,990', wasPrice: { text: '$27,990' } }, suffix: '', reserved: true });
    expect(view.available && view.marketBadgeText).toBe('$1,010 below the QLD average market price');
    expect(priceBlockView(vehicle(), site())).toMatchObject({ reserved: false, marketBadgeText: null });
  });

  it('adds /wk to a subscription price', () => {
    const view = priceBlockView(vehicle({ subscription_price: 189 }), site('features:\n  subscriptionPricing: true\n'));
    expect(view.available && `${view.price.text}${view.suffix}`).toBe('$189 /wk');
  });

  it('shows SOLD and the similar-vehicle enquiry instead of a price', () => {
    expect(priceBlockView(vehicle({ status: 'sold' }), site())).toEqual({ available: false, message: 'SOLD', enquiryLabel: 'Find Me Something Similar' });
  });
});

describe('finance summary', () => {
  const quickfin = 'finance:\n  provider: { key: quickfin, name: QuickFin, eligibility: weekly-payment }\n';
  const lender = { quickfin: { interestRate: 10.95, comparisonRate: 11.554, paymentWeek: 120, disclaimer: 'Indicative only. Comparison rate range 8.38% to 19.42% p.a.' } };

  it('shows the weekly repayment for the default calculator state and the comparison rate', () => {
    const summary = financeSummary(vehicle({ finance_lenders: lender }), site(quickfin), NOW);
    expect(summary).not.toBeNull();
    expect(summary!.paymentText).toMatch(/^\$\d{2,3} \/wk\*$/);
    expect(summary!.comparisonRateText).toBe('11.55%');
    expect(summary!.disclaimer.startsWith('Indicative only.')).toBe(true);
  });

  it('is hidden when the vehicle is not eligible or the site has no provider', () => {
    expect(financeSummary(vehicle({ finance_lenders: lender, price: 400 }), site(quickfin), NOW)).toBeNull();
    expect(financeSummary(vehicle({ finance_lenders: lender }), site(), NOW)).toBeNull();
  });
});
