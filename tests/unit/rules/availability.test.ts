import { describe, expect, it } from 'vitest';
import { availabilityView, isAvailable } from '../../../src/rules/availability.ts';

describe('availability', () => {
  it('treats in_stock and coming_soon as available', () => {
    expect(isAvailable({ status: 'in_stock' })).toBe(true);
    expect(isAvailable({ status: 'coming_soon' })).toBe(true);
  });

  it('treats sold and every other status as sold', () => {
    for (const status of ['sold', 'on_hold', 'reserved', 'IN_STOCK', '']) expect(isAvailable({ status })).toBe(false);
  });

  it('shows price and actions when available, otherwise the SOLD message and Find Me Something Similar', () => {
    expect(availabilityView({ status: 'in_stock' })).toEqual({ available: true, showPrice: true, showActions: true });
    expect(availabilityView({ status: 'sold' })).toEqual({
      available: false,
      showPrice: false,
      showActions: false,
      message: 'SOLD',
      enquiryLabel: 'Find Me Something Similar',
    });
  });
});
