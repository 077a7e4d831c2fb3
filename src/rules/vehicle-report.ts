/**
 * The vehicle-report (autograb market data) check (spec section 5).
 */
import type { SiteConfig } from '../schemas/site-config.ts';

/** The report check needs a price above this many dollars. */
export const VEHICLE_REPORT_MIN_PRICE = 200;

/** The part of a vehicle the check reads. */
export interface VehicleReportFields {
  status: string;
  sold?: boolean | null | undefined;
  reserved?: boolean | null | undefined;
  price: number;
  car_type?: string | null | undefined;
}

/**
 * The autograb check applies only when the vehicle is in stock (status in_stock; coming_soon does
 * not count), not sold, not reserved and priced above $200 ($200 itself does not qualify).
 */
export function vehicleReportCheckApplies(vehicle: VehicleReportFields): boolean {
  return (
    vehicle.status === 'in_stock' &&
    vehicle.sold !== true &&
    vehicle.reserved !== true &&
    vehicle.price > VEHICLE_REPORT_MIN_PRICE
  );
}

/**
 * Whether the vehicle page offers the vehicle report: the site switches it on
 * (`site.features.vehicleReport`), the vehicle is used (the report is for used cars, spec
 * section 5 "report for used cars") and {@link vehicleReportCheckApplies}.
 */
export function showVehicleReport(
  vehicle: VehicleReportFields,
  features: Pick<SiteConfig['features'], 'vehicleReport'>,
): boolean {
  return features.vehicleReport && vehicle.car_type === 'used' && vehicleReportCheckApplies(vehicle);
}
