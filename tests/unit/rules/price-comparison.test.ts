import { describe, expect, it } from 'vitest';
import { fillBand, marketComparison, priceComparisonView } from '../../../src/rules/price-comparison.ts';
import type { PriceComparison } from '../../../src/schemas/price-comparison.ts';

const data: PriceComparison = {
  fill: 0.42,
  listing_price: 24990,
  market_range_min: 22000,
  market_range_max: 28500,
  confidence: 0.8,
  description: 'Priced below similar cars',
};

describe('price comparison panel', () => {
  it('shows a Good Deal with the market range', () => {
    expect(priceComparisonView(data)).toEqual({
      label: 'Good Deal',
      band: 'mid',
      fillPercent: 42,
      listingPrice: 24990,
      marketMin: 22000,
      marketMax: 28500,
      description: 'Priced below similar cars',
    });
  });

  it('is hidden when data is missing', () => {
    expect(priceComparisonView(null)).toBeNull();
    expect(priceComparisonView(undefined)).toBeNull();
    expect(priceComparisonView({})).toBeNull();
    const { confidence: _omit, ...noConfidence } = data;
    expect(priceComparisonView(noConfidence)).toBeNull();
  });

  it('needs a confidence above 0.2: 0.2 hides it, 0.2000001 shows it', () => {
    expect(priceComparisonView({ ...data, confidence: 0.2 })).toBeNull();
    expect(priceComparisonView({ ...data, confidence: 0.2000001 })).not.toBeNull();
  });

  it('is hidden when the market maximum is below the listing price, shown when equal', () => {
    expect(priceComparisonView({ ...data, market_range_max: 24989 })).toBeNull();
    expect(priceComparisonView({ ...data, market_range_max: 24990 })).not.toBeNull();
  });

  it("labels fill under 0.65 'Good Deal' and 0.65 or more 'Great Deal'", () => {
    expect(priceComparisonView({ ...data, fill: 0.6499 })?.label).toBe('Good Deal');
    expect(priceComparisonView({ ...data, fill: 0.65 })?.label).toBe('Great Deal');
  });

  it('colours the fill in three bands: under 0.3, 0.3 to 0.6, 0.6 and above', () => {
    expect(fillBand(0.2999)).toBe('low');
    expect(fillBand(0.3)).toBe('mid');
    expect(fillBand(0.5999)).toBe('mid');
    expect(fillBand(0.6)).toBe('high');
    expect(priceComparisonView({ ...data, fill: 0.1 })?.band).toBe('low');
  });
});

describe('the comparison worked out at build time from market data', () => {
  const car = (price: number, state: number | null, national: number | null, extra: Record<string, unknown> = {}) => ({
    price,
    offer_price: null,
    state: 'QLD',
    autograb_data: { state_average_market_price: state, average_market_price: national },
    ...extra,
  });

  it('spans the state average plus or minus 10%, and fills by how far below the top the price sits', () => {
    // Average 30,000 both ways: range 27,000 to 33,000; 28,000 is 5,000 below the top of 6,000.
    expect(marketComparison(car(28000, 30000, 30000))).toEqual({
      fill: 5000 / 6000,
      listing_price: 28000,
      market_range_min: 27000,
      market_range_max: 33000,
      confidence: 0.8,
      description: 'Compared with the QLD average market price of $30,000 for similar vehicles.',
    });
  });

  it('fills 1 at or below the bottom of the range and 0 at or above the top', () => {
    expect(marketComparison(car(26000, 30000, 30000))?.fill).toBe(1);
    expect(marketComparison(car(27000, 30000, 30000))?.fill).toBe(1);
    expect(marketComparison(car(33000, 30000, 30000))?.fill).toBe(0);
    expect(marketComparison(car(35000, 30000, 30000))?.fill).toBe(0);
  });

  it('compares the offer price where the vehicle has one', () => {
    expect(marketComparison(car(31000, 30000, 30000, { offer_price: 28000 }))?.listing_price).toBe(28000);
  });

  it('widens the range and lowers the confidence as the state and national averages disagree', () => {
    // 1,500 apart on a 30,000 state average: range 30,000 +/- 4,500; confidence 0.8 - 2 x 0.05.
    expect(marketComparison(car(28000, 30000, 31500))).toMatchObject({ market_range_min: 25500, market_range_max: 34500, confidence: 0.7 });
    // 9,000 apart: 0.8 - 2 x 0.3 = 0.2, which the panel hides.
    const unsure = marketComparison(car(28000, 30000, 39000));
    expect(unsure?.confidence).toBe(0.2);
    expect(priceComparisonView(unsure)).toBeNull();
  });

  it('falls back to the national average with a confidence of 0.5', () => {
    expect(marketComparison(car(28000, null, 30000))).toMatchObject({
      market_range_min: 27000,
      market_range_max: 33000,
      confidence: 0.5,
      description: 'Compared with the national average market price of $30,000 for similar vehicles.',
    });
  });

  it('rounds the ends of the range to $100', () => {
    expect(marketComparison(car(20000, 23456, 23456))).toMatchObject({ market_range_min: 21100, market_range_max: 25800 });
  });

  it('has nothing to compare without a listed price or a market average', () => {
    expect(marketComparison(car(0, 30000, 30000))).toBeNull();
    expect(marketComparison(car(10, 30000, 30000))).toBeNull();
    expect(marketComparison(car(28000, null, null))).toBeNull();
    expect(marketComparison(car(28000, 0, 0))).toBeNull();
    expect(marketComparison({ price: 28000, offer_price: null, state: 'QLD', autograb_data: null })).toBeNull();
  });

  it('gives the panel a Great Deal well below the market, a Good Deal near it, and nothing above its top', () => {
    expect(priceComparisonView(marketComparison(car(27500, 30000, 30000)))?.label).toBe('Great Deal');
    expect(priceComparisonView(marketComparison(car(30000, 30000, 30000)))).toMatchObject({ label: 'Good Deal', band: 'mid', fillPercent: 50 });
    expect(priceComparisonView(marketComparison(car(33000, 30000, 30000)))).toMatchObject({ label: 'Good Deal', band: 'low', fillPercent: 0 });
    expect(priceComparisonView(marketComparison(car(33001, 30000, 30000)))).toBeNull();
  });
});
