/**
 * Time boundaries (issue 15, time-aware republishing): the instants at which a static page built
 * earlier stops being right because time passed. An offer, the popup or a promo card whose window
 * opens or closes, a sold vehicle whose include-sold days run out, a New Arrival badge whose days run
 * out and a registration that runs out each change what pages show at one instant; the ops server
 * re-renders the affected pages then.
 *
 * Each boundary is the first instant at which the rule that reads the date answers differently:
 * windows are inclusive at both ends ({@link isInPromoWindow}, {@link shouldShowPopup},
 * {@link isRecentlySold}, {@link isNewArrival}), so a start takes effect at its instant and an expiry
 * one millisecond after it. Dates without an offset are read in the site's time zone (Brisbane by
 * default), as {@link promoInstant} reads them.
 *
 * Not boundaries: what changes with the time of day (a location's "open now" and today's hours, which
 * the page's script corrects as the shopper reads it) and the turn of the year (the footer's year, dates
 * written with their year): the nightly build renders those again.
 */
import { isAvailable } from './availability.ts';
import { newArrivalEnd, type BadgeSite, type BadgeVehicle } from './badges.ts';
import { promoInstant } from './promo-window.ts';
import { BRISBANE } from './time.ts';
import { regoExpiryEnd } from './vehicle-actions.ts';
import { DEFAULT_INCLUDE_SOLD_DAYS } from './visibility.ts';

/** What changes at a boundary, and so which pages to render again. */
export type BoundaryCause =
  | { kind: 'offer-start' | 'offer-expiry'; offerId: string }
  | { kind: 'popup-expiry' }
  | { kind: 'promo-card-start' | 'promo-card-expiry'; card: number }
  | { kind: 'sold-cutoff'; vehicleId: number }
  /** The vehicle stays; its card's New Arrival badge goes, or its registration reads as run out. */
  | { kind: 'new-arrival-end' | 'rego-expiry'; vehicleId: number };

/** One instant at which pages change, with everything that changes then. */
export interface TimeBoundary {
  at: Date;
  causes: BoundaryCause[];
}

/** The parts of a site's snapshot and content the boundaries come from. */
export interface TimeBoundaryInput {
  site: BadgeSite & { stock: { includeSoldDays?: number | undefined } };
  offers: ReadonlyArray<{ id: string | number; start?: string | null | undefined; expiry?: string | null | undefined }>;
  vehicles: ReadonlyArray<TimedVehicle>;
  popup?: { enabled: boolean; expiry: string } | null | undefined;
  promoCards?: ReadonlyArray<{ start?: string | undefined; expiry?: string | undefined }> | undefined;
}

/** What of a vehicle its boundaries come from. */
export type TimedVehicle = BadgeVehicle & {
  id: string | number;
  sold_date_timestamp?: number | null | undefined;
  show_on_dealer_website?: boolean | null | undefined;
  rego_expiry?: string | null | undefined;
};

const SECONDS_PER_DAY = 86_400;

// A vehicle's badge and registration instants (epoch ms, or null), per site: worked out once per record,
// as a running site asks after every update and keeps the records that did not change.
const vehicleInstants = new WeakMap<object, WeakMap<TimedVehicle, { newArrival: number | null; rego: number | null }>>();

function instantsOf(vehicle: TimedVehicle, site: TimeBoundaryInput['site']): { newArrival: number | null; rego: number | null } {
  let known = vehicleInstants.get(site);
  if (!known) vehicleInstants.set(site, (known = new WeakMap()));
  let instants = known.get(vehicle);
  if (!instants) {
    const timeZone = site.timeZone ?? BRISBANE;
    instants = { newArrival: newArrivalEnd(vehicle, site)?.getTime() ?? null, rego: regoExpiryEnd(vehicle.rego_expiry, timeZone)?.getTime() ?? null };
    known.set(vehicle, instants);
  }
  return instants;
}

/** The instant a date names, or null when it names none (the rules treat such a date as absent). */
function instantOf(value: string | null | undefined, timeZone: string): number | null {
  if (!value) return null;
  try {
    return promoInstant(value, timeZone).getTime();
  } catch {
    return null;
  }
}

/**
 * Every boundary strictly after `now`, earliest first, causes at the same instant grouped. A sold
 * vehicle counts only while the site still lists it (not available, sold with a date, not hidden
 * from the website); its cutoff is its sale time plus the site's include-sold days.
 */
