import { describe, expect, it } from 'vitest';
import { showVehicleReport, vehicleReportCheckApplies } from '../../../src/rules/vehicle-report.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const inStock = { status: 'in_stock', sold: false, reserved: false, price: 24990, car_type: 'used' };

describe('autograb check', () => {
  it('applies to an in-stock, unsold, unreserved vehicle priced above $200', () => {
    expect(vehicleReportCheckApplies(inStock)).toBe(true);
  });

  it('needs a price above 200: 201 qualifies, 200 and 0 do not', () => {
    expect(vehicleReportCheckApplies({ ...inStock, price: 201 })).toBe(true);
    expect(vehicleReportCheckApplies({ ...inStock, price: 200 })).toBe(false);
    expect(vehicleReportCheckApplies({ ...inStock, price: 0 })).toBe(false);
  });

  it('needs status in_stock', () => {
    expect(vehicleReportCheckApplies({ ...inStock, status: 'coming_soon' })).toBe(false);
    expect(vehicleReportCheckApplies({ ...inStock, status: 'sold' })).toBe(false);
  });

  it('does not apply to a sold or reserved vehicle', () => {
    expect(vehicleReportCheckApplies({ ...inStock, sold: true })).toBe(false);
    expect(vehicleReportCheckApplies({ ...inStock, reserved: true })).toBe(false);
  });

  it('treats missing sold and reserved flags as not sold and not reserved', () => {
    expect(vehicleReportCheckApplies({ status: 'in_stock', price: 5000 })).toBe(true);
  });
});

describe('vehicle report on the page', () => {
  const on = site({ features: { vehicleReport: true } }).features;

  it('shows for a used vehicle that passes the check when the site switches it on', () => {
    expect(showVehicleReport(inStock, on)).toBe(true);
    expect(showVehicleReport(inStock, site().features)).toBe(false);
  });

  it('is for used cars only', () => {
    expect(showVehicleReport({ ...inStock, car_type: 'new' }, on)).toBe(false);
    expect(showVehicleReport({ ...inStock, car_type: 'demo' }, on)).toBe(false);
  });

  it('follows the check', () => {
    expect(showVehicleReport({ ...inStock, reserved: true }, on)).toBe(false);
    expect(showVehicleReport({ ...inStock, price: 200 }, on)).toBe(false);
  });
});
