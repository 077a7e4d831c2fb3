import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import {
  careersForm,
  contactForm,
  financeForm,
  formPageForm,
  serviceForm,
  specRules,
  testDriveForm,
  valuationForm,
  vehicleEnquiryForm,
  type FormContext,
  type FormSpec,
} from '../../src/forms/definitions.ts';
import { leadFields, siteLeadRules, validateLead } from '../../src/forms/lead-validation.ts';
import { hiddenPrefillKeys, prefillSubmission, queryPrefill } from '../../src/forms/prefill.ts';
import { submitLead } from '../../src/forms/submit.ts';
import type { Location } from '../../src/schemas/location.ts';

const sites = loadAllSiteConfigs('sites');
const bayside = findSite(sites, 'bayside-mg');
const northside = findSite(sites, 'northside-used');
const summit = findSite(sites, 'summit-motor-group');
const location = (id: number, extra: Partial<Location> = {}): Location => ({ id, name: `Location ${id}`, slug: `location-${id}`, ...extra }) as Location;
const ctx = (site = bayside, locations: Location[] = [location(1)]): FormContext => ({ site, locations });
const vehicle = { id: 100001, name: '2019 Mazda CX-5 Maxx', slug: '2019-mazda-cx-5-maxx-100001', car_type: 'used' as const, tag: null, vin: 'JM0KF4W7A00000001' };
const names = (spec: FormSpec) => spec.steps.map((s) => s.fields.map((f) => f.name));
const contact = { name: 'Jane', email: 'jane@example.com', phone: '0412 345 678' };

