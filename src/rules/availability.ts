/** Statuses that count as available (full buttons and price). Any other status shows SOLD. */
export const AVAILABLE_VEHICLE_STATUSES = ['in_stock', 'coming_soon'] as const;

/** The part of a vehicle this rule reads. */
export interface HasStatus {
  status: string;
}

/**
 * A vehicle is available when its status is in_stock or coming_soon: it shows
 * its price and every action. Any other status (sold, on_hold, ...) counts as
 * sold: a SOLD message, a "Find Me Something Similar" enquiry, no prices, no buttons.
 */
export function isAvailable(vehicle: HasStatus): boolean {
  return (AVAILABLE_VEHICLE_STATUSES as readonly string[]).includes(vehicle.status);
}

/** What a vehicle page or card shows for a vehicle's availability. */
export type AvailabilityView =
  | { available: true; showPrice: true; showActions: true }
  | { available: false; showPrice: false; showActions: false; message: 'SOLD'; enquiryLabel: 'Find Me Something Similar' };

export function availabilityView(vehicle: HasStatus): AvailabilityView {
  return isAvailable(vehicle)
    ? { available: true, showPrice: true, showActions: true }
    : { available: false, showPrice: false, showActions: false, message: 'SOLD', enquiryLabel: 'Find Me Something Similar' };
}
