/**
 * The vehicle page's print link (spec 2): the printable page in a new tab, or, on sites with
 * `features.print: pdf`, the PDF from the runtime API, downloaded as `{slug}.pdf`.
 */
import { vehiclePdfUrl } from '../../lib/vehicle-pdf.ts';
import { vehiclePath } from '../../lib/urls.ts';
import { isAvailable } from '../../rules/availability.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export type PrintLinkView =
  | { kind: 'page'; href: string; carId: number }
  | { kind: 'pdf'; href: string; carId: number; filename: string };

/**
 * The print link of a vehicle, or null where the site has none. The PDF is drawn only for vehicles
 * still for sale (the API answers 404 for a sold one), so a sold vehicle's page offers the
 * printable page instead.
 */
export function printLink(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'features' | 'api' | 'slug'>): PrintLinkView | null {
  const carId = Number(vehicle.id);
  if (site.features.print === 'off') return null;
  if (site.features.print === 'pdf' && isAvailable(vehicle)) {
    return { kind: 'pdf', href: vehiclePdfUrl(site.api.baseUrl, vehicle.slug, site.slug), carId, filename: `${vehicle.slug}.pdf` };
  }
  return { kind: 'page', href: vehiclePath(vehicle, 'print'), carId };
}
