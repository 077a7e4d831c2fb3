import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { isoWithOffset, leadAdf, leadJson } from '../../src/ops/lead-formats.ts';
import type { LeadVehicle, StoredLead } from '../../src/ops/lead-store.ts';
import { LEAD_FORMS } from '../../src/schemas/leads.ts';

// Bayside MG: Brisbane time (+10:00), two dealerships (bayside-mg-capalaba, bayside-mg-cleveland).
const site = findSite(loadAllSiteConfigs('sites'), 'bayside-mg');

const usedCx5: LeadVehicle = {
  id: 100001,
  slug: '2019-mazda-cx-5-maxx-100001',
  stocknum: 'U123',
  vin: 'JM0KF4W7A00000001',
  year: 2019,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  car_type: 'used',
  price: 25990,
  km: 45000,
  colour: 'Soul Red',
  url: 'https://www.baysidemg.example/cars/2019-mazda-cx-5-maxx-100001/',
};

const contact = { name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678' };

function stored(form: string, fields: Record<string, unknown>, vehicle: LeadVehicle | null = usedCx5): StoredLead {
  return {
    id: 42,
    site: 'bayside-mg',
    form,
    fields: { form, ...fields },
    context: { page: '/cars/2019-mazda-cx-5-maxx-100001/', userAgent: null, vehicle },
    receivedAt: '2026-11-22T09:30:00.000Z',
    spam: false,
    deliveries: [],
  };
}

// Every value as a string (a phone number is not a number), single elements as objects.
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['vehicle', 'name', 'phone'].includes(name) });
const ordered = new XMLParser({ ignoreAttributes: false, parseTagValue: false, preserveOrder: true });

type Ordered = Array<Record<string, unknown>>;

/**
 * The content models of ADF 1.0's DTD that these leads use: each element's children in their order,
 * and which must be there. A document passes when every element's children are known, in that
 * order, and the required ones are present.
 */
const DTD: Record<string, { order: string[]; required?: string[]; oneOf?: string[] }> = {
  adf: { order: ['prospect'], required: ['prospect'] },
  prospect: { order: ['id', 'requestdate', 'vehicle', 'customer', 'vendor', 'provider'], required: ['requestdate', 'vehicle', 'customer', 'vendor'] },
  vehicle: {
    order: ['id', 'year', 'make', 'model', 'vin', 'stock', 'trim', 'doors', 'bodystyle', 'transmission', 'odometer', 'colorcombination', 'imagetag', 'price', 'pricecomments', 'option', 'finance', 'comments'],
    required: ['year', 'make', 'model'],
  },
  colorcombination: { order: ['interiorcolor', 'exteriorcolor', 'preference'], required: ['preference'] },
  customer: { order: ['contact', 'id', 'timeframe', 'comments'], required: ['contact'] },
  contact: { order: ['name', 'email', 'phone', 'address'], required: ['name'], oneOf: ['email', 'phone'] },
  address: { order: ['street', 'apartment', 'city', 'regioncode', 'postalcode', 'country'], required: ['street'] },
  vendor: { order: ['id', 'vendorname', 'url', 'contact'], required: ['vendorname', 'contact'] },
  provider: { order: ['id', 'name', 'service', 'url', 'email', 'phone', 'contact'], required: ['name'] },
};

/** Problems with a document against the DTD's content models, as `path: problem`. */
function dtdProblems(xml: string): string[] {
  const problems: string[] = [];
  const visit = (name: string, children: Ordered, path: string) => {
    const model = DTD[name];
    if (!model) return; // a text-only element
    const names = children.map((c) => Object.keys(c).find((k) => k !== ':@')!).filter((n) => n !== '#text');
    let last = -1;
    for (const child of names) {
      const at = model.order.indexOf(child);
      if (at === -1) problems.push(`${path}: unexpected <${child}>`);
      else if (at < last) problems.push(`${path}: <${child}> out of order`);
      last = Math.max(last, at);
    }
    for (const r of model.required ?? []) if (!names.includes(r)) problems.push(`${path}: missing <${r}>`);
    // The DTD asks every contact for an email or a phone; the site config has neither for the
    // dealership, so only the customer's contact is held to it (which ADF's prose requires).
    if (model.oneOf && path.endsWith('customer/contact') && !model.oneOf.some((n) => names.includes(n))) problems.push(`${path}: needs one of ${model.oneOf.join(', ')}`);
    children.forEach((c, i) => {
      const child = names[i];
      if (child && Array.isArray(c[child])) visit(child, c[child] as Ordered, `${path}/${child}`);
    });
  };
  const doc = ordered.parse(xml) as Ordered;
  const root = doc.find((n) => 'adf' in n);
  if (!root) return ['no <adf>'];
  visit('adf', root.adf as Ordered, 'adf');
  return problems;
}

