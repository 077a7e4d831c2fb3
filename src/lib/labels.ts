/** Display labels of the platform's fixed vocabularies: car types, location types and make kinds. */
import type { CarType } from '../schemas/common.ts';
import type { Location } from '../schemas/location.ts';

/** Car types as pages name them. */
export const CAR_TYPE_LABELS: Readonly<Record<CarType, string>> = { new: 'New', demo: 'Demo', used: 'Used' };

/** 'New', 'Demo', 'Used'; a type the platform adds later is shown as it comes. */
export function carTypeLabel(carType: string): string {
  return CAR_TYPE_LABELS[carType as CarType] ?? carType;
}

/** 'New Cars', 'Demo Cars', 'Used Cars': the title of a car type's stock. */
export function carTypeCarsLabel(carType: string): string {
  return `${carTypeLabel(carType)} Cars`;
}

/**
 * The title of a stock made of these car types, in the order shoppers say them: 'New, Used and Demo Cars'
 * for all three, 'Used Cars' for a used-only dealer, 'New and Demo Cars' without used stock.
 */
export function stockOfTypesLabel(carTypes: readonly string[]): string {
  const named = (['new', 'used', 'demo'] as const).filter((t) => carTypes.includes(t)).map(carTypeLabel);
  if (named.length === 0) return 'New, Used and Demo Cars';
  const last = named.pop()!;
  return `${named.length > 0 ? `${named.join(', ')} and ` : ''}${last} Cars`;
}

/** A model with its make, said once when the model's name already starts with it: 'Toyota Corolla', 'Polestar 2'. */
export function makeModelLabel(make: string, model: string): string {
  return model.toLowerCase().startsWith(`${make.toLowerCase()} `) ? model : `${make} ${model}`;
}

/** Location types as location cards name them. */
export const LOCATION_TYPE_LABELS: Readonly<Record<Exclude<NonNullable<Location['location_type']>, ''>, string>> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  'service-and-parts': 'Service & Parts',
};

/** The label of a location type; null for none or a type without one. */
export function locationTypeLabel(locationType: string | null | undefined): string | null {
  return (LOCATION_TYPE_LABELS as Readonly<Record<string, string | undefined>>)[locationType ?? ''] ?? null;
}

/** What kind of vehicles a make builds; brand pages group their grids by it. */
export type MakeKind = 'car' | 'motorcycle' | 'truck' | 'caravan';

/** Make kinds in the order brand pages list them. */
export const MAKE_KINDS: readonly MakeKind[] = ['car', 'motorcycle', 'truck', 'caravan'];

/** Make kinds as brand pages head their groups. */
export const MAKE_KIND_LABELS: Readonly<Record<MakeKind, string>> = { car: 'Cars', motorcycle: 'Motorcycles', truck: 'Trucks', caravan: 'Caravans' };
