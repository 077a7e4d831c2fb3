import { describe, expect, it } from 'vitest';
import {
  acceptTradeInOffer,
  categoriseEnquiry,
  collectOptionFields,
  enquiryFieldRules,
  formErrorList,
  formErrorText,
  requiredFieldErrors,
  serviceFieldRules,
  testDriveFieldRules,
} from '../../../src/rules/forms.ts';
import { ServiceBookingLeadSchema } from '../../../src/schemas/leads.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const TERMS = '* You must agree to the terms of use before submitting the form.';
const contact = { name: 'Jane', email: 'jane@example.com', phone: '0412 345 678' };

describe('careers enquiries', () => {
  it('become General Enquiry with subcategory Career Enquiry and fire event 51', () => {
    expect(categoriseEnquiry({ category: 'Careers Enquiry', message: 'Hi' }, site().forms)).toEqual({
      fields: { category: 'General Enquiry', subcategory: 'Career Enquiry', message: 'Hi' },
      eventId: 51,
    });
  });

  it('leave other categories alone and fire event 22', () => {
    expect(categoriseEnquiry({ category: 'Sales Enquiry' }, site().forms)).toEqual({ fields: { category: 'Sales Enquiry' }, eventId: 22 });
    expect(categoriseEnquiry({}, site().forms)).toEqual({ fields: {}, eventId: 22 });
  });

  it('use the configured event ids', () => {
    const forms = site({ forms: { enquiryEventId: 7, careersEventId: 8 } }).forms;
    expect(categoriseEnquiry({ category: 'Careers Enquiry' }, forms).eventId).toBe(8);
    expect(categoriseEnquiry({ category: 'General Enquiry' }, forms).eventId).toBe(7);
  });
});

describe('radio and check option fields', () => {
  it('drops radio option fields and moves checked check options into additional_services', () => {
    const sent = collectOptionFields({
      name: 'Jane',
      'Tyres Replacement': 'Yes',
      'Tyres Replacement_radio': 'Yes',
      'Wheel alignment_check': true,
      'Car wash_check': 'on',
      'Brake inspection_check': false,
      'Air con regas_check': '',
    });
    expect(sent).toEqual({ name: 'Jane', 'Tyres Replacement': 'Yes', additional_services: ['Wheel alignment', 'Car wash'] });
  });

  it('leaves additional_services out when nothing is checked', () => {
    expect(collectOptionFields({ name: 'Jane', 'Car wash_check': 'off' })).toEqual({ name: 'Jane' });
  });

  it('keeps services already listed and does not repeat them', () => {
    expect(collectOptionFields({ additional_services: ['Car wash'], 'Car wash_check': true, 'Wheel alignment_check': 'true' })).toEqual({
      additional_services: ['Car wash', 'Wheel alignment'],
    });
  });

  it('produces what the service booking lead schema accepts', () => {
    const lead = ServiceBookingLeadSchema.parse(
      collectOptionFields({
        form: 'service-booking',
        ...contact,
        'Vehicle Make': 'MG',
        'Vehicle Model': 'ZS',
        'Vehicle Year': '2021',
        'Car wash_check': 'on',
      }),
    );
    expect(lead.additional_services).toEqual(['Car wash']);
  });
});

describe('enquiry form fields', () => {
  it('requires the message by default and keeps Rego optional', () => {
    const rules = enquiryFieldRules(site());
    expect(rules.message).toBe('required');
    expect(rules.Rego).toBe('optional');
    expect(rules.category).toBeUndefined();
    expect(rules.terms_conditions).toBeUndefined();
  });

  it('makes the message optional when the site or the form says so', () => {
    expect(enquiryFieldRules(site({ forms: { enquiryMessageRequired: false } })).message).toBe('optional');
    expect(enquiryFieldRules(site(), { messageOptional: true }).message).toBe('optional');
  });

  it('requires category, location and preferred dealership when shown', () => {
    const rules = enquiryFieldRules(site(), { showCategory: true, showLocation: true, showDealership: true });
    expect(rules).toMatchObject({ category: 'required', location: 'required', dealership_slug: 'required' });
  });

  it('requires the terms checkbox on sites that need it', () => {
    expect(enquiryFieldRules(site({ forms: { requireTerms: true } })).terms_conditions).toBe('required');
  });
});

