import { describe, expect, it } from 'vitest';
import { printLink } from '../../../../src/views/vehicle/print.ts';
import { headerPhone } from '../../../../src/views/phone.ts';
import { LOCATIONS, site, vehicle } from './fixtures.ts';

describe('print link', () => {
  it('opens the printable page by default', () => {
    expect(printLink(vehicle(), site())).toEqual({ kind: 'page', href: '/cars/2024-toyota-corolla-ascent-4101/print/', carId: 4101 });
  });

  it('downloads the PDF from the runtime API, named after the slug, on sites that print to PDF', () => {
    expect(printLink(vehicle(), site('features:\n  print: pdf\napi:\n  baseUrl: https://ops.example\n'))).toEqual({
      kind: 'pdf',
      href: 'https://ops.example/api/cars/2024-toyota-corolla-ascent-4101/pdf?site=test-motors',
      carId: 4101,
      filename: '2024-toyota-corolla-ascent-4101.pdf',
    });
    // The API draws no PDF of a sold vehicle: its page keeps the printable page.
    expect(printLink(vehicle({ status: 'sold' }), site('features:\n  print: pdf\n'))).toMatchObject({ kind: 'page' });
  });

  it('shows none where the site turns printing off', () => {
    expect(printLink(vehicle(), site('features:\n  print: "off"\n'))).toBeNull();
  });
});

describe('header phone', () => {
  it('masks the primary number on masking sites; a reveal on a vehicle page is about that vehicle', () => {
    const locations = LOCATIONS.map((l) => ({ ...l, dealership_id: 30 }));
    expect(headerPhone(site(), locations, { kind: 'vehicle', vehicleId: 4101 })).toEqual({
      text: '07 3849 6639',
      tel: 'tel:0738496639',
      masked: '07 38*******',
      reveal: { url: '/api/phone-reveal', record: { car_id: 4101, dealership_id: 30, website_id: 'test-motors' } },
    });
    expect(headerPhone(site(), locations, { kind: 'home' })!.reveal.record).toEqual({ dealership_id: 30, website_id: 'test-motors' });
  });

  it('shows the number at once where the site does, and on the printable page', () => {
    expect(headerPhone(site('vehicle:\n  showPhoneImmediately: true\n'), LOCATIONS, { kind: 'home' })!.masked).toBeNull();
    expect(headerPhone(site(), LOCATIONS, { kind: 'vehicle-print', vehicleId: 4101 })!.masked).toBeNull();
    expect(headerPhone(site(), [], { kind: 'home' })).toBeNull();
  });
});
