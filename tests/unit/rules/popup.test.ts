import { describe, expect, it } from 'vitest';
import {
  POPUP_STORAGE_KEY,
  markPopupClosed,
  parseClosedPopupFlags,
  shouldShowPopup,
} from '../../../src/rules/popup.ts';

const popup = { id: 'im-launch-2027', enabled: true, expiry: '2027-03-31T23:59:59+10:00' };
const before = new Date('2026-01-01T00:00:00Z');

describe('popup visibility', () => {
  it('shows an enabled popup the visitor has not closed', () => {
    expect(shouldShowPopup(popup, 'bayside-mg', {}, before)).toBe(true);
  });

  it('hides after the expiry instant, not before', () => {
    expect(shouldShowPopup(popup, 'bayside-mg', {}, new Date('2027-03-31T13:59:59Z'))).toBe(true);
    expect(shouldShowPopup(popup, 'bayside-mg', {}, new Date('2027-03-31T14:00:00Z'))).toBe(false);
  });

  it('hides a disabled popup', () => {
    expect(shouldShowPopup({ ...popup, enabled: false }, 'bayside-mg', {}, before)).toBe(false);
  });

  it('stays closed once closed on the same site, and only there', () => {
    const flags = markPopupClosed({}, 'bayside-mg', popup.id);
    expect(shouldShowPopup(popup, 'bayside-mg', flags, before)).toBe(false);
    expect(shouldShowPopup(popup, 'northside-used', flags, before)).toBe(true);
  });

  it('shows a popup with a new id to a visitor who closed the previous one', () => {
    const flags = markPopupClosed({}, 'bayside-mg', 'eofy-2026');
    expect(shouldShowPopup(popup, 'bayside-mg', flags, before)).toBe(true);
  });
});

describe('closed flags in storage', () => {
  it('uses one storage key holding a map by site slug', () => {
    expect(POPUP_STORAGE_KEY).toBe('dealer-sites:popup-closed');
    const first = markPopupClosed({}, 'bayside-mg', 'a');
    const both = markPopupClosed(first, 'northside-used', 'b');
    expect(both).toEqual({ 'bayside-mg': 'a', 'northside-used': 'b' });
    expect(first).toEqual({ 'bayside-mg': 'a' });
  });

  it('reads back what was stored', () => {
    const stored = JSON.stringify(markPopupClosed({}, 'bayside-mg', popup.id));
    expect(parseClosedPopupFlags(stored)).toEqual({ 'bayside-mg': popup.id });
  });

  it('treats missing or unreadable storage as nothing closed', () => {
    expect(parseClosedPopupFlags(null)).toEqual({});
    expect(parseClosedPopupFlags('not json')).toEqual({});
    expect(parseClosedPopupFlags('{"bayside-mg": true}')).toEqual({});
    expect(parseClosedPopupFlags('[1,2]')).toEqual({});
  });
});
