import { describe, expect, it } from 'vitest';
import { FUEL_DEFAULTS, WEEKS_PER_YEAR, formatFuelCost, fuelCost, fuelCostFromInputs, parseFuelInput, showFuelCalculator, yearlyFuelCost } from '../../../src/rules/fuel.ts';

const on = { features: { fuelCalculator: true } };

describe('fuel calculator visibility', () => {
  it('is hidden for electric vehicles, in simple_fuel or fuel, any case', () => {
    expect(showFuelCalculator({ simple_fuel: 'Electric', fuel: null }, on)).toBe(false);
    expect(showFuelCalculator({ simple_fuel: null, fuel: 'ELECTRIC' }, on)).toBe(false);
  });

  it('shows for petrol, diesel and hybrid vehicles', () => {
    expect(showFuelCalculator({ simple_fuel: 'Petrol', fuel: 'Unleaded Petrol' }, on)).toBe(true);
    expect(showFuelCalculator({ simple_fuel: 'Hybrid', fuel: null }, on)).toBe(true);
  });

  it('is hidden on sites that turn it off', () => {
    expect(showFuelCalculator({ simple_fuel: 'Petrol', fuel: null }, { features: { fuelCalculator: false } })).toBe(false);
  });
});

describe('fuel input parsing', () => {
  it("strips '$', ',' and 'kms'", () => {
    expect(parseFuelInput('$1.70')).toBe(1.7);
    expect(parseFuelInput('1,250 kms')).toBe(1250);
    expect(parseFuelInput('250KMS')).toBe(250);
    expect(parseFuelInput(' 10 ')).toBe(10);
    expect(parseFuelInput(7.5)).toBe(7.5);
  });

  it('rejects what is not a number once stripped', () => {
    expect(parseFuelInput('')).toBeNull();
    expect(parseFuelInput('abc')).toBeNull();
    expect(parseFuelInput('1.2.3')).toBeNull();
    expect(parseFuelInput('-5')).toBeNull();
    expect(parseFuelInput('250 km')).toBeNull();
  });
});

describe('fuel cost', () => {
  it('starts at 1.70 $/L, 250 km per week and 10 L/100km', () => {
    expect(FUEL_DEFAULTS).toEqual({ pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 });
    expect(fuelCostFromInputs({})).toBe(42.5);
  });

  it('is distance / 100 x consumption x price', () => {
    expect(fuelCost(400, 6.5, 2.05)).toBe(53.3);
    expect(fuelCostFromInputs({ kmPerWeek: '400 kms', litresPer100km: '6.5', pricePerLitre: '$2.05' })).toBe(53.3);
    expect(fuelCost(0, 10, 1.7)).toBe(0);
  });

  it('gives no figure when a typed field is unreadable', () => {
    expect(fuelCostFromInputs({ kmPerWeek: 'lots' })).toBeNull();
  });
});

describe('fuel cost display', () => {
  it('shows dollars and cents a week, and the year to the dollar over 52 weeks', () => {
    expect(formatFuelCost(42.5)).toBe('$42.50');
    expect(formatFuelCost(1234.5)).toBe('$1,234.50');
    expect(WEEKS_PER_YEAR).toBe(52);
    expect(yearlyFuelCost(42.5)).toBe(2210);
    expect(yearlyFuelCost(53.3)).toBe(2772);
  });
});