describe('service booking fields', () => {
  it('follows the defaults: interval optional, no service type, dealership optional', () => {
    const rules = serviceFieldRules(site());
    expect(rules['Service Interval']).toBe('optional');
    expect(rules['Service Type']).toBeUndefined();
    expect(rules.Comments).toBe('optional');
    expect(rules['Vehicle Rego']).toBe('optional');
    expect(rules.dealership_slug).toBe('optional');
  });

  it('requires the interval per site setting and the type when service types exist', () => {
    const rules = serviceFieldRules(site({ forms: { serviceIntervalRequired: true, serviceTypes: ['Logbook service'] } }));
    expect(rules['Service Interval']).toBe('required');
    expect(rules['Service Type']).toBe('required');
  });

  it('requires dealership_slug only in the short variant with more than one dealership', () => {
    const one = [{ id: 1, name: 'Bayside MG', slug: 'bayside-mg' }];
    const two = [...one, { id: 2, name: 'Bayside MG Cleveland', slug: 'bayside-mg-cleveland' }];
    expect(serviceFieldRules(site({ forms: { serviceShortVariant: true }, dealerships: two })).dealership_slug).toBe('required');
    expect(serviceFieldRules(site({ forms: { serviceShortVariant: true }, dealerships: one })).dealership_slug).toBe('optional');
    expect(serviceFieldRules(site({ dealerships: two })).dealership_slug).toBe('optional');
  });
});

describe('test drive fields', () => {
  it('keeps message and date optional and adds the dealership picker only with distribution locations', () => {
    expect(testDriveFieldRules(site(), { distribution_locations: [] })).toEqual({
      name: 'required',
      last_name: 'optional',
      email: 'required',
      phone: 'required',
      message: 'optional',
      preferred_date_time: 'optional',
    });
    expect(testDriveFieldRules(site(), { distribution_locations: [{ id: 3 }] }).dealership).toBe('optional');
    expect(testDriveFieldRules(site(), null).dealership).toBeUndefined();
  });
});

describe('errors', () => {
  const rules = enquiryFieldRules(site({ forms: { requireTerms: true } }), { showCategory: true });

  it('lists each required field left empty, with the terms notice for unticked terms', () => {
    const errors = requiredFieldErrors(rules, { ...contact, message: '   ', category: '', terms_conditions: false, Rego: '' });
    expect(errors).toEqual([
      { field: 'message', message: 'Please enter your comments.' },
      { field: 'category', message: 'Please select an enquiry category.' },
      { field: 'terms_conditions', message: TERMS },
    ]);
  });

  it('finds nothing wrong with a complete form', () => {
    expect(requiredFieldErrors(rules, { ...contact, message: 'Hi', category: 'General Enquiry', terms_conditions: true })).toEqual([]);
  });

  it("shows 'Please fix the following errors:' followed by the list", () => {
    const errors = requiredFieldErrors(rules, { ...contact, message: 'Hi', category: 'Sales Enquiry' });
    expect(formErrorList(errors)).toEqual({ heading: 'Please fix the following errors:', items: [TERMS] });
    expect(formErrorText([{ field: 'a', message: 'First.' }, { field: 'b', message: 'Second.' }])).toBe(
      'Please fix the following errors:\n- First.\n- Second.',
    );
    expect(formErrorList([])).toBeNull();
    expect(formErrorText([])).toBe('');
  });
});

describe('trade-in offer acceptance', () => {
  it("marks the lead 'offer accepted' with subcategory '3. Offer Accepted'", () => {
    const lead = { form: 'trade-in', lead_id: 55012, subcategory: '2. Offer Sent' };
    expect(acceptTradeInOffer(lead)).toEqual({
      form: 'trade-in',
      lead_id: 55012,
      lead_status: 'offer accepted',
      subcategory: '3. Offer Accepted',
    });
    expect(lead.subcategory).toBe('2. Offer Sent');
  });
});
