import { describe, expect, it } from 'vitest';
import {
  BOOKING_IFRAME_SIZE,
  SERVICE_TAB_IFRAME_HEIGHT,
  SERVICE_TAB_QUERY_KEY,
  serviceLocations,
  serviceTabIndex,
  serviceTabKey,
  serviceTabSearch,
  showsServiceLocationPicker,
} from '../../../src/rules/service-page.ts';

describe('service page tabs', () => {
  const keys = ['Book Online', 'Service Enquiry', 'Recalls'].map(serviceTabKey);

  it("is driven by the query key 'tab', which names a tab by its lowercased name", () => {
    expect(SERVICE_TAB_QUERY_KEY).toBe('tab');
    expect(keys).toEqual(['book online', 'service enquiry', 'recalls']);
    expect(serviceTabIndex(keys, '?tab=recalls')).toBe(2);
    expect(serviceTabIndex(keys, 'tab=service+enquiry')).toBe(1);
    expect(serviceTabIndex(keys, '?tab=Service%20Enquiry')).toBe(1);
    expect(serviceTabIndex(keys, '?tab=service-enquiry')).toBe(1);
  });

  it('opens the first tab by default, and for a name no tab has', () => {
    expect(serviceTabIndex(keys, '')).toBe(0);
    expect(serviceTabIndex(keys, '?location=hobart')).toBe(0);
    expect(serviceTabIndex(keys, '?tab=parts')).toBe(0);
  });

  it('writes the chosen tab into the query string, keeping the other parameters', () => {
    expect(serviceTabSearch('?location=hobart', 'service enquiry')).toBe('?location=hobart&tab=service+enquiry');
    expect(serviceTabSearch('?tab=recalls', 'book online')).toBe('?tab=book+online');
    expect(serviceTabIndex(keys, serviceTabSearch('', keys[1]!))).toBe(1);
  });

  it('sizes the booking iframe 750 high in a tab and 1000x1100 on its own', () => {
    expect(SERVICE_TAB_IFRAME_HEIGHT).toBe(750);
    expect(BOOKING_IFRAME_SIZE).toEqual({ width: 1000, height: 1100 });
  });
});

describe('service locations', () => {
  const at = (slug: string, location_type: string | null) => ({ slug, location_type });

  it('are the service and service-and-parts locations; the picker shows when there are several', () => {
    const locations = [at('sales', 'sales'), at('workshop', 'service'), at('parts', 'parts'), at('both', 'service-and-parts'), at('none', null)];
    expect(serviceLocations(locations).map((l) => l.slug)).toEqual(['workshop', 'both']);
    expect(showsServiceLocationPicker(locations)).toBe(true);
    expect(showsServiceLocationPicker([at('sales', 'sales'), at('both', 'service-and-parts')])).toBe(false);
    expect(showsServiceLocationPicker([])).toBe(false);
  });
});
