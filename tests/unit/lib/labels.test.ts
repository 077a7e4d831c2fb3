import { describe, expect, it } from 'vitest';
import { carTypeCarsLabel, carTypeLabel, locationTypeLabel, MAKE_KIND_LABELS, MAKE_KINDS } from '../../../src/lib/labels.ts';

describe('labels', () => {
  it('names car types and their stock', () => {
    expect(['new', 'demo', 'used'].map(carTypeLabel)).toEqual(['New', 'Demo', 'Used']);
    expect(['new', 'demo', 'used'].map(carTypeCarsLabel)).toEqual(['New Cars', 'Demo Cars', 'Used Cars']);
    // A car type the platform adds later still shows, as it comes.
    expect(carTypeCarsLabel('ex-lease')).toBe('ex-lease Cars');
  });

  it('names location types, and gives none for a location without one', () => {
    expect(locationTypeLabel('service-and-parts')).toBe('Service & Parts');
    expect(locationTypeLabel('sales')).toBe('Sales');
    expect(locationTypeLabel('')).toBeNull();
    expect(locationTypeLabel(null)).toBeNull();
  });

  it('heads the brand groups in order: cars, motorcycles, trucks, caravans', () => {
    expect(MAKE_KINDS.map((k) => MAKE_KIND_LABELS[k])).toEqual(['Cars', 'Motorcycles', 'Trucks', 'Caravans']);
  });
});
