import { describe, expect, it } from 'vitest';
import { fillBand, priceComparisonView } from '../../../src/rules/price-comparison.ts';
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