interface Vehicle {
  '@_interest': string;
  '@_status': string;
  year: string;
  make: string;
  model: string;
  [key: string]: unknown;
}
interface Prospect {
  '@_status': string;
  id: { '#text': string; '@_sequence': string; '@_source': string };
  requestdate: string;
  vehicle: Vehicle[];
  customer: {
    contact: { name: Array<{ '#text': string; '@_part': string }>; email?: string | { '#text': string }; phone?: Array<{ '#text': string; '@_type': string }>; address?: Record<string, unknown> };
    comments?: string;
  };
  vendor: { id: { '#text': string }; vendorname: string; url: string; contact: { name: Array<{ '#text': string; '@_part': string }> } };
  provider: { name: Array<{ '#text': string }>; service: string; url: string };
}

/** Parses ADF after checking it is well-formed and follows the DTD. */
function prospect(xml: string): Prospect {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(dtdProblems(xml)).toEqual([]);
  return (parser.parse(xml) as { adf: { prospect: Prospect } }).adf.prospect;
}

describe('leadAdf', () => {
  it('writes an enquiry on a used vehicle: prospect, the vehicle as listed, the contact, vendor and provider', () => {
    const xml = leadAdf(stored('enquiry', { ...contact, postcode: '4000', message: 'Is it still available?', car_id: 100001, opt_in: true }), site);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    const p = prospect(xml);
    expect(p['@_status']).toBe('new');
    expect(p.id).toEqual({ '#text': '42', '@_sequence': '1', '@_source': 'bayside-mg' });
    expect(p.requestdate).toBe('2026-11-22T19:30:00+10:00');
    expect(p.vehicle).toEqual([
      {
        '@_interest': 'buy',
        '@_status': 'used',
        year: '2019',
        make: 'Mazda',
        model: 'CX-5',
        vin: 'JM0KF4W7A00000001',
        stock: 'U123',
        trim: 'Maxx',
        odometer: { '#text': '45000', '@_status': 'original', '@_units': 'km' },
        colorcombination: { exteriorcolor: 'Soul Red', preference: '1' },
        price: { '#text': '25990', '@_type': 'asking', '@_currency': 'AUD' },
        comments: `Listing: ${usedCx5.url}`,
      },
    ]);
    expect(p.customer.contact).toEqual({
      '@_primarycontact': '1',
      name: [
        { '#text': 'Jane', '@_part': 'first' },
        { '#text': 'Citizen', '@_part': 'last' },
      ],
      email: 'jane@example.com',
      phone: [{ '#text': '0412 345 678', '@_type': 'cellphone' }],
      address: { street: { '@_line': '1' }, postalcode: '4000', country: 'AU' },
    });
    expect(p.customer.comments).toBe(
      ['Vehicle enquiry', 'Is it still available?', 'Marketing opt-in: Yes', 'Sent from: https://www.baysidemg.example/cars/2019-mazda-cx-5-maxx-100001/'].join('\n'),
    );
    expect(p.vendor).toEqual({
      id: { '#text': 'bayside-mg', '@_source': 'Dealer Sites' },
      vendorname: 'Bayside MG',
      url: 'https://www.baysidemg.example',
      contact: { '@_primarycontact': '1', name: [{ '#text': 'Bayside MG', '@_part': 'full' }] },
    });
    expect(p.provider).toEqual({ name: [{ '#text': 'Dealer Sites', '@_part': 'full' }], service: 'Vehicle enquiry', url: 'https://www.baysidemg.example' });
  });

  it('escapes <, & and quotes in text and attributes, and drops characters XML cannot carry', () => {
    const nasty = `O'Brien & "Sons" <Ltd>`;
    const lead = stored('enquiry', { ...contact, last_name: nasty, message: `Is it <still> "available"? A & B\u0000\u0007 ok` });
    lead.context.vehicle = { ...usedCx5, make: 'R&D "Motors"', badge: `<b>Maxx</b>` };
    const xml = leadAdf(lead, { ...site, slug: site.slug, name: 'Bayside & "Co"' });
    expect(xml).toContain('O\'Brien &amp; "Sons" &lt;Ltd&gt;');
    expect(xml).toContain('Is it &lt;still&gt; "available"? A &amp; B ok');
    expect(xml).toContain('<trim>&lt;b&gt;Maxx&lt;/b&gt;</trim>');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const p = prospect(xml);
    expect(p.customer.contact.name[1]).toEqual({ '#text': nasty, '@_part': 'last' });
    expect(p.customer.comments).toContain('Is it <still> "available"? A & B ok');
    expect(p.vehicle[0]).toMatchObject({ make: 'R&D "Motors"', trim: '<b>Maxx</b>' });
    expect(p.vendor.vendorname).toBe('Bayside & "Co"');
  });

  it('writes a test drive with interest test-drive, for the dealership the shopper picked', () => {
    const p = prospect(leadAdf(stored('test-drive', { ...contact, dealership: 'bayside-mg-cleveland', preferred_date_time: '2026-11-28T10:00:00+10:00', message: 'Weekend mornings suit me.' }), site));
    expect(p.vehicle.map((v) => [v['@_interest'], v['@_status'], v.make, v.model])).toEqual([['test-drive', 'used', 'Mazda', 'CX-5']]);
    expect(p.vendor.vendorname).toBe('Bayside MG Cleveland');
    expect(p.vendor.contact.name).toEqual([{ '#text': 'Bayside MG Cleveland', '@_part': 'full' }]);
    expect(p.provider.service).toBe('Test drive booking');
    // The picked dealership is the vendor, so not repeated in the comments; the preferred time is.
    expect(p.customer.comments!.split('\n')).toEqual([
      'Test drive booking',
      'Weekend mornings suit me.',
      'Preferred Date and Time: 2026-11-28T10:00:00+10:00',
      'Sent from: https://www.baysidemg.example/cars/2019-mazda-cx-5-maxx-100001/',
    ]);
  });

  it('names the site as vendor when the lead names a dealership that is not one of its own', () => {
    const p = prospect(leadAdf(stored('enquiry', { ...contact, dealership_slug: 'somewhere-else' }), site));
    expect(p.vendor.vendorname).toBe('Bayside MG');
    expect(p.customer.comments).toContain('Dealership: somewhere-else');
  });

  it("writes a trade-in as the vehicle being bought plus the shopper's car with interest trade-in", () => {
    const fields = {
      ...contact,
      postcode: '4000',
      kms: 120000,
      rego: '123ABC',
      regoState: 'QLD',
      finance: 'No',
      PreferredContactMethod: 'Email',
      adjustmentAnswers: { 'Has the car had accident damage?': 'No', 'Do you have two keys?': 'Yes' },
    };
    const p = prospect(leadAdf(stored('trade-in', fields), site));
    expect(p.vehicle).toHaveLength(2);
    expect(p.vehicle[0]).toMatchObject({ '@_interest': 'buy', '@_status': 'used', make: 'Mazda', model: 'CX-5', stock: 'U123' });
    expect(p.vehicle[1]).toEqual({
      '@_interest': 'trade-in',
      '@_status': 'used',
      // ADF requires year, make and model; the trade-in form does not ask for them.
      year: '',
      make: '',
      model: '',
      odometer: { '#text': '120000', '@_status': 'original', '@_units': 'km' },
      comments: 'Registration: 123ABC QLD\nIs the car currently under finance? No\nHas the car had accident damage? No; Do you have two keys? Yes',
    });
    expect(p.customer.contact.email).toEqual({ '#text': 'jane@example.com', '@_preferredcontact': '1' });
    expect(p.provider.service).toBe('Trade-in valuation');
    expect(p.customer.comments).toContain('Preferred Contact Method: Email');

    // On a vehicle's trade-in page, "Do you have a trade-in?" No: the lead is about buying that vehicle.
    const none = prospect(leadAdf(stored('trade-in', { ...fields, has_trade_in: 'No' }), site));
    expect(none.vehicle.map((v) => v['@_interest'])).toEqual(['buy']);
    // A valuation on its own: the shopper's car is the only vehicle.
    const alone = prospect(leadAdf(stored('trade-in', fields, null), site));
    expect(alone.vehicle.map((v) => v['@_interest'])).toEqual(['trade-in']);
  });

  it("writes sell-my-car and service bookings with the shopper's own car", () => {
    const sell = prospect(leadAdf(stored('sell-my-car', { ...contact, postcode: '4000', make: 'Toyota', model: 'Corolla', year: 2015, kms: 98000 }, null), site));
    expect(sell.vehicle).toEqual([
      { '@_interest': 'sell', '@_status': 'used', year: '2015', make: 'Toyota', model: 'Corolla', odometer: { '#text': '98000', '@_status': 'original', '@_units': 'km' } },
    ]);
    expect(sell.provider.service).toBe('Sell my car');

    const service = prospect(
      leadAdf(
        stored(
          'service-booking',
          { ...contact, 'Vehicle Make': 'MG', 'Vehicle Model': 'ZS', 'Vehicle Year': 2021, 'Vehicle Rego': '777XYZ', 'Service Type': 'Logbook service', additional_services: ['Car wash'], category: 'Service Booking', Comments: 'Rattle at the back' },
          null,
        ),
        site,
      ),
    );
    expect(service.vehicle).toEqual([{ '@_interest': 'buy', '@_status': 'used', year: '2021', make: 'MG', model: 'ZS', comments: 'Registration: 777XYZ' }]);
    expect(service.customer.comments!.split('\n')).toEqual([
      'Service booking',
      'Rattle at the back',
      'Service Type: Logbook service',
      'Additional services: Car wash',
      'Sent from: https://www.baysidemg.example/cars/2019-mazda-cx-5-maxx-100001/',
    ]);
  });

  it('leaves out elements with no value, and writes the ones ADF requires even when empty', () => {
    const bare: LeadVehicle = { ...usedCx5, vin: null, stocknum: null, badge: null, price: null, km: null, colour: null, car_type: 'new' };
    const p = prospect(leadAdf(stored('enquiry', { name: 'Jane', email: 'jane@example.com', phone: '0412 345 678' }, bare), site));
    expect(p.vehicle).toEqual([{ '@_interest': 'buy', '@_status': 'new', year: '2019', make: 'Mazda', model: 'CX-5', comments: `Listing: ${usedCx5.url}` }]);
    expect(p.customer.contact.name).toEqual([{ '#text': 'Jane', '@_part': 'first' }]);
    expect(p.customer.contact.address).toBeUndefined();

    // A general enquiry about no vehicle still has the one vehicle ADF needs.
    const general = prospect(leadAdf(stored('enquiry', { ...contact, message: 'Opening hours?' }, null), site));
    expect(general.vehicle).toEqual([{ '@_interest': 'buy', '@_status': 'new', year: '', make: '', model: '' }]);
  });

  it('writes every lead form, with and without a vehicle, as ADF that follows the DTD', () => {
    const interests: Record<string, string[]> = {};
    for (const form of LEAD_FORMS) {
      for (const vehicle of [usedCx5, null]) {
        const p = prospect(leadAdf(stored(form, { ...contact, postcode: '4000' }, vehicle), site));
        if (vehicle) interests[form] = p.vehicle.map((v) => v['@_interest']);
        expect(p.provider.service).not.toBe(form);
      }
    }
    expect(interests).toEqual({
      enquiry: ['buy'],
      'test-drive': ['test-drive'],
      'service-booking': ['buy', 'buy'],
      'trade-in': ['buy', 'trade-in'],
      'sell-my-car': ['buy', 'sell'],
      'finance-enquiry': ['buy'],
      'request-photos': ['buy'],
      reserve: ['buy'],
    });
  });

  it('writes the request date in the site time zone, with its offset', () => {
    expect(isoWithOffset('2026-11-22T09:30:00.000Z', 'Australia/Brisbane')).toBe('2026-11-22T19:30:00+10:00');
    expect(isoWithOffset('2026-11-22T09:30:00.000Z', 'Australia/Adelaide')).toBe('2026-11-22T20:00:00+10:30');
    expect(isoWithOffset('2026-07-01T00:00:00.000Z', 'America/St_Johns')).toBe('2026-06-30T21:30:00-02:30');
    expect(isoWithOffset('2026-07-01T00:00:00.000Z', 'UTC')).toBe('2026-07-01T00:00:00+00:00');
  });
});

