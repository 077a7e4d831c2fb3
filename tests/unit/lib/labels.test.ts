import { describe, expect, it } from 'vitest';
import { carTypeCarsLabel, carTypeLabel, locationTypeLabel, MAKE_KIND_LABELS, MAKE_KINDS, makeModelLabel, stockOfTypesLabel } from '../../../src/lib/labels.ts';

describe('labels', () => {
  it('names car types and their stock', () => {
    expect(['new', 'demo', 'used'].map(carTypeLabel)).toEqual(['New', 'Demo', 'Used']);
    expect(['new', 'demo', 'used'].map(carTypeCarsLabel)).toEqual(['New Cars', 'Demo Cars', 'Used Cars']);
    // A car type the platform adds later still shows, as it comes.
    expect(carTypeCarsLabel('ex-lease')).toBe('ex-lease Cars');
  });

  it('titles a whole stock by the car types in it, so a used-only dealer does not offer new cars', () => {
    expect(stockOfTypesLabel(['new', 'demo', 'used'])).toBe('New, Used and Demo Cars');
    expect(stockOfTypesLabel(['used'])).toBe('Used Cars');
    expect(stockOfTypesLabel(['demo', 'new'])).toBe('New and Demo Cars');
    expect(stockOfTypesLabel([])).toBe('New, Used and Demo Cars');
  });

  it('says a make once when the model name starts with it', () => {
    expect(makeModelLabel('Toyota', 'Corolla')).toBe('Toyota Corolla');
    expect(makeModelLabel('Polestar', 'Polestar 2')).toBe('Polestar 2');
    expect(makeModelLabel('MG', 'MG4')).toBe('MG MG4');
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
