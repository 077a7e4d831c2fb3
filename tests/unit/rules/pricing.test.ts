import { describe, expect, it } from 'vitest';
import { formatPrice, hasOfferPrice, priceDisplay } from '../../../src/rules/pricing.ts';
import type { PricedVehicle } from '../../../src/rules/pricing.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const plain: PricedVehicle = { price: 45990, before_price: null, offer_price: null, subscription_price: null, preorder: false };
const defaults = site();
const subscriptions = site({ features: { subscriptionPricing: true } });

describe('formatPrice', () => {
  it('formats whole Australian dollars with separators and no cents', () => {
    expect(formatPrice(45990)).toBe('$45,990');
    expect(formatPrice(1234567)).toBe('$1,234,567');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(199.6)).toBe('$200');
  });
});

describe('price display precedence', () => {
  it('shows the subscription price first on subscription sites', () => {
    const v = { ...plain, subscription_price: 189, offer_price: 40000 };
    expect(priceDisplay(v, subscriptions)).toEqual({ kind: 'subscription', amount: 189, text: '$189', wasPrice: null });
    // Not on other sites, and not when the subscription price is 0.
    expect(priceDisplay(v, defaults).kind).toBe('offer');
    expect(priceDisplay({ ...v, subscription_price: 0 }, subscriptions).kind).toBe('offer');
  });

  it('shows an offer price only when above 0 and below the normal price', () => {
    expect(priceDisplay({ ...plain, offer_price: 43990 }, defaults)).toMatchObject({ kind: 'offer', amount: 43990, text: '$43,990' });
    expect(priceDisplay({ ...plain, offer_price: 45990 }, defaults).kind).toBe('price');
    expect(priceDisplay({ ...plain, offer_price: 45989 }, defaults).kind).toBe('offer');
    expect(priceDisplay({ ...plain, offer_price: 0 }, defaults).kind).toBe('price');
    expect(hasOfferPrice({ price: 45990, offer_price: 46990 })).toBe(false);
  });

  it('shows the normal price above 10 only: 10 gives the no-price text, 11 shows $11', () => {
    expect(priceDisplay({ ...plain, price: 11 }, defaults)).toEqual({ kind: 'price', amount: 11, text: '$11', wasPrice: null });
    expect(priceDisplay({ ...plain, price: 10 }, defaults)).toEqual({ kind: 'no-price', text: 'Enquire for price.', wasPrice: null });
  });

  it('shows PREORDER for a pre-order vehicle without a price', () => {
    expect(priceDisplay({ ...plain, price: 0, preorder: true }, defaults)).toEqual({ kind: 'preorder', text: 'PREORDER', wasPrice: null });
    // A price still wins over PREORDER.
    expect(priceDisplay({ ...plain, preorder: true }, defaults).kind).toBe('price');
  });

  it("falls back to the site's no-price text", () => {
    expect(priceDisplay({ ...plain, price: 0 }, defaults).text).toBe('Enquire for price.');
    expect(priceDisplay({ ...plain, price: 0 }, site({ vehicle: { noPriceText: 'Call for price' } })).text).toBe('Call for price');
  });
});

describe('was-price', () => {
  it('shows before_price only when it is above the normal price', () => {
    expect(priceDisplay({ ...plain, before_price: 47990 }, defaults).wasPrice).toEqual({ amount: 47990, text: '$47,990' });
    expect(priceDisplay({ ...plain, before_price: 45990 }, defaults).wasPrice).toBeNull();
    expect(priceDisplay({ ...plain, before_price: 45991 }, defaults).wasPrice?.amount).toBe(45991);
  });

  it('with an offer, strikes through the normal price, or before_price when that is higher', () => {
    expect(priceDisplay({ ...plain, offer_price: 43990 }, defaults).wasPrice).toEqual({ amount: 45990, text: '$45,990' });
    expect(priceDisplay({ ...plain, offer_price: 43990, before_price: 47990 }, defaults).wasPrice?.amount).toBe(47990);
    expect(priceDisplay({ ...plain, offer_price: 43990, before_price: 44990 }, defaults).wasPrice?.amount).toBe(45990);
  });

  it('never compares a subscription amount with a purchase price', () => {
    expect(priceDisplay({ ...plain, subscription_price: 189, before_price: 50000 }, subscriptions).wasPrice).toBeNull();
  });
});
