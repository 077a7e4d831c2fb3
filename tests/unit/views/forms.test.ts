import { describe, expect, it } from 'vitest';
import { TERMS_MESSAGE } from '../../../src/rules/forms.ts';
import { formPageView } from '../../../src/views/forms.ts';
import type { FormKind } from '../../../src/data/route-manifest.ts';
import type { SiteConfig } from '../../../src/schemas/site-config.ts';
import type { SiteData } from '../../../src/data/site-data.ts';

/** The form of a form page (its iframe form has no spec). */
const leadFormView = (kind: FormKind, s: SiteConfig, data: SiteData) => formPageView(kind, s, data).spec!;
import { COPY, location, site, siteData } from './fixtures.ts';

describe('lead forms', () => {
  const fields = (form: ReturnType<typeof leadFormView>) => Object.fromEntries(form.steps.flatMap((s) => s.fields).map((f) => [f.name, f]));

  it('adds the terms checkbox and notice only on sites that require them', () => {
    expect(leadFormView('book-test-drive', site({ forms: { requireTerms: true } }), siteData()).terms).toEqual({ notice: TERMS_MESSAGE, href: '/terms-and-conditions/' });
    expect(leadFormView('book-test-drive', site(), siteData()).terms).toBeNull();
  });

  it('builds the service booking from the steps, with Service Type only when the site lists types', () => {
    const one = site({ dealerships: [{ id: 1, name: 'Bayside MG Capalaba', slug: 'capalaba' }] });
    const form = leadFormView('service', one, siteData());
    expect(form.heading).toBe('Book Your Service at Bayside MG Capalaba');
    expect(form.form).toBe('service-booking');
    expect(form.steps.map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
    expect(fields(form)['Service Type']).toBeUndefined();
    expect(fields(form)['Vehicle Make']).toMatchObject({ required: true });
    expect(fields(form)['Preferred Service Date']).toMatchObject({ kind: 'datetime-local', required: false });

    const typed = fields(leadFormView('service', site({ forms: { serviceTypes: ['Logbook service', 'Repair'], serviceIntervalRequired: true } }), siteData()));
    expect(typed['Service Type']).toMatchObject({ kind: 'select', required: true, options: [{ value: 'Logbook service', label: 'Logbook service' }, { value: 'Repair', label: 'Repair' }] });
    expect(typed['Service Interval']).toMatchObject({ required: true });
  });

  it('asks trade-ins for a required 4-digit postcode and follows the quote opt-in switch', () => {
    const form = leadFormView('trade-in', site({ forms: { quoteOptIn: false } }), siteData());
    const f = fields(form);
    expect(f.postcode).toMatchObject({ required: true, maxLength: 4, pattern: '\\d{4}', patternMessage: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(f.name).toMatchObject({ required: true, label: 'First Name' });
    expect(f.last_name).toMatchObject({ required: false });
    expect(f.regoState).toMatchObject({ value: 'QLD' });
    expect(f.PreferredContactMethod).toMatchObject({ value: 'Phone' });
    expect(form.optIn).toBe(false);
    expect(form.intro).toContain('7 years old');
    expect(fields(leadFormView('sell-my-car', site(), siteData())).make).toMatchObject({ required: false });
  });

  it("shows the site copy's valuation guidance above the trade-in and sell-your-car forms", () => {
    const data = siteData({ content: { copy: { ...COPY, valuationGuidance: 'Bring your logbook and both keys.' } } });
    expect(leadFormView('trade-in', site(), data).intro).toBe('Bring your logbook and both keys.');
    expect(leadFormView('sell-my-car', site(), data).intro).toBe('Bring your logbook and both keys.');
    expect(leadFormView('finance', site(), data).intro).toBeNull();
  });

  it('adds the test-drive dealership picker only when the primary location has distribution locations', () => {
    const lonely = location({ primary: true, distribution_locations: [] });
    expect(fields(leadFormView('book-test-drive', site(), siteData({ locations: [lonely] }))).dealership).toBeUndefined();
    const served = location({ primary: true, dealership_slug: 'chermside', distribution_locations: [{ id: 12, name: 'Aspley', slug: 'aspley', dealership_slug: 'aspley' }] });
    expect(fields(leadFormView('book-test-drive', site(), siteData({ locations: [served] }))).dealership).toMatchObject({
      kind: 'select',
      required: false,
      options: [
        { value: 'chermside', label: 'Chermside' },
        { value: 'aspley', label: 'Aspley' },
      ],
    });
  });

  it('gives the finance form its anchor and a required preferred dealership', () => {
    const form = leadFormView('finance', site({ dealerships: [{ id: 1, name: 'A', slug: 'a' }] }), siteData());
    expect(form.id).toBe('finance-form');
    expect(fields(form).preferredDealership).toMatchObject({ required: true, options: [{ value: 'a', label: 'A' }] });
    expect(fields(form).message).toMatchObject({ required: false });
  });
});
