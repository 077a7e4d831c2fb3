/** The key facts, specifications and standard equipment of a vehicle, cut for a page without JavaScript. */
import { formatKmInput } from '../../rules/formatting.ts';
import { detailListView, specListView, type SpecRow } from '../../rules/gallery.ts';
import { regoExpiry } from '../../rules/vehicle-actions.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export interface KeyInfoItem {
  id: 'km' | 'transmission' | 'body';
  label: string;
  value: string;
}

/** The icons row of the sidebar: odometer, transmission, body. */
export function keyInfo(vehicle: NormalisedVehicle): KeyInfoItem[] {
  const items: KeyInfoItem[] = [
    { id: 'km', label: 'Odometer', value: formatKmInput(vehicle.km) },
    { id: 'transmission', label: 'Transmission', value: vehicle.simple_transmission },
    { id: 'body', label: 'Body', value: vehicle.simple_body },
  ];
  return items.filter((i) => i.value.trim() !== '');
}

const withUnit = (value: unknown, unit: string) => (typeof value === 'number' ? `${value.toLocaleString('en-AU')} ${unit}` : value);

/** Every specification row of a vehicle, in display order; empty values are dropped by the spec-rows rule. */
export function specRows(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): SpecRow[] {
  const v = vehicle;
  const variant = v.variant_specs ?? {};
  const engine = v.engine_size_litres ? `${v.engine_size_litres} L` : typeof v.engine_size === 'number' ? `${v.engine_size.toLocaleString('en-AU')} cc` : null;
  const rows: Array<{ label: string; value: unknown }> = [
    { label: 'Make', value: v.make },
    { label: 'Model', value: v.model },
    { label: 'Badge', value: v.badge },
    { label: 'Series', value: v.series },
    { label: 'Year', value: v.year },
    { label: 'Odometer', value: formatKmInput(v.km) },
    { label: 'Body', value: v.body ?? v.simple_body },
    { label: 'Colour', value: v.colour },
    { label: 'Interior colour', value: v.interior_colour },
    { label: 'Transmission', value: v.trans ?? v.simple_transmission },
    { label: 'Gears', value: v.gearnum },
    { label: 'Drive', value: v.drive },
    { label: 'Fuel', value: v.fuel ?? v.simple_fuel },
    { label: 'Engine', value: engine },
    { label: 'Cylinders', value: variant.cylinders },
    { label: 'Induction', value: variant.induction },
    { label: 'Torque', value: variant.torque },
    { label: 'Fuel consumption (combined)', value: withUnit(variant.fuelconsumptioncombined, 'L/100km') },
    { label: 'Fuel capacity', value: withUnit(variant.fuelcapacity, 'L') },
    { label: 'Seats', value: v.seats },
    { label: 'Doors', value: v.doors },
    { label: 'Length', value: withUnit(variant.vehiclelength, 'mm') },
    { label: 'Width', value: withUnit(variant.vehiclewidth, 'mm') },
    { label: 'Height', value: withUnit(variant.vehicleheight, 'mm') },
    { label: 'Gross vehicle mass', value: withUnit(variant.grossvehiclemass, 'kg') },
    { label: 'Towing capacity (braked)', value: withUnit(variant.towingcapacitybraked, 'kg') },
    { label: 'ANCAP rating', value: typeof variant.ancaprating === 'number' ? `${variant.ancaprating} stars` : variant.ancaprating },
  ];
  if (v.item_type === 'caravan' && v.caravan_specs) {
    const c = v.caravan_specs;
    rows.push(
      { label: 'Body length', value: c.body_length },
      { label: 'Body width', value: c.body_width },
      { label: 'Tare weight', value: withUnit(c.tare_weight, 'kg') },
      { label: 'Aggregate trailer mass', value: withUnit(c.aggregate_trailer_mass, 'kg') },
      { label: 'Axle type', value: c.axle_type },
      { label: 'Sleeps', value: c.sleeps },
    );
  }
  rows.push(
    { label: 'Stock number', value: v.stocknum },
    { label: 'VIN', value: v.vin },
    { label: 'Registration', value: v.regplate },
    { label: 'Registration expiry', value: regoExpiry(v.rego_expiry, site, now)?.text },
    { label: 'Build date', value: v.build_date },
    { label: 'Compliance date', value: v.compliance_date },
  );
  return rows.map((r) => ({ label: r.label, value: r.value === null || r.value === undefined ? r.value : typeof r.value === 'number' ? r.value : String(r.value) }));
}

/** A list cut for a no-JS page: the first items, the rest behind a <details> toggle. */
export interface CutList<T> {
  initial: T[];
  rest: T[];
  /** Label of the toggle ('Show All', 'Show More'); null when nothing is hidden. */
  toggle: string | null;
  /** Label when expanded ('Show Less'). */
  lessLabel: string | null;
}

function cutList<T>(collapsed: { items: T[]; toggle: string | null }, expanded: { items: T[]; toggle: string | null }): CutList<T> {
  return {
    initial: collapsed.items,
    rest: expanded.items.slice(collapsed.items.length),
    toggle: collapsed.toggle,
    lessLabel: collapsed.toggle ? expanded.toggle : null,
  };
}

/** All specifications: rows with a value (spec-rows rule), 4 first then the rest (spec-list rule). */
export function specList(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): CutList<SpecRow> {
  const rows = specRows(vehicle, site, now);
  return cutList(specListView(rows, site, false), specListView(rows, site, true));
}

/** Standard equipment as one list: a plain list as given, grouped lists in group order. */
export function equipmentItems(vehicle: Pick<NormalisedVehicle, 'standardEquipment'>): string[] {
  const equipment = vehicle.standardEquipment;
  if (!equipment) return [];
  const items = Array.isArray(equipment) ? equipment : Object.values(equipment).flat();
  return items.map((i) => i.trim()).filter((i) => i !== '');
}

/** Features: the first 8 (detail-list rule), then the rest. */
export function featureList(vehicle: NormalisedVehicle, site: SiteConfig): CutList<string> {
  const items = equipmentItems(vehicle);
  return cutList(detailListView(items, site, false), detailListView(items, site, true));
}
