/** The fuel cost calculator (spec sections 5 and 9). */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { formatDollars } from './formatting.ts';

/** Spec 9: the calculator's starting values. */
export const FUEL_DEFAULTS = {
  /** Fuel price, dollars per litre. */
  pricePerLitre: 1.7,
  /** Distance driven, km per week. */
  kmPerWeek: 250,
  /** Consumption, litres per 100 km. */
  litresPer100km: 10,
} as const;

/** True when simple_fuel or fuel is 'Electric' (any case). Hybrids are not electric. */
export function isElectric(vehicle: Pick<Vehicle, 'fuel' | 'simple_fuel'>): boolean {
  return [vehicle.simple_fuel, vehicle.fuel].some((fuel) => fuel?.trim().toLowerCase() === 'electric');
}

/**
 * Spec 5: the fuel calculator is hidden for electric vehicles, and on sites that switch
 * `features.fuelCalculator` off (on by default).
 */
export function showFuelCalculator(
  vehicle: Pick<Vehicle, 'fuel' | 'simple_fuel'>,
  site: { features: Pick<SiteConfig['features'], 'fuelCalculator'> },
): boolean {
  return site.features.fuelCalculator && !isElectric(vehicle);
}

/**
 * Spec 5: input parsing strips '$', ',' and 'kms' (any case) and surrounding spaces, then reads a
 * non-negative decimal number. Returns null for anything else (empty, '1.2.3', '-5', 'abc').
 * @example parseFuelInput('$1,234.50') // 1234.5
 * @example parseFuelInput('250 kms') // 250
 */
export function parseFuelInput(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : null;
  const text = input.replace(/\$|,|kms/gi, '').trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * Spec 9: weekly fuel cost = distance / 100 x consumption x price, in dollars rounded to cents.
 * With the defaults: 250 / 100 x 10 x 1.70 = $42.50.
 */
export function fuelCost(kmPerWeek: number, litresPer100km: number, pricePerLitre: number): number {
  return Math.round((kmPerWeek / 100) * litresPer100km * pricePerLitre * 100) / 100;
}

/**
 * The calculator as the shopper types: each field is parsed with {@link parseFuelInput}; a field
 * left untouched (undefined) uses its default. Null when any typed field is unreadable, so the
 * page shows no figure rather than a wrong one.
 */
export function fuelCostFromInputs(inputs: {
  kmPerWeek?: string | number;
  litresPer100km?: string | number;
  pricePerLitre?: string | number;
}): number | null {
  const km = inputs.kmPerWeek === undefined ? FUEL_DEFAULTS.kmPerWeek : parseFuelInput(inputs.kmPerWeek);
  const litres = inputs.litresPer100km === undefined ? FUEL_DEFAULTS.litresPer100km : parseFuelInput(inputs.litresPer100km);
  const price = inputs.pricePerLitre === undefined ? FUEL_DEFAULTS.pricePerLitre : parseFuelInput(inputs.pricePerLitre);
  if (km === null || litres === null || price === null) return null;
  return fuelCost(km, litres, price);
}

/** A fuel cost as the calculator shows it, in dollars and cents: 42.5 -> '$42.50'. */
export function formatFuelCost(cost: number): string {
  return formatDollars(cost, 2);
}

/** Weeks in the yearly figure shown beside the weekly cost. */
export const WEEKS_PER_YEAR = 52;

/** The weekly cost over a year, to the dollar: $42.50 a week is $2,210 a year. */
export function yearlyFuelCost(weekly: number): number {
  return Math.round(weekly * WEEKS_PER_YEAR);
}
