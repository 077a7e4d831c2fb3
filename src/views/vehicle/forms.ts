/**
 * The lead forms of a vehicle page: the enquiry on the page itself (Find Me Something Similar
 * once the vehicle is sold), and the forms its buttons open in a dialog (Enquire Now, the
 * two-step test drive, Finance Enquiry, request photos). Each dialog's opener links to the form's
 * own page or section, so it works before the island loads.
 */
import type { SiteData } from '../../data/site-data.ts';
import { financeForm, requestPhotosForm, testDriveForm, vehicleEnquiryForm, type FormSpec } from '../../forms/definitions.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { formContext, formVehicle } from '../forms.ts';

/** Dialog ids; an opener carries `data-form-dialog` with one. */
export const VEHICLE_DIALOGS = { enquire: 'enquire-dialog', testDrive: 'test-drive-dialog', finance: 'finance-dialog', photos: 'request-photos-dialog' } as const;

export interface VehicleForms {
  /** The form on the page (#enquire). */
  inline: FormSpec;
  /** Forms opened in dialogs, by dialog id. */
  dialogs: Array<{ id: string; spec: FormSpec }>;
}

export function vehicleForms(site: SiteConfig, data: Pick<SiteData, 'locations' | 'content'>, vehicle: NormalisedVehicle, options: { available: boolean; finance: boolean }): VehicleForms {
  const ctx = { ...formContext(site, data), vehicle: formVehicle(vehicle) };
  if (!options.available) return { inline: vehicleEnquiryForm(ctx, { similar: true }), dialogs: [] };
  const dialogs: VehicleForms['dialogs'] = [
    { id: VEHICLE_DIALOGS.enquire, spec: vehicleEnquiryForm(ctx, { id: `${VEHICLE_DIALOGS.enquire}-form` }) },
    { id: VEHICLE_DIALOGS.testDrive, spec: testDriveForm(ctx, { id: `${VEHICLE_DIALOGS.testDrive}-form`, location: data.locations.find((l) => l.slug && l.slug === vehicle.location?.slug) }) },
  ];
  if (options.finance) dialogs.push({ id: VEHICLE_DIALOGS.finance, spec: financeForm(ctx, { id: `${VEHICLE_DIALOGS.finance}-form`, heading: 'Finance Enquiry' }) });
  if (site.features.photoRequests) dialogs.push({ id: VEHICLE_DIALOGS.photos, spec: { ...requestPhotosForm(ctx), id: `${VEHICLE_DIALOGS.photos}-form` } });
  return { inline: vehicleEnquiryForm(ctx), dialogs };
}
