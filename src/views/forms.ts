/**
 * The lead forms of a site's pages, from the form engine (`src/forms/definitions.ts`) and the
 * site's data: the context every form definition needs, and the form pages (service booking in
 * its iframe mode embeds the booking page instead).
 */
import type { FormKind } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import { formPageForm, type FormContext, type FormSpec, type FormVehicle } from '../forms/definitions.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { orderedLocations } from './locations.ts';

/** A vehicle as a form refers to it. */
export function formVehicle(vehicle: NormalisedVehicle): FormVehicle {
  return { id: Number(vehicle.id), name: vehicle.display_name, slug: vehicle.slug, car_type: vehicle.car_type, tag: vehicle.tag ?? null, vin: vehicle.vin ?? null };
}

/** What the form definitions need from a site: its config, its locations (primary first) and its copy. */
export function formContext(site: SiteConfig, data: Pick<SiteData, 'locations' | 'content'>, vehicle?: NormalisedVehicle): FormContext {
  return {
    site,
    locations: orderedLocations(data.locations),
    vehicle: vehicle ? formVehicle(vehicle) : null,
    tradeInGuidance: data.content.copy.valuationGuidance,
  };
}

export interface FormPageView {
  /** The form, or null where the page embeds a booking page instead. */
  spec: FormSpec | null;
  iframe: { src: string; height: number; title: string } | null;
}

/** The form of a form page; the service page embeds the booking page in the site's iframe mode. */
export function formPageView(kind: FormKind, site: SiteConfig, data: Pick<SiteData, 'locations' | 'content'>): FormPageView {
  const spec = formPageForm(kind, formContext(site, data));
  const { servicePage } = site.forms;
  if (kind === 'service' && servicePage.mode === 'iframe' && servicePage.iframeUrl) {
    return { spec: null, iframe: { src: servicePage.iframeUrl, height: servicePage.iframeHeight, title: spec.heading } };
  }
  return { spec, iframe: null };
}
