/** Analytics event ids (spec section 7) and which one a vehicle action fires. */
import type { Vehicle } from '../schemas/vehicle.ts';

/** Spec 7: phone link click (label 'New Car' or 'Used Car' by path). */
export const EVENT_PHONE_LINK_CLICK = 25;
/** Spec 4 and 7: first change to the finance calculator, once. */
export const EVENT_FINANCE_FIRST_CHANGE = 26;
/** Spec 7: favourite added; also recorded after a watchlist save or removal. */
export const EVENT_FAVOURITE = 39;
/** Spec 7: search page view. */
export const EVENT_SEARCH_PAGE_VIEW = 49;
/** Spec 7: used vehicle detail page view. */
export const EVENT_USED_DETAIL_VIEW = 4;
/** Spec 7: enquiry on a new (or demo) vehicle. */
export const EVENT_ENQUIRY_NEW = 14;
/** Spec 7: enquiry on a used vehicle. */
export const EVENT_ENQUIRY_USED = 15;
/** Spec 7: test drive on a new (or demo) vehicle. */
export const EVENT_TEST_DRIVE_NEW = 17;
/** Spec 7: test drive on a used vehicle. */
export const EVENT_TEST_DRIVE_USED = 48;
/** Spec 7: any lead on a vehicle tagged 'Test Drive Only'. */
export const EVENT_TEST_DRIVE_ONLY_TAG = 17;
/** Spec 7: history report opened. */
export const EVENT_HISTORY_REPORT = 60;
/** Spec 7: print. */
export const EVENT_PRINT = 61;

/** The vehicle tag that marks test-drive-only vehicles (any case). */
export const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';

/**
 * Spec 7: the label of a phone-link click: 'Used Car' when the page path has 'used' as a word
 * of a segment (/search/used-cars, /used-car/toyota, /cars/2019-mazda-3-used-123), otherwise
 * 'New Car'.
 */
export function phoneClickLabel(path: string): 'New Car' | 'Used Car' {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return /(^|[/_-])used($|[/_-])/i.test(pathname) ? 'Used Car' : 'New Car';
}

/**
 * Spec 7: the event of an enquiry or test-drive lead. A vehicle tagged 'Test Drive Only' (any
 * case) fires 17 for either form; otherwise used vehicles fire 15 (enquiry) or 48 (test drive)
 * and new and demo vehicles 14 or 17.
 */
export function leadEventId(vehicle: Pick<Vehicle, 'car_type' | 'tag'>, form: 'enquiry' | 'test-drive'): number {
  if (vehicle.tag?.trim().toLowerCase() === TEST_DRIVE_ONLY_TAG.toLowerCase()) return EVENT_TEST_DRIVE_ONLY_TAG;
  if (vehicle.car_type === 'used') return form === 'enquiry' ? EVENT_ENQUIRY_USED : EVENT_TEST_DRIVE_USED;
  return form === 'enquiry' ? EVENT_ENQUIRY_NEW : EVENT_TEST_DRIVE_NEW;
}

/** Spec 7: a vehicle page view fires 4 for used vehicles; other car types fire nothing. */
export function detailViewEventId(vehicle: Pick<Vehicle, 'car_type'>): number | null {
  return vehicle.car_type === 'used' ? EVENT_USED_DETAIL_VIEW : null;
}
