import { describe, expect, it } from 'vitest';
import { maskPhone, phoneDisplay } from '../../../src/rules/phone.ts';

const masked = { vehicle: { showPhoneImmediately: false } };
const immediate = { vehicle: { showPhoneImmediately: true } };

describe('call block', () => {
  it('keeps the first 5 characters (spaces included) and stars the rest', () => {
    expect(maskPhone('07 3333 4444')).toBe('07 33*******');
    expect(maskPhone('0412345678')).toBe('04123*****');
    expect(maskPhone('12345')).toBe('12345');
    expect(maskPhone('123456')).toBe('12345*');
  });

  it('masks the number until it is revealed', () => {
    expect(phoneDisplay('07 3333 4444', masked, false)).toEqual({ kind: 'masked', text: '07 33*******' });
    expect(phoneDisplay('07 3333 4444', masked, true)).toEqual({ kind: 'shown', text: '07 3333 4444', href: 'tel:0733334444' });
  });

  it('shows the number at once on sites that say so', () => {
    expect(phoneDisplay('+61 7 3333 4444', immediate, false)).toEqual({ kind: 'shown', text: '+61 7 3333 4444', href: 'tel:+61733334444' });
  });

  it('shows nothing without a number', () => {
    expect(phoneDisplay(null, immediate, true)).toEqual({ kind: 'none' });
    expect(phoneDisplay('  ', masked, false)).toEqual({ kind: 'none' });
  });
});
