/**
 * What a CRM target receives for a lead: the lead as JSON (a documented, versioned shape), or ADF
 * 1.0 XML, the Auto-lead Data Format that dealer CRMs import (prospect, vehicles, customer contact,
 * vendor = the dealership, provider = this product). Both are pure functions of the stored lead
 * and its site's config, so a retry sends the same body.
 */
import { create } from 'xmlbuilder2';
import { fieldLabel } from '../forms/fields.ts';
import { zonedParts } from '../rules/time.ts';
import type { LeadForm } from '../schemas/leads.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { LeadVehicle, StoredLead } from './lead-store.ts';

/** The name this product gives itself in ADF's `<provider>` and `<vendor><id source>`. */
export const PROVIDER_NAME = 'Dealer Sites';

/**
 * The JSON body of a lead, version 1. A target receives exactly this object; a change that is not
 * backwards compatible gets a new `version`.
 *
 * ```json
 * {
 *   "version": 1,
 *   "lead": { "id": 123, "form": "enquiry", "received_at": "2026-11-22T09:30:00.000Z", "page": "/cars/2024-mg-zs-excite-100001/" },
 *   "site": { "slug": "bayside-mg", "name": "Bayside MG", "url": "https://www.baysidemg.example" },
 *   "dealership": { "slug": "bayside-mg-capalaba", "name": "Bayside MG Capalaba" },
 *   "fields": { "form": "enquiry", "name": "Jane", "last_name": "Citizen", "email": "jane@example.com", "phone": "0412 345 678", "message": "Is it available?", "car_id": 100001 },
 *   "vehicle": { "id": 100001, "stocknum": "BMG1", "vin": "LSJW74U97RZ000001", "year": 2024, "make": "MG", "model": "ZS", "badge": "Excite", "car_type": "new", "price": 27990, "km": 10, "colour": "White", "url": "https://www.baysidemg.example/cars/2024-mg-zs-excite-100001/", "slug": "2024-mg-zs-excite-100001" }
 * }
 * ```
 */
export interface LeadJson {
  version: 1;
  /** `received_at`: when the lead was stored (ISO 8601, UTC). `page`: the page the form was on, when known. */
  lead: { id: number; form: string; received_at: string; page: string | null };
  site: { slug: string; name: string; url: string };
  /** The dealership the lead names (`dealership_slug`, `dealership` or `preferredDealership`), when it is one of the site's. */
  dealership: { slug: string; name: string } | null;
  /** The fields the shopper sent, as validated (names as in src/schemas/leads.ts). */
  fields: Record<string, unknown>;
  /** The vehicle the lead is about, as the site listed it when the shopper sent it; null for a lead about no listed vehicle. */
  vehicle: LeadVehicle | null;
}

/** Fields that may name one of the site's dealerships, in order of preference. */
const DEALERSHIP_FIELDS = ['dealership_slug', 'dealership', 'preferredDealership'] as const;

