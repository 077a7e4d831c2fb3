/**
 * What a CRM target receives for a lead: the lead as JSON (a documented, versioned shape), or ADF
 * 1.0 XML, the Auto-lead Data Format that dealer CRMs import (prospect, requested vehicle,
 * customer contact, vendor = the dealership, provider = this product).
 */
import { create } from 'xmlbuilder2';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { LeadVehicle, StoredLead } from './lead-store.ts';

/** The JSON body of a lead (version 1). */
export interface LeadJson {
  version: 1;
  lead: { id: number; form: string; received_at: string; page: string | null };
  site: { slug: string; name: string; url: string };
  dealership: { slug: string; name: string } | null;
  /** The fields the shopper sent, as validated. */
  fields: Record<string, unknown>;
  vehicle: LeadVehicle | null;
}

/** The dealership a lead names (dealership_slug, dealership or preferredDealership), if it is one of the site's. */
function leadDealership(lead: StoredLead, site: SiteConfig): { slug: string; name: string } | null {
  const named = [lead.fields.dealership_slug, lead.fields.dealership, lead.fields.preferredDealership].find((v): v is string => typeof v === 'string' && v !== '');
  const dealership = named ? site.dealerships.find((d) => d.slug === named) : undefined;
  return dealership ? { slug: dealership.slug, name: dealership.name } : null;
}

export function leadJson(lead: StoredLead, site: SiteConfig): LeadJson {
  return {
    version: 1,
    lead: { id: lead.id, form: lead.form, received_at: lead.receivedAt, page: lead.context.page },
    site: { slug: site.slug, name: site.name, url: site.url },
    dealership: leadDealership(lead, site),
    fields: lead.fields,
    vehicle: lead.context.vehicle,
  };
}

/** ADF's vehicle interest for each lead form. */
const INTEREST: Record<string, 'buy' | 'test-drive' | 'trade-in' | 'sell'> = {
  enquiry: 'buy',
  'test-drive': 'test-drive',
  'finance-enquiry': 'buy',
  'service-booking': 'buy',
  'trade-in': 'trade-in',
  'sell-my-car': 'sell',
  'request-photos': 'buy',
  reserve: 'buy',
};

/** What the lead asks for, in words, for the CRM's comments. */
const SERVICE: Record<string, string> = {
  enquiry: 'Vehicle enquiry',
  'test-drive': 'Test drive booking',
  'finance-enquiry': 'Finance enquiry',
  'service-booking': 'Service booking',
  'trade-in': 'Trade-in valuation',
  'sell-my-car': 'Sell my car',
  'request-photos': 'Photo request',
  reserve: 'Reservation',
};

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
};

type Node = ReturnType<typeof create>;

/** Adds `<name>value</name>` only when there is a value. */
function leaf(parent: Node, name: string, value: unknown, attributes: Record<string, string> = {}): void {
  const v = text(value);
  if (v !== null) parent.ele(name, attributes).txt(v);
}

/** Comments for the CRM: the shopper's message and every other answer that has no ADF element. */
function comments(lead: StoredLead): string {
  const f = lead.fields;
  const shown = new Set(['form', 'name', 'last_name', 'email', 'phone', 'postcode', 'message', 'Comments', 'car_id', 'make', 'model', 'year', 'kms', 'rego', 'regoState', 'opt_in', 'terms_conditions']);
  const lines = [text(f.message) ?? text(f.Comments)].filter((l): l is string => l !== null);
  for (const [key, value] of Object.entries(f)) {
    if (shown.has(key) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    lines.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return lines.join('\n');
}

/** ADF 1.0 XML of a lead. */
export function leadAdf(lead: StoredLead, site: SiteConfig): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ins('adf', 'version="1.0"');
  const prospect = doc.ele('adf').ele('prospect', { status: 'new' });
  prospect.ele('id', { sequence: '1', source: site.slug }).txt(String(lead.id));
  prospect.ele('requestdate').txt(lead.receivedAt.replace(/\.\d{3}Z$/, 'Z').replace(/Z$/, '+00:00'));

  const f = lead.fields;
  const interest = INTEREST[lead.form] ?? 'buy';
  const wanted = lead.context.vehicle;
  if (wanted) {
    const v = prospect.ele('vehicle', { interest: interest === 'trade-in' || interest === 'sell' ? 'buy' : interest, status: wanted.car_type === 'used' ? 'used' : 'new' });
    leaf(v, 'year', wanted.year);
    leaf(v, 'make', wanted.make);
    leaf(v, 'model', wanted.model);
    leaf(v, 'vin', wanted.vin);
    leaf(v, 'stock', wanted.stocknum);
    leaf(v, 'trim', wanted.badge);
    leaf(v, 'odometer', wanted.km, { status: 'original', units: 'km' });
    leaf(v, 'price', wanted.price, { type: 'asking', currency: 'AUD' });
  }
  // The shopper's own car (a valuation, a service), or what they told us when no listed vehicle is named:
  // ADF needs at least one vehicle.
  if (interest === 'trade-in' || interest === 'sell' || !wanted) {
    const own = prospect.ele('vehicle', { interest, status: 'used' });
    leaf(own, 'year', f.year ?? f['Vehicle Year']);
    own.ele('make').txt(text(f.make) ?? text(f['Vehicle Make']) ?? 'Unknown');
    own.ele('model').txt(text(f.model) ?? text(f['Vehicle Model']) ?? 'Unknown');
    leaf(own, 'odometer', f.kms, { status: 'original', units: 'km' });
    const rego = [text(f.rego) ?? text(f['Vehicle Rego']), text(f.regoState) ?? text(f['Vehicle State'])].filter(Boolean).join(' ');
    if (rego) own.ele('comments').txt(`Registration: ${rego}`);
  }

  const contact = prospect.ele('customer').ele('contact', { primarycontact: '1' });
  contact.ele('name', { part: 'first' }).txt(text(f.name) ?? '');
  leaf(contact, 'name', f.last_name, { part: 'last' });
  leaf(contact, 'email', f.email);
  leaf(contact, 'phone', f.phone, { type: 'cellphone' });
  const address = contact.ele('address');
  leaf(address, 'postalcode', f.postcode);
  address.ele('country').txt('AU');
  const note = comments(lead);
  if (note) contact.up().ele('comments').txt(note);

  const dealership = leadDealership(lead, site);
  const vendor = prospect.ele('vendor');
  vendor.ele('id', { source: 'dealer-sites' }).txt(dealership?.slug ?? site.slug);
  vendor.ele('vendorname').txt(dealership?.name ?? site.name);
  vendor.ele('contact', { primarycontact: '1' }).ele('name', { part: 'full' }).txt(dealership?.name ?? site.name);

  const provider = prospect.ele('provider');
  provider.ele('name', { part: 'full' }).txt('Dealer Sites');
  provider.ele('service').txt(SERVICE[lead.form] ?? lead.form);
  provider.ele('url').txt(site.url);
  return doc.end({ prettyPrint: true });
}
