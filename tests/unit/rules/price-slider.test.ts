import { describe, expect, it } from 'vitest';
import {
  defaultPriceRange,
  moveHighThumb,
  moveLowThumb,
  pricePresets,
  snapToStep,
} from '../../../src/rules/price-slider.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const bounds = site().search.priceSlider;

describe('price slider defaults', () => {
  it('runs from 5,000 to 250,000 in steps of 500', () => {
    expect(bounds).toEqual({ min: 5000, max: 250000, step: 500 });
    expect(defaultPriceRange(bounds)).toEqual([5000, 250000]);
  });

  it('follows the site config', () => {
    const custom = site({ search: { priceSlider: { min: 0, max: 100000, step: 1000 } } }).search.priceSlider;
    expect(defaultPriceRange(custom)).toEqual([0, 100000]);
  });

  it('snaps to the step', () => {
    expect(snapToStep(12249, bounds)).toBe(12000);
    expect(snapToStep(12250, bounds)).toBe(12500);
    expect(snapToStep(1000, bounds)).toBe(5000);
    expect(snapToStep(999999, bounds)).toBe(250000);
  });
});

describe('the low value stays at least 1 below the high value', () => {
  it('moves the low thumb freely below high - 1', () => {
    expect(moveLowThumb([5000, 50000], 20000, bounds)).toEqual([20000, 50000]);
    expect(moveLowThumb([5000, 50000], 49999, bounds)).toEqual([49999, 50000]);
  });

  it('clamps the low thumb to high - 1 when dragged onto or past high', () => {
    expect(moveLowThumb([5000, 50000], 50000, bounds)).toEqual([49999, 50000]);
    expect(moveLowThumb([5000, 50000], 80000, bounds)).toEqual([49999, 50000]);
  });

  it('clamps the high thumb to low + 1 when dragged onto or past low', () => {
    expect(moveHighThumb([20000, 50000], 20001, bounds)).toEqual([20000, 20001]);
    expect(moveHighThumb([20000, 50000], 20000, bounds)).toEqual([20000, 20001]);
    expect(moveHighThumb([20000, 50000], 5000, bounds)).toEqual([20000, 20001]);
  });

  it('keeps both thumbs within the bounds', () => {
    expect(moveLowThumb([5000, 50000], 0, bounds)).toEqual([5000, 50000]);
    expect(moveHighThumb([5000, 50000], 300000, bounds)).toEqual([5000, 250000]);
  });
});

describe('preset price buttons', () => {
  it('offers nine standard values from $5,000 to $70,000', () => {
    const presets = pricePresets(site().search.pricePresets);
    expect(presets).toHaveLength(9);
    expect(presets.map((p) => p.value)).toEqual([5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000]);
    expect(presets[0]!.label).toBe('$5,000');
    expect(presets[8]!.label).toBe('$70,000');
  });

  it('offers six premium values from $300,000 to $800,000', () => {
    const presets = pricePresets(site({ search: { pricePresets: 'premium' } }).search.pricePresets);
    expect(presets.map((p) => p.label)).toEqual(['$300,000', '$400,000', '$500,000', '$600,000', '$700,000', '$800,000']);
  });
});