describe('form definitions', () => {
  it("labels every field the same everywhere ('First Name', 'Mobile') and includes last_name", () => {
    const enquiry = vehicleEnquiryForm({ ...ctx(), vehicle });
    const labels = Object.fromEntries(enquiry.steps[0]!.fields.map((f) => [f.name, f.label]));
    expect(labels).toMatchObject({ name: 'First Name', last_name: 'Last Name', email: 'Email', phone: 'Mobile', message: 'Comments' });
    expect(enquiry.heading).toBe('Submit an enquiry');
    expect(enquiry.hidden).toEqual({ car_id: '100001' });
    expect(enquiry.eventId).toBe(15); // enquiry on a used vehicle
    expect(vehicleEnquiryForm({ ...ctx(), vehicle: { ...vehicle, car_type: 'new' } }).eventId).toBe(14);
    expect(vehicleEnquiryForm({ ...ctx(northside), vehicle }).submitLabel).toBe('Message Now');
  });

  it('asks a sold vehicle for something similar, with the message written', () => {
    const similar = vehicleEnquiryForm({ ...ctx(), vehicle }, { similar: true });
    expect(similar.heading).toBe('Find Me Something Similar');
    expect(similar.steps[0]!.fields.find((f) => f.name === 'message')!.value).toBe('Please find me something similar to the 2019 Mazda CX-5 Maxx.');
  });

  it('books a test drive in two steps, with the dealership picker only where the location has distribution locations', () => {
    const plain = testDriveForm({ ...ctx(), vehicle });
    expect(names(plain)).toEqual([['name', 'last_name', 'email', 'phone'], ['preferred_date_time', 'message']]);
    expect(plain.steps[1]!.fields.every((f) => !f.required)).toBe(true);
    expect(plain.eventId).toBe(48); // test drive on a used vehicle
    expect(testDriveForm({ ...ctx(), vehicle: { ...vehicle, car_type: 'new', tag: 'Test Drive Only' } }).eventId).toBe(17);
    const distributed = testDriveForm(ctx(bayside, [location(1, { distribution_locations: [{ name: 'Springwood', slug: 'springwood', dealership_slug: 'springwood' }] as Location['distribution_locations'] })]));
    expect(names(distributed)[1]).toEqual(['dealership', 'preferred_date_time', 'message']);
    expect(distributed.steps[1]!.fields[0]!.options!.map((o) => o.value)).toEqual(['location-1', 'springwood']);
  });

  it("offers a location's free times where its hours are known: the one location's, or each picked dealership's", () => {
    const hours = { contact_detail: { opening_hours: [{ weekday: 1, status: 'Open', open: '08:30', close: '17:00' }] } } as Partial<Location>;
    expect(testDriveForm({ ...ctx(), vehicle }).appointments).toBeNull();
    const open = location(1, hours);
    expect(testDriveForm({ ...ctx(bayside, [open]), vehicle }).appointments).toEqual({ choice: null, urls: { '': '/api/test-drive/availability?site=bayside-mg&location=location-1' } });
    // The vehicle's own location, when the page names it.
    expect(testDriveForm({ ...ctx(bayside, [open, location(2, hours)]), vehicle }, { location: location(2, hours) }).appointments!.urls['']).toMatch(/location=location-2$/);
    // With a picker: by the dealership chosen, for each one whose location has hours.
    const springwood = location(3, { ...hours, slug: 'springwood', dealership_slug: 'springwood-mg' });
    const picker = testDriveForm(ctx(bayside, [location(1, { ...hours, distribution_locations: [{ id: 3, name: 'Springwood', slug: 'springwood', dealership_slug: 'springwood-mg' }, { id: 9, name: 'Elsewhere', slug: 'elsewhere' }] as Location['distribution_locations'] }), springwood]));
    expect(picker.appointments).toEqual({
      choice: 'dealership',
      urls: { 'location-1': '/api/test-drive/availability?site=bayside-mg&location=location-1', 'springwood-mg': '/api/test-drive/availability?site=bayside-mg&location=springwood' },
    });
  });

  it('prefills the finance form from the query string and posts to #finance-form', () => {
    const finance = financeForm(ctx());
    expect(finance.id).toBe('finance-form');
    expect(finance.prefillFromQuery).toEqual(['preferredDealership', 'vehiclePriceBudget', 'car_id', 'car_type', 'vin']);
    expect(financeForm({ ...ctx(), vehicle }).hidden).toEqual({ car_id: '100001', car_type: 'used', vin: 'JM0KF4W7A00000001' });
  });

  it('orders the service booking by variant: A contact first, B vehicle first; Service Type per settings', () => {
    expect(serviceForm(ctx()).steps.map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
    const b = serviceForm(ctx(northside));
    expect(b.steps.map((s) => s.title)).toEqual(['Vehicle Details', 'Contact Details', 'Order Details']);
    expect(b.serviceVariantB).toBe(true);
    expect(names(b)[0]).toEqual(['Vehicle Rego', 'Vehicle State', 'Vehicle Make', 'Vehicle Model', 'Vehicle Year']);
    const extras = serviceForm(ctx({ ...bayside, forms: { ...bayside.forms, additionalServices: ['Wheel alignment', 'Car wash'] } })).steps[2]!.fields.find((f) => f.name === 'additional_services');
    expect(extras).toMatchObject({ kind: 'checks', required: false, options: [{ value: 'Wheel alignment', label: 'Wheel alignment' }, { value: 'Car wash', label: 'Car wash' }] });
    expect(serviceForm(ctx({ ...bayside, forms: { ...bayside.forms, additionalServices: [] } })).steps[2]!.fields.map((f) => f.name)).not.toContain('additional_services');
    const typed = serviceForm(ctx({ ...bayside, forms: { ...bayside.forms, serviceTypes: ['Logbook service', 'Repair'] } }));
    expect(typed.steps[2]!.fields.find((f) => f.name === 'Service Type')).toMatchObject({ required: true, options: [{ value: 'Logbook service', label: 'Logbook service' }, { value: 'Repair', label: 'Repair' }] });
  });

  it('asks valuations for a 4-digit postcode, contact by Phone by default, and Yes/No answers', () => {
    const trade = valuationForm({ ...ctx(northside), tradeInGuidance: 'Guidance.' }, 'trade-in');
    const fields = trade.steps.flatMap((s) => s.fields);
    expect(fields.find((f) => f.name === 'postcode')).toMatchObject({ required: true, maxLength: 4, pattern: '\\d{4}', patternMessage: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(fields.find((f) => f.name === 'PreferredContactMethod')!.value).toBe('Phone');
    expect(fields.find((f) => f.name === 'finance')!.options!.map((o) => o.value)).toEqual(['Yes', 'No']);
    expect(trade.intro).toBe('Guidance.');
    expect(trade.terms).not.toBeNull(); // northside-used requires agreement
  });

  it('sends careers as a Careers Enquiry with event 51, and the contact form requires category and location', () => {
    expect(careersForm(ctx()).hidden).toEqual({ category: 'Careers Enquiry' });
    expect(careersForm(ctx()).eventId).toBe(51);
    const contactSpec = contactForm(ctx(summit, [location(1), location(2)]));
    expect(specRules(contactSpec)).toMatchObject({ category: 'required', location: 'required' });
  });

  it('has a form for every form page', () => {
    for (const kind of ['finance', 'finance-enquiry', 'service', 'trade-in', 'sell-my-car', 'book-test-drive'] as const) {
      expect(formPageForm(kind, ctx()).action).toBe('/api/leads');
    }
  });
});

describe('prefill from the page address', () => {
  // The vehicle link names the vehicle's dealership, one of the site's (bayside-mg lists its dealerships).
  const dealership = bayside.dealerships[0]!.slug;
  const financeQuery = new URLSearchParams({ car_id: '100001', car_type: 'used', vehiclePriceBudget: '25740', vin: 'JM0KF4W7A00000001', preferredDealership: dealership });

  it('fills the finance form from the vehicle link: shown fields and the vehicle values sent hidden', () => {
    expect(queryPrefill(financeForm(ctx()), financeQuery)).toEqual({ preferredDealership: dealership, vehiclePriceBudget: '25740', car_id: '100001', car_type: 'used', vin: 'JM0KF4W7A00000001' });
    // The form page shows no field for the vehicle values: it sends them hidden once it has read them.
    expect(hiddenPrefillKeys(financeForm(ctx()))).toEqual(['car_id', 'car_type', 'vin']);
    // A dialog about a vehicle already sends them.
    expect(hiddenPrefillKeys(financeForm({ ...ctx(), vehicle }))).toEqual([]);
  });

  it('takes a select value only when it is one of its options, and skips empty values', () => {
    const other = new URLSearchParams({ preferredDealership: 'somewhere-else', vehiclePriceBudget: '', car_id: '7' });
    expect(queryPrefill(financeForm(ctx()), other)).toEqual({ car_id: '7' });
  });

  it('takes car_id on the test drive and trade-in pages, and nothing a form does not list', () => {
    const query = new URLSearchParams({ car_id: '100004', name: 'Mallory', vehiclePriceBudget: '1' });
    expect(queryPrefill(testDriveForm(ctx()), query)).toEqual({ car_id: '100004' });
    expect(queryPrefill(valuationForm(ctx(northside), 'trade-in'), query)).toEqual({ car_id: '100004' });
    expect(queryPrefill(valuationForm(ctx(northside), 'sell-my-car'), query)).toEqual({});
    expect(hiddenPrefillKeys(testDriveForm(ctx()))).toEqual(['car_id']);
  });

  it('fills what a form posted without JavaScript left empty from its page address; what was typed wins', () => {
    const posted = { name: 'Jane', vehiclePriceBudget: '', preferredDealership: 'location-2' };
    expect(prefillSubmission('finance-enquiry', posted, financeQuery)).toEqual({ ...posted, vehiclePriceBudget: '25740', car_id: '100001', car_type: 'used', vin: 'JM0KF4W7A00000001' });
    expect(prefillSubmission('enquiry', posted, financeQuery)).toEqual(posted);
  });
});

describe('lead validation (island and API alike)', () => {
  it('lists the required fields first in form order, then format problems', () => {
    const result = validateLead('trade-in', { email: 'x', postcode: '12' }, siteLeadRules('trade-in', northside));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Please enter your first name.',
      'Please enter your phone number.',
      '* You must agree to the terms of use before submitting the form.',
      'Please enter a valid email address.',
      'Invalid postcode. Please enter a 4-digit number.',
    ]);
  });

  it('turns a form post into lead fields: ticked boxes, collected options, careers converted', () => {
    expect(leadFields({ opt_in: 'on', terms_conditions: 'true', 'Wheel alignment_check': 'on', 'Tyres_radio': 'x', category: 'Careers Enquiry' })).toEqual({
      opt_in: true,
      terms_conditions: true,
      additional_services: ['Wheel alignment'],
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
    });
  });

  it("gathers the valuation's adjustment answers by question, and marks an accepted offer '3. Offer Accepted'", () => {
    const fields = leadFields({ ...contact, postcode: '4000', adjust_accident: 'No', adjust_keys: 'Yes', adjust_tyres: '', offer_accepted: 'true' });
    expect(fields.adjustmentAnswers).toEqual({ 'Has the car had accident damage?': 'No', 'Do you have two keys?': 'Yes' });
    const result = validateLead('trade-in', fields, siteLeadRules('trade-in', bayside));
    expect(result).toMatchObject({ ok: true, lead: { lead_status: 'offer accepted', subcategory: '3. Offer Accepted', adjustmentAnswers: { 'Do you have two keys?': 'Yes' } } });
    expect(validateLead('trade-in', leadFields({ ...contact, postcode: '4000' }), siteLeadRules('trade-in', bayside))).toMatchObject({ ok: true, lead: { form: 'trade-in' } });
    expect(valuationForm(ctx(), 'trade-in').steps.map((s) => s.title)).toEqual(['Your car', 'Its condition', 'Your details']);
  });

  it('accepts a complete lead', () => {
    expect(validateLead('enquiry', { ...contact, message: 'Hi' }, siteLeadRules('enquiry', bayside))).toMatchObject({ ok: true, lead: { form: 'enquiry', name: 'Jane' } });
  });
});

describe('sending a lead from the browser', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  async function answering(status: number, body: string): Promise<{ url: string; seen: Array<{ key: string | undefined; body: unknown }> }> {
    const seen: Array<{ key: string | undefined; body: unknown }> = [];
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(raw) });
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/leads`, seen };
  }

  const spec = { site: 'bayside-mg', form: 'enquiry' as const, hidden: { car_id: '7' } };

  it('reads lead_id, and sends the key, the envelope and the hidden values', async () => {
    const { url, seen } = await answering(201, '{"lead_id":42}');
    expect(await submitLead({ ...spec, action: url }, { ...contact }, { key: 'k1', page: '/cars/x/' })).toEqual({ kind: 'stored', leadId: 42 });
    expect(seen).toEqual([{ key: 'k1', body: { ...contact, car_id: '7', site: 'bayside-mg', form: 'enquiry', _page: '/cars/x/' } }]);
  });

  it("shows the server's error, its field errors, or 'An unexpected error occured' when it says neither", async () => {
    let { url } = await answering(429, '{"error":"Rate limit exceeded, retry in 1 minute"}');
    expect(await submitLead({ ...spec, action: url }, contact, { key: 'k', page: '/' })).toEqual({ kind: 'failed', message: 'Rate limit exceeded, retry in 1 minute' });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    ({ url } = await answering(422, '{"error":"Please fix the following errors:","errors":[{"field":"email","message":"Please enter a valid email address."}]}'));
    expect(await submitLead({ ...spec, action: url }, contact, { key: 'k', page: '/' })).toEqual({ kind: 'invalid', errors: [{ field: 'email', message: 'Please enter a valid email address.' }] });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    ({ url } = await answering(200, '{"ok":true}'));
    expect(await submitLead({ ...spec, action: url }, contact, { key: 'k', page: '/' })).toEqual({ kind: 'failed', message: 'An unexpected error occured' });
  });

  it("says 'An error occurred when submitting this form' when no answer comes", async () => {
    const { url } = await answering(201, '{}');
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
    expect(await submitLead({ ...spec, action: url }, contact, { key: 'k', page: '/' })).toEqual({ kind: 'failed', message: 'An error occurred when submitting this form' });
  });
});
