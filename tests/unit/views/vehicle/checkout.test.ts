import { describe, expect, it } from 'vitest';
import { checkoutView } from '../../../../src/views/vehicle/checkout.ts';
import { site, vehicle } from './fixtures.ts';

describe('checkout page', () => {
  const copy = { reserveOffer: undefined };

  it("is titled by the site's reserve label", () => {
    expect(checkoutView(vehicle(), site('features:\n  reserve: true\n'), copy).title).toBe('Reserve 2024 Toyota Corolla Ascent');
    expect(checkoutView(vehicle(), site('features:\n  reserve: true\nvehicle:\n  reserve: { label: Buy Online }\n'), copy).title).toBe('Buy 2024 Toyota Corolla Ascent Online');
  });

  it('states the deposit and hold time from config', () => {
    const view = checkoutView(vehicle(), site('features:\n  reserve: true\nvehicle:\n  reserve: { deposit: 500, holdHours: 72 }\n'), copy);
    expect(view).toMatchObject({ reservable: true, depositText: '$500', holdHours: 72, buttonLabel: 'Reserve Now - $500' });
    expect(view.reservable && view.text).toContain('$500 deposit');
  });

  it('explains why a sold or reserved vehicle cannot be reserved, linking back to it', () => {
    const reserveSite = site('features:\n  reserve: true\n');
    expect(checkoutView(vehicle({ status: 'sold' }), reserveSite, copy)).toMatchObject({ reservable: false, backHref: '/cars/2024-toyota-corolla-ascent-4101/' });
    const reserved = checkoutView(vehicle({ reserved: true }), reserveSite, copy);
    expect(reserved.reservable === false && reserved.message).toContain('already reserved');
  });
});
