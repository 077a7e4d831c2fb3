import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../../../src/data/demo/generate.ts';
import { normaliseVehicles } from '../../../../src/data/normalise.ts';
import { validateRecords } from '../../../../src/data/quarantine.ts';
import { loadSiteConfig } from '../../../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../../../src/data/site-data.ts';
import { LocationSchema } from '../../../../src/schemas/location.ts';
import type { NormalisedVehicle } from '../../../../src/schemas/snapshot.ts';
import { VehicleSchema } from '../../../../src/schemas/vehicle.ts';
import { vehicleForRoute } from '../../../../src/views/vehicle/head.ts';
import { vehiclePageView } from '../../../../src/views/vehicle/page.ts';
import { NOW } from './fixtures.ts';

describe('vehicle page view for a demo dealer', () => {
  const northside = loadSiteConfig('sites/northside-used.yaml');
  const { feed } = generateSiteFeed('northside-used', 80, 20251122, '2026-11-22');
  const { vehicles } = normaliseVehicles(validateRecords(VehicleSchema, feed.vehicles, 'vehicles').valid, northside, NOW);
  const locations = validateRecords(LocationSchema, feed.locations, 'locations').valid;
  const data = siteData(
    { meta: { site: 'northside-used', pulledAt: NOW.toISOString(), source: 'test', counts: { pulled: 0, quarantined: 0, duplicates: 0, filtered: 0, published: 0, available: 0 } }, vehicles, locations, reviews: [], dealerships: [], offers: [], models: [], removed: [] },
    loadSiteContent('northside-used'),
  );
  const view = (v: NormalisedVehicle) => vehiclePageView({ site: northside, data, images: {}, vehicleId: Number(v.id), path: `/cars/${v.slug}/`, now: NOW });

  it('shows a sold vehicle with no price, finance, call block or buttons, and an enquiry for something similar', () => {
    const sold = vehicles.find((v) => !['in_stock', 'coming_soon'].includes(v.status));
    if (!sold) throw new Error('the demo feed has no sold vehicle');
    const page = view(sold);
    expect(page.price).toEqual({ available: false, message: 'SOLD', enquiryLabel: 'Find Me Something Similar' });
    expect([page.finance, page.call, page.reserve, page.moneyBack, page.fuel]).toEqual([null, null, null, null, null]);
    expect(page.actions).toEqual([]);
    expect(page.mobileBar).toEqual([]);
    expect(page.forms.inline.heading).toBe('Find Me Something Similar');
    expect(page.forms.inline.steps[0]!.fields.find((f) => f.name === 'message')?.value).toContain(sold.display_name);
    expect(page.forms.dialogs).toEqual([]);
  });

  it('shows an available used vehicle with the reserve offer, money-back guarantee and mobile bar', () => {
    const available = vehicles.find((v) => v.status === 'in_stock' && !v.reserved);
    if (!available) throw new Error('the demo feed has no available vehicle');
    const page = view(available);
    expect(page.title).toBe(available.display_name);
    expect(page.reserve?.text).toBe(data.content.copy.reserveOffer);
    expect(page.moneyBack).toBe(data.content.copy.moneyBackGuarantee);
    expect(page.call?.masked).toBeNull();
    expect(page.mobileBar.map((l) => l.label)).toEqual(['Reserve Car Now', 'Instant Message', 'Call Now']);
    expect(page.forms.dialogs.map((d) => d.id)).toEqual(expect.arrayContaining(['enquire-dialog', 'test-drive-dialog']));
    expect(page.forms.inline).toMatchObject({ id: 'enquire', form: 'enquiry', hidden: { car_id: String(available.id) } });
    expect(page.jsonLd.map((ld) => ld['@type'])).toEqual(['Car', 'BreadcrumbList']);
  });

  it('fails with a message naming the vehicle and route when the data does not have it', () => {
    expect(() => vehicleForRoute(data, 1, '/cars/missing-1/')).toThrow(/Vehicle 1 \(route \/cars\/missing-1\/\) is not in the site's snapshot/);
  });
});
