import { describe, expect, it } from 'vitest';
import { featureList, specList } from '../../../../src/views/vehicle/specs.ts';
import { NOW, site, vehicle } from './fixtures.ts';

describe('specifications and features', () => {
  it('hides rows without a value and shows 4 before Show All', () => {
    const specs = specList(vehicle({ badge: null, series: 'null', colour: 'Red', vin: '   ' }), site(), NOW);
    expect(specs.initial.map((r) => r.label)).toEqual(['Make', 'Model', 'Year', 'Odometer']);
    expect(specs.toggle).toBe('Show All');
    expect(specs.lessLabel).toBe('Show Less');
    const labels = [...specs.initial, ...specs.rest].map((r) => r.label);
    expect(labels).toContain('Colour');
    expect(labels).not.toContain('Badge');
    expect(labels).not.toContain('Series');
    expect(labels).not.toContain('VIN');
  });

  it('shows the registration expiry per the rego rule', () => {
    const rows = (fields: Record<string, unknown>, extra = '') => {
      const specs = specList(vehicle(fields), site(extra), NOW);
      return [...specs.initial, ...specs.rest].find((r) => r.label === 'Registration expiry')?.value;
    };
    expect(rows({ rego_expiry: '2027-03-12' })).toBe('Expires on 12/03/2027');
    expect(rows({ rego_expiry: '2026-01-01' })).toBeUndefined();
    expect(rows({ rego_expiry: '2026-01-01' }, 'vehicle:\n  showUnregistered: true\n')).toBe('Unregistered');
  });

  it('lists 8 features, then the rest behind Show More; grouped lists are flattened in order', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `Feature ${i + 1}`);
    const list = featureList(vehicle({ standardEquipment: nine }), site());
    expect(list.initial).toHaveLength(8);
    expect(list.rest).toEqual(['Feature 9']);
    expect(list.toggle).toBe('Show More');
    const grouped = featureList(vehicle({ standardEquipment: { Safety: ['ABS', 'AEB'], Comfort: ['Heated seats'] } }), site());
    expect(grouped).toEqual({ initial: ['ABS', 'AEB', 'Heated seats'], rest: [], toggle: null, lessLabel: null });
  });
});
