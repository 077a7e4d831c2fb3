/**
 * The lead forms of a site's pages, from the form engine (`src/forms/definitions.ts`) and the
 * site's data: the context every form definition needs, and the form pages.
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
  /** The page's form. */
  spec: FormSpec;
}

/** The form of a form page (the service page's booking iframe and tabs: `service-page.ts`). */
export function formPageView(kind: FormKind, site: SiteConfig, data: Pick<SiteData, 'locations' | 'content'>): FormPageView {
  return { spec: formPageForm(kind, formContext(site, data)) };
}
