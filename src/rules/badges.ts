/** The one badge a result card carries (spec section 4, "Card badge priority"). */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { BRISBANE, zonedTimeToInstant } from './time.ts';

/** Colour family of a badge; the theme maps each to its own colours. */
export type BadgeTone = 'green' | 'red' | 'blue' | 'grey' | 'amber' | 'brand';

/** The badge a card shows. `certified` is an image badge: the component picks the image by `make`. */
export type CardBadge =
  | { kind: 'electric'; label: 'Electric'; tone: 'blue' }
  | { kind: 'hybrid'; label: 'Hybrid' | 'Plug-in Hybrid'; tone: 'blue' }
  | { kind: 'reserved'; label: 'Reserved'; tone: 'grey' }
  | { kind: 'certified'; label: 'Certified'; tone: 'brand'; make: string }
  | { kind: 'tag'; label: string; tone: 'green' | 'red' }
  | { kind: 'coming-soon'; label: 'COMING SOON'; tone: 'amber' }
  | { kind: 'new-arrival'; label: 'New Arrival'; tone: 'brand' };

export type BadgeVehicle = Pick<
  Vehicle,
  'fuel' | 'simple_fuel' | 'reserved' | 'car_type' | 'certified' | 'make' | 'tag' | 'status' | 'created_at'
>;

export interface BadgeSite {
  features: Pick<SiteConfig['features'], 'electricBadge'>;
  vehicle: Pick<SiteConfig['vehicle'], 'certifiedMakes' | 'newArrivalDays'>;
  /** Zone of feed times written without an offset; Brisbane when left out. */
  timeZone?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RUNOUT_SALE = 'runout sale';

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * The instant a feed date or date-time names. Values with an offset (`Z`, `+10:00`) are exact;
 * date-only and offset-less values are wall-clock time in `timeZone` (Brisbane by default), so the
 * answer never depends on the zone of the machine running the build. Null when unparseable.
 */
export function feedInstant(value: string | null | undefined, timeZone = BRISBANE): Date | null {
  if (!value) return null;
  if (OFFSET.test(value.trim())) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  return zonedTimeToInstant(
    { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0), second: Number(m[6] ?? 0) },
    timeZone,
  );
}

/** The electric or hybrid kind of a vehicle from simple_fuel, then fuel (exact names, any case). */
function electrifiedBadge(vehicle: Pick<Vehicle, 'fuel' | 'simple_fuel'>): CardBadge | null {
  for (const raw of [vehicle.simple_fuel, vehicle.fuel]) {
    const fuel = raw?.trim().toLowerCase();
    if (fuel === 'electric') return { kind: 'electric', label: 'Electric', tone: 'blue' };
    if (fuel === 'hybrid') return { kind: 'hybrid', label: 'Hybrid', tone: 'blue' };
    if (fuel === 'plug-in hybrid') return { kind: 'hybrid', label: 'Plug-in Hybrid', tone: 'blue' };
  }
  return null;
}

/**
 * True when the vehicle was created within the last `days` days of `now`, inclusive: exactly
 * 8 days old is new, 8 days and 1 ms is not. A created_at slightly in the future (feed clock
 * ahead of ours) counts as new.
 */
export function isNewArrival(createdAt: string | null | undefined, days: number, now: Date, timeZone = BRISBANE): boolean {
  const created = feedInstant(createdAt, timeZone);
  if (!created) return false;
  return now.getTime() - created.getTime() <= days * DAY_MS;
}

/**
 * The instant a card's New Arrival badge goes (the first at which {@link isNewArrival} says no), or null
 * where the card does not carry that badge just before it: no readable `created_at`, or a badge of
 * higher priority.
 */
export function newArrivalEnd(vehicle: BadgeVehicle, site: BadgeSite): Date | null {
  const created = feedInstant(vehicle.created_at, site.timeZone);
  if (!created) return null;
  const end = created.getTime() + site.vehicle.newArrivalDays * DAY_MS + 1;
  return cardBadge(vehicle, site, new Date(end - 1))?.kind === 'new-arrival' ? new Date(end) : null;
}

/**
 * Spec 4, card badge priority; the first that applies wins:
 * 1. electric or hybrid (simple_fuel or fuel 'Electric', 'Hybrid' or 'Plug-in Hybrid'), when the
 *    site enables `features.electricBadge`;
 * 2. 'Reserved' when the vehicle is reserved;
 * 3. the certified image badge: used, certified, make in `vehicle.certifiedMakes` (any case);
 * 4. the custom tag: 'runout sale' (any case) green, any other tag red;
 * 5. 'COMING SOON' for status coming_soon;
 * 6. 'New Arrival' when created within the last `vehicle.newArrivalDays` (8) days;
 * otherwise null (no badge).
 */
export function cardBadge(vehicle: BadgeVehicle, site: BadgeSite, now: Date): CardBadge | null {
  if (site.features.electricBadge) {
    const electrified = electrifiedBadge(vehicle);
    if (electrified) return electrified;
  }
  if (vehicle.reserved) return { kind: 'reserved', label: 'Reserved', tone: 'grey' };
  if (vehicle.car_type === 'used' && vehicle.certified) {
    const make = vehicle.make.trim().toLowerCase();
    if (site.vehicle.certifiedMakes.some((m) => m.trim().toLowerCase() === make)) {
      return { kind: 'certified', label: 'Certified', tone: 'brand', make: vehicle.make };
    }
  }
  const tag = vehicle.tag?.trim();
  if (tag) return { kind: 'tag', label: tag, tone: tag.toLowerCase() === RUNOUT_SALE ? 'green' : 'red' };
  if (vehicle.status === 'coming_soon') return { kind: 'coming-soon', label: 'COMING SOON', tone: 'amber' };
  if (isNewArrival(vehicle.created_at, site.vehicle.newArrivalDays, now, site.timeZone)) {
    return { kind: 'new-arrival', label: 'New Arrival', tone: 'brand' };
  }
  return null;
}
