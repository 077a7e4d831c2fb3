import { describe, expect, it } from 'vitest';
import { deliveryOutcome, deliveryPostcode } from '../../../src/rules/delivery.ts';

const SORRY =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

describe('delivery calculator', () => {
  it("asks for a postcode when the box is empty", () => {
    expect(deliveryPostcode('')).toEqual({ ok: false, message: 'Please enter a postcode.' });
    expect(deliveryPostcode('   ')).toEqual({ ok: false, message: 'Please enter a postcode.' });
    expect(deliveryPostcode(null)).toEqual({ ok: false, message: 'Please enter a postcode.' });
  });

  it('looks up any other entry, trimmed', () => {
    expect(deliveryPostcode(' 4000 ')).toEqual({ ok: true, postcode: '4000' });
  });

  it('says sorry when there is no estimate', () => {
    expect(deliveryOutcome(null)).toEqual({ kind: 'no-estimate', message: SORRY });
    expect(deliveryOutcome({ price: null, region: 'Far North' })).toEqual({ kind: 'no-estimate', message: SORRY });
    expect(deliveryOutcome({ price: -1 })).toEqual({ kind: 'no-estimate', message: SORRY });
  });

  it('shows the price and region of an estimate, including a free one', () => {
    expect(deliveryOutcome({ price: 1250, region: 'Sunshine Coast' })).toEqual({
      kind: 'estimate',
      price: 1250,
      priceText: '$1,250',
      region: 'Sunshine Coast',
    });
    expect(deliveryOutcome({ price: 0, region: null })).toMatchObject({ kind: 'estimate', priceText: '$0', region: null });
  });
});
