import { describe, expect, it } from 'vitest';
import { showUsedCarChecks } from '../../../src/rules/used-car-checks.ts';

describe('used-vehicle checks section', () => {
  it('shows on used vehicles of sites that switch it on, and nowhere else', () => {
    const on = { features: { usedCarChecks: true } };
    const off = { features: { usedCarChecks: false } };
    expect(showUsedCarChecks({ car_type: 'used' }, on)).toBe(true);
    expect(showUsedCarChecks({ car_type: 'demo' }, on)).toBe(false);
    expect(showUsedCarChecks({ car_type: 'new' }, on)).toBe(false);
    expect(showUsedCarChecks({ car_type: 'used' }, off)).toBe(false);
  });
});