/** The dealership a lead names, if it is one of the site's. */
function leadDealership(lead: StoredLead, site: SiteConfig): { slug: string; name: string } | null {
  for (const field of DEALERSHIP_FIELDS) {
    const named = lead.fields[field];
    const dealership = typeof named === 'string' ? site.dealerships.find((d) => d.slug === named) : undefined;
    if (dealership) return { slug: dealership.slug, name: dealership.name };
  }
  return null;
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

// ---------------------------------------------------------------- ADF 1.0

type Interest = 'buy' | 'test-drive' | 'trade-in' | 'sell';

/**
 * Per form: the ADF interest in the vehicle the lead is about (the listed vehicle), and what the
 * lead asks for in words (`<provider><service>` and the first line of the comments). ADF has no
 * interest for servicing: a service booking describes the shopper's car with the default `buy`,
 * and says "Service booking" in its service and comments.
 */
const FORMS: Record<LeadForm, { interest: Interest; service: string }> = {
  enquiry: { interest: 'buy', service: 'Vehicle enquiry' },
  'test-drive': { interest: 'test-drive', service: 'Test drive booking' },
  'finance-enquiry': { interest: 'buy', service: 'Finance enquiry' },
  'service-booking': { interest: 'buy', service: 'Service booking' },
  'trade-in': { interest: 'buy', service: 'Trade-in valuation' },
  'sell-my-car': { interest: 'sell', service: 'Sell my car' },
  'request-photos': { interest: 'buy', service: 'Photo request' },
  reserve: { interest: 'buy', service: 'Online reservation' },
};

const formInfo = (form: string) => FORMS[form as LeadForm] ?? { interest: 'buy' as const, service: form };

/** A field's value as element text, or null when there is none. */
function text(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return null;
}

/** A field's value as a line of comments: Yes/No for booleans, lists joined, answers by question. */
function answer(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(answer).filter((v): v is string => v !== null).join(', ') || null;
  if (value !== null && typeof value === 'object') {
    return (
      Object.entries(value)
        .map(([k, v]) => (answer(v) === null ? null : `${k} ${answer(v)}`))
        .filter((v): v is string => v !== null)
        .join('; ') || null
    );
  }
  return text(value);
}

/**
 * An instant as ISO 8601 with the site's UTC offset (2026-11-22T19:30:00+10:00), as ADF's
 * requestdate expects; the site's zone, not UTC, so the CRM shows the dealer's local time.
 */
export function isoWithOffset(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  return (
    `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` +
    `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`
  );
}

type XmlNode = ReturnType<typeof create>;

/** Adds `<name>value</name>` only when there is a value. */
function leaf(parent: XmlNode, name: string, value: unknown, attributes: Record<string, string> = {}): void {
  const v = text(value);
  if (v !== null) parent.ele(name, attributes).txt(v);
}

/** Adds an element ADF requires, empty when the value is unknown. */
function required(parent: XmlNode, name: string, value: unknown, attributes: Record<string, string> = {}): void {
  parent.ele(name, attributes).txt(text(value) ?? '');
}

/** A page path resolved against the site's URL. */
function pageUrl(page: string | null, site: SiteConfig): string | null {
  if (!page) return null;
  return page.startsWith('/') && !page.startsWith('//') ? `${site.url}${page}` : page;
}

/** The vehicle the lead is about, as listed. */
function listedVehicle(prospect: XmlNode, vehicle: LeadVehicle, interest: Interest): void {
  const v = prospect.ele('vehicle', { interest, status: vehicle.car_type === 'used' ? 'used' : 'new' });
  // The order of a vehicle's children is ADF's: year, make, model, vin, stock, trim, odometer, colours, price, comments.
  required(v, 'year', vehicle.year);
  required(v, 'make', vehicle.make);
  required(v, 'model', vehicle.model);
  leaf(v, 'vin', vehicle.vin);
  leaf(v, 'stock', vehicle.stocknum);
  leaf(v, 'trim', vehicle.badge);
  leaf(v, 'odometer', vehicle.km, { status: 'original', units: 'km' });
  if (text(vehicle.colour)) v.ele('colorcombination').ele('exteriorcolor').txt(text(vehicle.colour)!).up().ele('preference').txt('1');
  if (typeof vehicle.price === 'number' && vehicle.price > 0) leaf(v, 'price', vehicle.price, { type: 'asking', currency: 'AUD' });
  const notes = [vehicle.car_type === 'demo' ? 'Demonstrator' : null, vehicle.url ? `Listing: ${vehicle.url}` : null].filter((n): n is string => n !== null);
  if (notes.length > 0) v.ele('comments').txt(notes.join('\n'));
}

/** Fields that the shopper's own car is written from (valuations, service bookings). */
const OWN_CAR_FIELDS = [
  'make',
  'model',
  'year',
  'kms',
  'rego',
  'regoState',
  'finance',
  'adjustmentAnswers',
  'Vehicle Make',
  'Vehicle Model',
  'Vehicle Year',
  'Vehicle Rego',
  'Vehicle State',
] as const;

/** The shopper's own car: the one to trade in, sell or service, from what the lead says about it. */
function ownVehicle(prospect: XmlNode, f: Record<string, unknown>, interest: Interest): void {
  const v = prospect.ele('vehicle', { interest, status: 'used' });
  required(v, 'year', f.year ?? f['Vehicle Year']);
  required(v, 'make', f.make ?? f['Vehicle Make']);
  required(v, 'model', f.model ?? f['Vehicle Model']);
  leaf(v, 'odometer', f.kms, { status: 'original', units: 'km' });
  const rego = [text(f.rego) ?? text(f['Vehicle Rego']), text(f.regoState) ?? text(f['Vehicle State'])].filter(Boolean).join(' ');
  const notes = [
    rego && text(f.rego ?? f['Vehicle Rego']) ? `Registration: ${rego}` : null,
    answer(f.finance) ? `${fieldLabel('finance')} ${answer(f.finance)}` : null,
    answer(f.adjustmentAnswers),
  ].filter((n): n is string => n !== null);
  if (notes.length > 0) v.ele('comments').txt(notes.join('\n'));
}

/** Labels for fields the form catalogue does not label the way a CRM reader would want. */
const COMMENT_LABELS: Record<string, string> = { opt_in: 'Marketing opt-in', additional_services: 'Additional services' };

/** Fields written as elements of their own, or that mean nothing to a CRM, left out of the comments. */
const NOT_IN_COMMENTS = new Set<string>([
  'form',
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'message',
  'Comments',
  'car_id',
  'vin',
  'terms_conditions',
  'request_photos',
  'lead_id',
  'lead_status',
  'form_completed',
  'page_id',
  'PageTitle',
  ...OWN_CAR_FIELDS,
]);

/**
 * The customer's comments: what the lead asks for, the shopper's message, then every other answer
 * that has no ADF element, labelled as the form labelled it, and the page it was sent from.
 * `vendorField` is the field that named the dealership written as the vendor (left out here).
 */
function comments(lead: StoredLead, site: SiteConfig, vendorField: string | null): string {
  const f = lead.fields;
  const lines: string[] = [formInfo(lead.form).service];
  if (lead.form === 'request-photos') lines.push(text(f.request_photos) ?? 'Please send me more photos of this vehicle.');
  const message = text(f.message) ?? text(f.Comments);
  if (message) lines.push(message);
  for (const [key, value] of Object.entries(f)) {
    if (NOT_IN_COMMENTS.has(key) || key === vendorField) continue;
    // A service booking's category is always 'Service Booking', which the first line says.
    if (key === 'category' && lead.form === 'service-booking') continue;
    const shown = answer(value);
    if (shown !== null) lines.push(`${COMMENT_LABELS[key] ?? fieldLabel(key)}: ${shown}`);
  }
  const page = pageUrl(lead.context.page, site);
  if (page) lines.push(`Sent from: ${page}`);
  return lines.join('\n');
}

/**
 * ADF 1.0 XML of a lead. Optional elements with no value are left out; the ones ADF requires are
 * always written (a vehicle's year, make and model, empty when unknown; a street line in an
 * address). The vehicles: the listed vehicle the lead is about (interest by form), then for a
 * trade-in or sell-my-car lead the shopper's own car (interest `trade-in` or `sell`), for a service
 * booking the car to service; a lead about no vehicle at all gets one empty vehicle, as ADF needs
 * at least one. Text is escaped by the builder; characters XML cannot carry (control characters)
 * are dropped.
 */
export function leadAdf(lead: StoredLead, site: SiteConfig): string {
  const f = lead.fields;
  const form = formInfo(lead.form);
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ins('adf', 'version="1.0"');
  const prospect = doc.ele('adf').ele('prospect', { status: 'new' });
  prospect.ele('id', { sequence: '1', source: site.slug }).txt(String(lead.id));
  prospect.ele('requestdate').txt(isoWithOffset(lead.receivedAt, site.timeZone));

  const listed = lead.context.vehicle;
  if (listed) listedVehicle(prospect, listed, form.interest === 'sell' ? 'buy' : form.interest);
  if (lead.form === 'trade-in') {
    // "Do you have a trade-in?" answered No on a vehicle's trade-in page: the lead is about buying that vehicle.
    if (!(listed && f.has_trade_in === 'No')) ownVehicle(prospect, f, 'trade-in');
  } else if (lead.form === 'sell-my-car') {
    ownVehicle(prospect, f, 'sell');
  } else if (lead.form === 'service-booking') {
    ownVehicle(prospect, f, 'buy');
  } else if (!listed) {
    const v = prospect.ele('vehicle', { interest: form.interest, status: f.car_type === 'used' ? 'used' : 'new' });
    required(v, 'year', null);
    required(v, 'make', null);
    required(v, 'model', null);
    leaf(v, 'vin', f.vin);
  }

  const dealership = leadDealership(lead, site);
  const vendorField = dealership ? (DEALERSHIP_FIELDS.find((k) => lead.fields[k] === dealership.slug) ?? null) : null;
  const preferred = text(f.PreferredContactMethod);
  const customer = prospect.ele('customer');
  const contact = customer.ele('contact', { primarycontact: '1' });
  required(contact, 'name', f.name, { part: 'first' });
  leaf(contact, 'name', f.last_name, { part: 'last' });
  leaf(contact, 'email', f.email, preferred === 'Email' ? { preferredcontact: '1' } : {});
  leaf(contact, 'phone', f.phone, { type: 'cellphone', ...(preferred === 'Phone' || preferred === 'SMS' ? { preferredcontact: '1' } : {}) });
  if (text(f.postcode)) {
    // ADF requires at least one street line in an address; forms ask for the postcode only.
    const address = contact.ele('address');
    address.ele('street', { line: '1' }).txt('');
    leaf(address, 'postalcode', f.postcode);
    address.ele('country').txt('AU');
  }
  customer.ele('comments').txt(comments(lead, site, vendorField));

  const vendor = prospect.ele('vendor');
  vendor.ele('id', { source: PROVIDER_NAME }).txt(dealership?.slug ?? site.slug);
  vendor.ele('vendorname').txt(dealership?.name ?? site.name);
  vendor.ele('url').txt(site.url);
  vendor.ele('contact', { primarycontact: '1' }).ele('name', { part: 'full' }).txt(dealership?.name ?? site.name);

  const provider = prospect.ele('provider');
  provider.ele('name', { part: 'full' }).txt(PROVIDER_NAME);
  provider.ele('service').txt(form.service);
  provider.ele('url').txt(site.url);
  return doc.end({ prettyPrint: true });
}
