import { describe, expect, it } from 'vitest';
import { priceBlockView } from '../../../../src/views/vehicle/price.ts';
import { site, vehicle } from './fixtures.ts';

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
