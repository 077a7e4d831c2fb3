import { describe, expect, it } from 'vitest';
import { cardBadge, feedInstant, isNewArrival } from '../../../src/rules/badges.ts';
import type { BadgeVehicle } from '../../../src/rules/badges.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2025-07-10T12:00:00+10:00');

const plain: BadgeVehicle = {
  fuel: 'Unleaded Petrol',
  simple_fuel: 'Petrol',
  reserved: false,
  car_type: 'used',
  certified: false,
  make: 'Toyota',
  tag: null,
  status: 'in_stock',
  created_at: '2025-01-01T00:00:00+10:00',
};
const electricSite = site({ features: { electricBadge: true }, vehicle: { certifiedMakes: ['toyota'] } });
const plainSite = site({ vehicle: { certifiedMakes: ['toyota'] } });

describe('card badge priority', () => {
  it('shows no badge for a plain vehicle', () => {
    expect(cardBadge(plain, electricSite, now)).toBeNull();
  });

  it('puts the electric badge first, above every other badge, when the site enables it', () => {
    const v = { ...plain, simple_fuel: 'Electric', reserved: true, certified: true, tag: 'runout sale', status: 'coming_soon' };
    expect(cardBadge(v, electricSite, now)).toEqual({ kind: 'electric', label: 'Electric', tone: 'blue' });
    // Without the switch the same vehicle falls through to Reserved.
    expect(cardBadge(v, plainSite, now)?.kind).toBe('reserved');
  });

  it('recognises Hybrid and Plug-in Hybrid in simple_fuel or fuel, in any case', () => {
    expect(cardBadge({ ...plain, simple_fuel: 'hybrid' }, electricSite, now)).toEqual({ kind: 'hybrid', label: 'Hybrid', tone: 'blue' });
    expect(cardBadge({ ...plain, simple_fuel: null, fuel: 'Plug-in Hybrid' }, electricSite, now)).toEqual({
      kind: 'hybrid',
      label: 'Plug-in Hybrid',
      tone: 'blue',
    });
    expect(cardBadge({ ...plain, simple_fuel: null, fuel: 'ELECTRIC' }, electricSite, now)?.kind).toBe('electric');
    // Only the three named fuels count.
    expect(cardBadge({ ...plain, simple_fuel: 'Diesel', fuel: 'Petrol Hybrid' }, electricSite, now)).toBeNull();
  });

  it('puts Reserved above the certified badge', () => {
    const v = { ...plain, reserved: true, certified: true };
    expect(cardBadge(v, plainSite, now)).toEqual({ kind: 'reserved', label: 'Reserved', tone: 'grey' });
  });

  it('gives the certified image badge to used, certified vehicles of a listed make (any case), above the tag', () => {
    const v = { ...plain, certified: true, make: 'TOYOTA', tag: 'runout sale' };
    expect(cardBadge(v, plainSite, now)).toEqual({ kind: 'certified', label: 'Certified', tone: 'brand', make: 'TOYOTA' });
  });

  it('does not give the certified badge to demo vehicles, unlisted makes or uncertified vehicles', () => {
    expect(cardBadge({ ...plain, certified: true, car_type: 'demo' }, plainSite, now)).toBeNull();
    expect(cardBadge({ ...plain, certified: true, make: 'Mazda' }, plainSite, now)).toBeNull();
    expect(cardBadge({ ...plain, certified: false }, plainSite, now)).toBeNull();
  });

  it('colours a runout sale tag green (any case) and any other tag red', () => {
    expect(cardBadge({ ...plain, tag: 'Runout Sale' }, plainSite, now)).toEqual({ kind: 'tag', label: 'Runout Sale', tone: 'green' });
    expect(cardBadge({ ...plain, tag: 'Test Drive Only' }, plainSite, now)).toEqual({ kind: 'tag', label: 'Test Drive Only', tone: 'red' });
  });

  it('puts the tag above COMING SOON, and ignores a blank tag', () => {
    expect(cardBadge({ ...plain, tag: 'Hot Deal', status: 'coming_soon' }, plainSite, now)?.kind).toBe('tag');
    expect(cardBadge({ ...plain, tag: '   ', status: 'coming_soon' }, plainSite, now)).toEqual({
      kind: 'coming-soon',
      label: 'COMING SOON',
      tone: 'amber',
    });
  });

  it('puts COMING SOON above New Arrival', () => {
    const fresh = new Date(now.getTime() - DAY).toISOString();
    expect(cardBadge({ ...plain, status: 'coming_soon', created_at: fresh }, plainSite, now)?.kind).toBe('coming-soon');
    expect(cardBadge({ ...plain, created_at: fresh }, plainSite, now)).toEqual({ kind: 'new-arrival', label: 'New Arrival', tone: 'brand' });
  });
});

describe('new-arrival window (8 days)', () => {
  it('is new at exactly 8 days and not at 8 days and 1 ms', () => {
    const at = (ms: number) => ({ ...plain, created_at: new Date(now.getTime() - ms).toISOString() });
    expect(cardBadge(at(8 * DAY), plainSite, now)?.kind).toBe('new-arrival');
    expect(cardBadge(at(8 * DAY + 1), plainSite, now)).toBeNull();
  });

  it('follows the site setting', () => {
    const three = site({ vehicle: { newArrivalDays: 3 } });
    expect(isNewArrival(new Date(now.getTime() - 3 * DAY).toISOString(), three.vehicle.newArrivalDays, now)).toBe(true);
    expect(isNewArrival(new Date(now.getTime() - 3 * DAY - 1).toISOString(), three.vehicle.newArrivalDays, now)).toBe(false);
  });

  it('reads feed times without an offset as Brisbane wall-clock time, whatever the machine zone', () => {
    // 12:00 Brisbane on 2 July is exactly 8 days before now; one second earlier is outside.
    expect(isNewArrival('2025-07-02T12:00:00', 8, now)).toBe(true);
    expect(isNewArrival('2025-07-02T11:59:59', 8, now)).toBe(false);
    // A date alone is Brisbane midnight.
    expect(isNewArrival('2025-07-02', 8, new Date('2025-07-10T00:00:00+10:00'))).toBe(true);
    expect(isNewArrival('2025-07-02', 8, new Date('2025-07-10T00:00:00.001+10:00'))).toBe(false);
  });

  it('has no new-arrival tag without a readable created_at', () => {
    expect(cardBadge({ ...plain, created_at: null }, plainSite, now)).toBeNull();
    expect(feedInstant('last tuesday')).toBeNull();
  });
});
