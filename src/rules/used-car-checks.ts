/** The used-vehicle checks section of a vehicle page (spec sections 1 and 2). */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';

/**
 * The section shows on used vehicle pages of the sites that switch `features.usedCarChecks` on
 * (the spec's per-site list); never on new or demo vehicles.
 */
export function showUsedCarChecks(vehicle: Pick<Vehicle, 'car_type'>, site: { features: Pick<SiteConfig['features'], 'usedCarChecks'> }): boolean {
  return site.features.usedCarChecks && vehicle.car_type === 'used';
}
