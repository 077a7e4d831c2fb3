/** The electric microsite: the hub's model cards, a model's variants and the comparison page. */
import { ALL_STOCK_PATH, pagePath } from '../lib/urls.ts';
import { initialCompareState, variantColours } from '../rules/ev-compare.ts';
import { withThousands } from '../rules/formatting.ts';
import type { EvContent } from '../schemas/content.ts';
import type { Colour, EvModelVariant } from '../schemas/ev-model.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { RouteOf } from './common.ts';

export interface EvModelSummary {
  baseId: string;
  name: string;
  href: string;
  variants: Array<{ id: string; name: string; drivingRange: string; maximumPower: string }>;
}

/** Display name of a model from its variants ('IM5 Premium' -> 'IM5'). */
function baseName(variants: readonly EvModelVariant[], baseId: string): string {
  return variants[0]?.name.split(/\s+/)[0] ?? baseId.toUpperCase();
}

/** One card per model (baseId, in file order) with each variant's range and power. */
export function evModelSummaries(ev: EvContent): EvModelSummary[] {
  const baseIds = [...new Set(ev.variants.map((v) => v.baseId))];
  return baseIds.map((baseId) => {
    const variants = ev.variants.filter((v) => v.baseId === baseId);
    return {
      baseId,
      name: baseName(variants, baseId),
      href: pagePath('models', baseId),
      variants: variants.map((v) => ({ id: v.id, name: v.name, drivingRange: v.performance.drivingRange, maximumPower: v.performance.maximumPower })),
    };
  });
}

/** Spec rows of a variant, grouped as the comparison shows them. */
export interface SpecSection {
  title: 'Dimensions' | 'Performance';
  rows: Array<{ label: string; value: string }>;
}

const mm = (n: number) => `${withThousands(n)} mm`;
export function variantSpecs(v: EvModelVariant): SpecSection[] {
  return [
    {
      title: 'Dimensions',
      rows: [
        { label: 'Length', value: mm(v.dimensions.length) },
        { label: 'Width', value: mm(v.dimensions.width) },
        { label: 'Height', value: mm(v.dimensions.height) },
        { label: 'Wheelbase', value: mm(v.dimensions.wheelbase) },
        { label: 'Gross vehicle mass', value: `${withThousands(v.dimensions.grossVehicleMass)} kg` },
        { label: 'Drag coefficient', value: `${v.dimensions.dragCoefficient} Cd` },
      ],
    },
    {
      title: 'Performance',
      rows: [
        { label: 'Drivetrain', value: v.performance.drivetrain },
        { label: 'Maximum power', value: v.performance.maximumPower },
        { label: 'Maximum torque', value: v.performance.maximumTorque },
        { label: '0-100 km/h', value: v.performance.zeroToHundred },
        { label: 'Driving range', value: v.performance.drivingRange },
        { label: 'Wheels', value: v.performance.wheels },
        { label: 'Turning radius', value: v.performance.turningRadius },
      ],
    },
  ];
}

export interface EvVariantView {
  variant: EvModelVariant;
  specs: SpecSection[];
  /** Up to 6 unique colours (the comparison colour rule). */
  colours: Array<Pick<Colour, 'id' | 'name'> & { hex: string | null }>;
}

export function evVariantView(ev: EvContent, variant: EvModelVariant): EvVariantView {
  return {
    variant,
    specs: variantSpecs(variant),
    colours: variantColours(ev.colours, variant).map((c) => ({ id: c.id, name: c.name, hex: c.hexCode ?? null })),
  };
}

/**
 * A model's page: its variants with specs and colours, and where its stock is: the model's
 * search page when the stock has the model, else the default search with `query` = the base id.
 */
export function evModelView(ev: EvContent, route: RouteOf<'ev-model'>, vehicles: readonly NormalisedVehicle[]): { name: string; variants: EvVariantView[]; stockHref: string } {
  const variants = ev.variants.filter((v) => v.baseId === route.baseId);
  const inStock = vehicles.find((v) => v.model_slug === route.baseId);
  return {
    name: baseName(variants, route.baseId),
    variants: variants.map((v) => evVariantView(ev, v)),
    stockHref: inStock ? pagePath('search', inStock.make_slug, route.baseId) : `${ALL_STOCK_PATH}?query=${encodeURIComponent(route.baseId)}`,
  };
}

export interface EvCompareView {
  left: EvVariantView;
  right: EvVariantView;
  sections: Array<{ title: string; rows: Array<{ label: string; left: string; right: string }> }>;
  /** Variants not on either side, for the "other variants" note until the selection island arrives. */
  others: Array<{ id: string; name: string }>;
}

/** The comparison page: the rule's default pair side by side, Dimensions, Performance and Features. */
export function evCompareView(ev: EvContent): EvCompareView {
  const state = initialCompareState(ev.variants);
  const find = (id: string) => ev.variants.find((v) => v.id === id)!;
  const left = evVariantView(ev, find(state.left.variantId));
  const right = evVariantView(ev, find(state.right.variantId));
  const sections = left.specs.map((section, i) => ({
    title: section.title as string,
    rows: section.rows.map((row, j) => ({ label: row.label, left: row.value, right: right.specs[i]!.rows[j]!.value })),
  }));
  const features = [...new Set([...left.variant.features, ...right.variant.features])];
  sections.push({
    title: 'Features',
    rows: features.map((f) => ({ label: f, left: left.variant.features.includes(f) ? 'Yes' : 'No', right: right.variant.features.includes(f) ? 'Yes' : 'No' })),
  });
  return { left, right, sections, others: ev.variants.filter((v) => v.id !== left.variant.id && v.id !== right.variant.id).map((v) => ({ id: v.id, name: v.name })) };
}
