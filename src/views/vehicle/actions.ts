/** How a shopper acts on a vehicle: the number to call, the call block and the action buttons. */
import { CALL_BLOCK_ID } from '../../lib/phone-reveal.ts';
import { checkoutPath, pagePath, vehiclePath } from '../../lib/urls.ts';
import { availabilityView } from '../../rules/availability.ts';
import { historyReportLink, reserveButton, tradeInButton } from '../../rules/vehicle-actions.ts';
import type { Location } from '../../schemas/location.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { phoneView, type PhoneView } from '../phone.ts';
import { primaryLocation, vehicleLocationRecord } from './head.ts';
import { VEHICLE_DIALOGS } from './forms.ts';
import { financeCtaHref } from './price.ts';

/**
 * The number to call about a vehicle. Vehicle pages use, first that is set:
 * `locations.phoneByCarType[car_type]` (a number configured for vehicle pages of that type),
 * `locations.phoneByLocation[location slug]` (replaces that location's own number), the
 * vehicle's location phone, the phone of its location record, then the primary location's.
 */
export function vehiclePhone(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): string | null {
  const record = vehicleLocationRecord(vehicle, locations);
  const slug = vehicle.location?.slug ?? record?.slug;
  const candidates = [
    site.locations.phoneByCarType[vehicle.car_type],
    slug ? site.locations.phoneByLocation[slug] : undefined,
    vehicle.location?.phone,
    record?.contact_detail?.phone,
    primaryLocation(locations)?.contact_detail?.phone,
  ];
  return candidates.find((p): p is string => typeof p === 'string' && p.trim() !== '')?.trim() ?? null;
}

export interface CallBlockView extends PhoneView {
  /**
   * Where a Call Now link elsewhere on the page points: the `tel:` link, or, while the number is
   * masked, the call block (`#call-dealer`), where the shopper reveals it.
   */
  href: string;
}

/** The call block; `unmasked` for pages where the number is always shown (print). */
export function callBlock(vehicle: NormalisedVehicle, site: SiteConfig, locations: readonly Location[], unmasked = false): CallBlockView | null {
  const phone = phoneView(vehiclePhone(vehicle, site, locations), site, { carId: vehicle.id, dealershipId: vehicle.dealership_id }, { unmasked });
  if (!phone) return null;
  return { ...phone, href: phone.masked === null ? phone.tel : `#${CALL_BLOCK_ID}` };
}

// ---------------------------------------------------------------- actions

export interface ActionLink {
  id: 'enquire' | 'test-drive' | 'reserve' | 'finance' | 'trade-in' | 'history-report' | 'print';
  label: string;
  href: string;
  /** Opens another site in a new tab. */
  external?: boolean;
  /** Once the page's forms have loaded, opens this form dialog instead of following `href`. */
  dialog?: string;
}

/** The action buttons of an available vehicle, in order; none for a sold one (the availability rule). */
export function vehicleActions(vehicle: NormalisedVehicle, site: SiteConfig): ActionLink[] {
  if (!availabilityView(vehicle).available) return [];
  const actions: ActionLink[] = [
    { id: 'enquire', label: site.vehicle.enquireLabel, href: '#enquire', dialog: VEHICLE_DIALOGS.enquire },
    { id: 'test-drive', label: 'Book a Test Drive', href: `${pagePath('book-test-drive')}?car_id=${encodeURIComponent(String(vehicle.id))}`, dialog: VEHICLE_DIALOGS.testDrive },
  ];
  const reserve = reserveButton(vehicle, site);
  if (reserve) actions.push({ id: 'reserve', label: reserve.label, href: checkoutPath(vehicle, site) });
  const finance = financeCtaHref(vehicle, site);
  if (finance) actions.push({ id: 'finance', label: 'Apply for Finance', href: finance, dialog: VEHICLE_DIALOGS.finance });
  if (tradeInButton(vehicle, site)) actions.push({ id: 'trade-in', label: 'Value My Trade-In', href: vehiclePath(vehicle, 'trade-in') });
  const report = historyReportLink(vehicle);
  if (report) actions.push({ id: 'history-report', label: 'View History Report', href: report, external: /^https?:/i.test(report) });
  return actions;
}
