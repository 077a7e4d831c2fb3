import { describe, expect, it } from 'vitest';
import { deliveryAnswer, deliveryEstimateFor, deliveryOutcome, deliveryPostcode } from '../../../src/rules/delivery.ts';

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

describe('delivery estimate from the site table', () => {
  const regions = [
    { name: 'Brisbane North', price: 0, postcodes: [[4000, 4039], [4500, 4509]] as Array<[number, number]> },
    { name: 'Sunshine Coast', price: 299, postcodes: [[4550, 4575]] as Array<[number, number]> },
    { name: 'Darwin', price: 2990, postcodes: [[800, 832]] as Array<[number, number]> },
  ];

  it('answers a postcode with the price and region of the range that holds it, ends included', () => {
    expect(deliveryEstimateFor('4000', regions)).toEqual({ price: 0, region: 'Brisbane North' });
    expect(deliveryEstimateFor('4039', regions)).toEqual({ price: 0, region: 'Brisbane North' });
    expect(deliveryEstimateFor('4505', regions)).toEqual({ price: 0, region: 'Brisbane North' });
    expect(deliveryEstimateFor('4558', regions)).toEqual({ price: 299, region: 'Sunshine Coast' });
    expect(deliveryEstimateFor('0800', regions)).toEqual({ price: 2990, region: 'Darwin' });
  });

  it('has no estimate for a postcode outside the table or anything that is not four digits', () => {
    expect(deliveryEstimateFor('4040', regions)).toBeNull();
    expect(deliveryEstimateFor('3000', regions)).toBeNull();
    expect(deliveryEstimateFor('800', regions)).toBeNull();
    expect(deliveryEstimateFor('40000', regions)).toBeNull();
    expect(deliveryEstimateFor('4OOO', regions)).toBeNull();
  });

  it("shows the spec's two messages, and a free delivery as $0", () => {
    expect(deliveryAnswer('', regions)).toEqual({ kind: 'empty', message: 'Please enter a postcode.' });
    expect(deliveryAnswer('  ', regions)).toEqual({ kind: 'empty', message: 'Please enter a postcode.' });
    expect(deliveryAnswer('3000', regions)).toEqual({ kind: 'no-estimate', message: SORRY });
    expect(deliveryAnswer('abcd', regions)).toEqual({ kind: 'no-estimate', message: SORRY });
    expect(deliveryAnswer(' 4558 ', regions)).toEqual({ kind: 'estimate', price: 299, priceText: '$299', region: 'Sunshine Coast' });
    expect(deliveryAnswer('4001', regions)).toMatchObject({ kind: 'estimate', priceText: '$0', region: 'Brisbane North' });
  });
});
