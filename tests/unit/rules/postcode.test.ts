import { describe, expect, it } from 'vitest';
import { POSTCODE_CENTROIDS } from '../../../src/lib/postcode-centroids.ts';
import { distanceKm } from '../../../src/rules/locations.ts';
import {
  POSTCODE_MAX_LENGTH,
  geocodePostcode,
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

describe('geocoding a postcode from the shipped centroid table', () => {
  const table = { '4000': [-27.4698, 153.0251], '2000': [-33.8688, 151.2093] } as const;

  it('answers the centroid of a known postcode, spaces ignored', () => {
    expect(geocodePostcode(' 4000 ', table)).toEqual({ lat: -27.4698, long: 153.0251 });
  });

  it.each(['', '400', '40001', 'abcd'])('refuses %j with the 4-digit message', (value) => {
    expect(() => geocodePostcode(value, table)).toThrow(new Error(MESSAGE));
  });

  it("answers 'Invalid postcode' for 4 digits that are no known postcode", () => {
    expect(() => geocodePostcode('9999', table)).toThrow(new Error('Invalid postcode'));
  });
});

describe('the postcode centroid table', () => {
  const entries = Object.entries(POSTCODE_CENTROIDS);

  it('holds 4-digit postcodes inside Australia', () => {
    expect(entries.length).toBeGreaterThan(200);
    for (const [postcode, [lat, long]] of entries) {
      expect(postcode).toMatch(/^\d{4}$/);
      expect(lat).toBeGreaterThan(-44);
      expect(lat).toBeLessThan(-10);
      expect(long).toBeGreaterThan(112);
      expect(long).toBeLessThan(154);
    }
  });

  it('puts Brisbane (4000) about 730 km from Sydney (2000)', () => {
    const km = distanceKm(geocodePostcode('4000', POSTCODE_CENTROIDS), geocodePostcode('2000', POSTCODE_CENTROIDS));
    expect(km).toBeGreaterThan(725);
    expect(km).toBeLessThan(740);
  });

  it('puts Capalaba (4157) about 7 km from Cleveland (4163) and Melbourne (3000) about 1,370 km from Brisbane', () => {
    expect(distanceKm(geocodePostcode('4157', POSTCODE_CENTROIDS), geocodePostcode('4163', POSTCODE_CENTROIDS))).toBeCloseTo(7.1, 0);
    const melbourne = distanceKm(geocodePostcode('3000', POSTCODE_CENTROIDS), geocodePostcode('4000', POSTCODE_CENTROIDS));
    expect(melbourne).toBeGreaterThan(1360);
    expect(melbourne).toBeLessThan(1380);
  });
});
