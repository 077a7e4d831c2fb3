/**
 * What the compare page lays side by side for a vehicle besides its card (picture, name, price, weekly
 * repayment): its key specifications, as the vehicle page's specification list words them. They travel in
 * the search's card files (`_search/cards/`), so the static compare page reads the facts of any vehicle
 * from files the site already publishes. Pure: no Node module and no I/O.
 */
import { isSpecValueShown } from '../rules/gallery.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { specRows } from './vehicle/specs.ts';

/** The specification rows the compare page shows, in order (labels as the vehicle page's list has them). */
export const COMPARE_SPECS = [
  'Year',
  'Odometer',
  'Body',
  'Transmission',
  'Fuel',
  'Drive',
  'Engine',
  'Fuel consumption (combined)',
  'Seats',
  'Doors',
  'Colour',
  'ANCAP rating',
] as const;

/**
 * The note the cards' weekly repayments ('$123 /wk*') refer to, on the pages that list saved cars; null
 * where the site shows no weekly figure. Worded as the search pages word it.
 */
export function weeklyRepaymentNote(site: Pick<SiteConfig, 'finance'>): string | null {
  if (!site.finance.provider || site.finance.monthlyOnly) return null;
  return "*Weekly repayments are estimates at each lender's advertised rate and term, with its deposit and final payment. Open a vehicle for its finance disclaimer. Finance is for approved applicants only.";
}

/**
 * A vehicle's value of each compare row, in {@link COMPARE_SPECS} order (labels are not repeated in every
 * card: the search pages fetch these files too); null where the vehicle does not say.
 */
export type CompareFacts = Array<string | null>;

export function compareFacts(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): CompareFacts {
  const rows = new Map(specRows(vehicle, site, now).map((r) => [r.label, r.value]));
  return COMPARE_SPECS.map((label) => {
    const value = rows.get(label);
    return isSpecValueShown(value) ? String(value).trim() : null;
  });
}
