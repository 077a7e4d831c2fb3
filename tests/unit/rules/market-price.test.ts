import { describe, expect, it } from 'vitest';
import { marketAverage, marketPriceBadge } from '../../../src/rules/market-price.ts';

const on = { features: { marketPriceBadge: true } };

describe('market price badge', () => {
  it('appears at 499 below the state average, not at 498', () => {
    const autograb_data = { state_average_market_price: 30000, average_market_price: 40000 };
    expect(marketPriceBadge({ price: 29502, autograb_data }, on)).toBeNull();
    expect(marketPriceBadge({ price: 29501, autograb_data }, on)).toEqual({
      basis: 'state',
      average: 30000,
      below: 499,
      belowText: '$499',
    });
  });

  it('compares with the state average even when the national average is lower', () => {
    expect(marketPriceBadge({ price: 29000, autograb_data: { state_average_market_price: 30000, average_market_price: 25000 } }, on)?.basis).toBe(
      'state',
    );
    expect(marketPriceBadge({ price: 29000, autograb_data: { state_average_market_price: 29000, average_market_price: 40000 } }, on)).toBeNull();
  });

  it('falls back to the national average when there is no state average', () => {
    expect(marketPriceBadge({ price: 26000, autograb_data: { state_average_market_price: null, average_market_price: 27100 } }, on)).toEqual({
      basis: 'national',
      average: 27100,
      below: 1100,
      belowText: '$1,100',
    });
    expect(marketPriceBadge({ price: 26602, autograb_data: { average_market_price: 27100 } }, on)).toBeNull();
    expect(marketPriceBadge({ price: 26601, autograb_data: { state_average_market_price: 0, average_market_price: 27100 } }, on)?.basis).toBe(
      'national',
    );
  });

  it('needs market data, a price above 0 and the site switch', () => {
    expect(marketPriceBadge({ price: 20000, autograb_data: null }, on)).toBeNull();
    expect(marketPriceBadge({ price: 0, autograb_data: { state_average_market_price: 30000 } }, on)).toBeNull();
    expect(marketPriceBadge({ price: 20000, autograb_data: { state_average_market_price: 30000 } }, { features: { marketPriceBadge: false } })).toBeNull();
  });
});

describe('market average', () => {
  it('is the state average, else the national average, else none', () => {
    expect(marketAverage({ autograb_data: { state_average_market_price: 30000, average_market_price: 31000 } })).toEqual({ basis: 'state', average: 30000 });
    expect(marketAverage({ autograb_data: { state_average_market_price: 0, average_market_price: 31000 } })).toEqual({ basis: 'national', average: 31000 });
    expect(marketAverage({ autograb_data: { state_average_market_price: null, average_market_price: null } })).toBeNull();
    expect(marketAverage({ autograb_data: null })).toBeNull();
  });
});
