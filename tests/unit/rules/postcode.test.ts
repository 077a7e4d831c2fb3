import { describe, expect, it } from 'vitest';
import {
  POSTCODE_MAX_LENGTH,
  geocodeQuery,
  geocodedPoint,
  postcodeError,
  postcodeInputValue,
} from '../../../src/rules/postcode.ts';

const MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

describe('postcode validation', () => {
  it.each(['4000', '0800', ' 4101 '])('accepts %j', (value) => {
    expect(postcodeError(value)).toBeNull();
  });

  it.each(['', '   ', '400', '40000', '4,00', 'abcd', '40a0'])('rejects %j with the spec message', (value) => {
    expect(postcodeError(value)).toBe(MESSAGE);
  });

  it('is required', () => {
    expect(postcodeError(undefined)).toBe(MESSAGE);
    expect(postcodeError(null)).toBe(MESSAGE);
  });
});

describe('postcode input', () => {
  it('allows at most 4 characters', () => {
    expect(POSTCODE_MAX_LENGTH).toBe(4);
    expect(postcodeInputValue('40001')).toBe('4000');
  });

  it('never shows a thousands separator and keeps leading zeros', () => {
    expect(postcodeInputValue('4,000')).toBe('4000');
    expect(postcodeInputValue('0800')).toBe('0800');
    expect(postcodeInputValue('41 0a1')).toBe('4101');
  });
});

describe('geocoding', () => {
  it('asks for the postcode in Australia', () => {
    expect(geocodeQuery(' 4000 ')).toEqual({ address: '4000', components: 'country:AU' });
  });

  it("reads the first result's latitude and longitude", () => {
    const response = {
      results: [{ geometry: { location: { lat: -27.4698, lng: 153.0251 } } }, { geometry: { location: { lat: 0, lng: 0 } } }],
    };
    expect(geocodedPoint(response)).toEqual({ lat: -27.4698, long: 153.0251 });
  });

  it("fails with 'Invalid postcode' when there is no result", () => {
    expect(() => geocodedPoint({ results: [] })).toThrow(new Error('Invalid postcode'));
    expect(() => geocodedPoint(null)).toThrow('Invalid postcode');
    expect(() => geocodedPoint({ results: [{ geometry: null }] })).toThrow('Invalid postcode');
  });
});