export function timeBoundaries(input: TimeBoundaryInput, now: Date): TimeBoundary[] {
  const found = new Map<number, BoundaryCause[]>();
  eachBoundary(input, now, (at, cause) => {
    const causes = found.get(at);
    if (causes) causes.push(cause);
    else found.set(at, [cause]);
  });
  return [...found].sort(([a], [b]) => a - b).map(([at, causes]) => ({ at: new Date(at), causes }));
}

/** The first boundary after `now`, or null when nothing the site shows changes with time. */
export function nextTimeBoundary(input: TimeBoundaryInput, now: Date): TimeBoundary | null {
  let first = Infinity;
  let causes: BoundaryCause[] = [];
  eachBoundary(input, now, (at, cause) => {
    if (at < first) [first, causes] = [at, [cause]];
    else if (at === first) causes.push(cause);
  });
  return causes.length > 0 ? { at: new Date(first), causes } : null;
}

/** Hands each boundary strictly after `now` to `visit`, in no particular order. */
function eachBoundary(input: TimeBoundaryInput, now: Date, visit: (at: number, cause: BoundaryCause) => void): void {
  const timeZone = input.site.timeZone ?? BRISBANE;
  const add = (at: number | null, cause: BoundaryCause) => {
    if (at !== null && at > now.getTime()) visit(at, cause);
  };
  const afterEnd = (at: number | null) => (at === null ? null : at + 1);

  for (const offer of input.offers) {
    const offerId = String(offer.id);
    add(instantOf(offer.start, timeZone), { kind: 'offer-start', offerId });
    add(afterEnd(instantOf(offer.expiry, timeZone)), { kind: 'offer-expiry', offerId });
  }
  if (input.popup?.enabled) add(afterEnd(instantOf(input.popup.expiry, timeZone)), { kind: 'popup-expiry' });
  (input.promoCards ?? []).forEach((card, index) => {
    add(instantOf(card.start, timeZone), { kind: 'promo-card-start', card: index });
    add(afterEnd(instantOf(card.expiry, timeZone)), { kind: 'promo-card-expiry', card: index });
  });
  const days = input.site.stock.includeSoldDays ?? DEFAULT_INCLUDE_SOLD_DAYS;
  for (const vehicle of input.vehicles) {
    if (vehicle.show_on_dealer_website === false) continue;
    const vehicleId = Number(vehicle.id);
    const { newArrival, rego } = instantsOf(vehicle, input.site);
    add(newArrival, { kind: 'new-arrival-end', vehicleId });
    add(rego, { kind: 'rego-expiry', vehicleId });
    const soldAt = vehicle.sold_date_timestamp;
    if (soldAt === null || soldAt === undefined || isAvailable(vehicle)) continue;
    // Counted while (now - soldAt) <= days in seconds; gone from the first millisecond past that.
    add((soldAt + days * SECONDS_PER_DAY) * 1000 + 1, { kind: 'sold-cutoff', vehicleId });
  }
}

/**
 * The boundaries passed between `since` (exclusive) and `now` (inclusive), earliest first: what a
 * republish at `now` must account for when the site was last rendered for `since`.
 */
export function passedBoundaries(input: TimeBoundaryInput, since: Date, now: Date): TimeBoundary[] {
  return timeBoundaries(input, since).filter((b) => b.at.getTime() <= now.getTime());
}

/** Boundaries in words, for logs and the admin page's history: "offer 12 expired, vehicle 345 past its include-sold days". */
export function describeBoundaries(boundaries: readonly TimeBoundary[]): string {
  return boundaries
    .flatMap((b) => b.causes)
    .map((c) => {
      switch (c.kind) {
        case 'offer-start': return `offer ${c.offerId} started`;
        case 'offer-expiry': return `offer ${c.offerId} expired`;
        case 'popup-expiry': return 'the popup expired';
        case 'promo-card-start': return `promo card ${c.card + 1} started`;
        case 'promo-card-expiry': return `promo card ${c.card + 1} expired`;
        case 'sold-cutoff': return `sold vehicle ${c.vehicleId} past its include-sold days`;
        case 'new-arrival-end': return `vehicle ${c.vehicleId} no longer a new arrival`;
        case 'rego-expiry': return `vehicle ${c.vehicleId}'s registration ran out`;
      }
    })
    .join(', ');
}