describe('leadJson', () => {
  it('is version 1: the lead, the site, the dealership it names, its fields, the vehicle', () => {
    const lead = stored('finance-enquiry', { ...contact, preferredDealership: 'bayside-mg-capalaba', vehiclePriceBudget: 25000, opt_in: false });
    const body = leadJson(lead, site);
    expect(body).toEqual({
      version: 1,
      lead: { id: 42, form: 'finance-enquiry', received_at: '2026-11-22T09:30:00.000Z', page: '/cars/2019-mazda-cx-5-maxx-100001/' },
      site: { slug: 'bayside-mg', name: 'Bayside MG', url: 'https://www.baysidemg.example' },
      dealership: { slug: 'bayside-mg-capalaba', name: 'Bayside MG Capalaba' },
      fields: { form: 'finance-enquiry', ...contact, preferredDealership: 'bayside-mg-capalaba', vehiclePriceBudget: 25000, opt_in: false },
      vehicle: usedCx5,
    });
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    expect(Object.keys(body)).toEqual(['version', 'lead', 'site', 'dealership', 'fields', 'vehicle']);
  });

  it('has no dealership when the lead names none of the site, and no vehicle when it is about none', () => {
    const body = leadJson(stored('enquiry', { ...contact, dealership_slug: 'somewhere-else' }, null), site);
    expect(body.dealership).toBeNull();
    expect(body.vehicle).toBeNull();
  });
});
