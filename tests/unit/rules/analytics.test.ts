import { describe, expect, it } from 'vitest';
import {
  EVENT_FAVOURITE,
  EVENT_FINANCE_FIRST_CHANGE,
  EVENT_HISTORY_REPORT,
  EVENT_PHONE_LINK_CLICK,
  EVENT_PRINT,
  EVENT_SEARCH_PAGE_VIEW,
  EVENT_TEST_DRIVE_ONLY_TAG,
  EVENT_USED_DETAIL_VIEW,
  detailViewEventId,
  leadEventId,
  phoneClickLabel,
} from '../../../src/rules/analytics.ts';

describe('analytics event ids', () => {
  it('match the spec', () => {
    expect([
      EVENT_PHONE_LINK_CLICK,
      EVENT_FINANCE_FIRST_CHANGE,
      EVENT_FAVOURITE,
      EVENT_SEARCH_PAGE_VIEW,
      EVENT_USED_DETAIL_VIEW,
      EVENT_TEST_DRIVE_ONLY_TAG,
      EVENT_HISTORY_REPORT,
      EVENT_PRINT,
    ]).toEqual([25, 26, 39, 49, 4, 17, 60, 61]);
  });
});

describe('lead events', () => {
  it('fires 14 / 17 for new and demo vehicles and 15 / 48 for used ones', () => {
    expect(leadEventId({ car_type: 'new', tag: null }, 'enquiry')).toBe(14);
    expect(leadEventId({ car_type: 'demo', tag: null }, 'enquiry')).toBe(14);
    expect(leadEventId({ car_type: 'used', tag: null }, 'enquiry')).toBe(15);
    expect(leadEventId({ car_type: 'new', tag: null }, 'test-drive')).toBe(17);
    expect(leadEventId({ car_type: 'used', tag: null }, 'test-drive')).toBe(48);
  });

  it('fires 17 for any lead on a vehicle tagged Test Drive Only (any case)', () => {
    expect(leadEventId({ car_type: 'used', tag: 'test drive only' }, 'enquiry')).toBe(17);
    expect(leadEventId({ car_type: 'used', tag: 'Test Drive Only' }, 'test-drive')).toBe(17);
    expect(leadEventId({ car_type: 'used', tag: 'Runout Sale' }, 'test-drive')).toBe(48);
  });

  it('fires 4 for a used vehicle page view only', () => {
    expect(detailViewEventId({ car_type: 'used' })).toBe(4);
    expect(detailViewEventId({ car_type: 'new' })).toBeNull();
  });
});

describe('phone click label', () => {
  it("is 'Used Car' on used paths and 'New Car' elsewhere", () => {
    expect(phoneClickLabel('/search/used-cars')).toBe('Used Car');
    expect(phoneClickLabel('/used-car/toyota')).toBe('Used Car');
    expect(phoneClickLabel('/cars/2019-mazda-3-used-123')).toBe('Used Car');
    expect(phoneClickLabel('/search/new-and-demo-cars')).toBe('New Car');
    expect(phoneClickLabel('/search/new-used-and-demo-cars')).toBe('Used Car');
    expect(phoneClickLabel('/cars/unused-ford?ref=used')).toBe('New Car');
  });
});
