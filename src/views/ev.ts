/** The electric microsite: the hub's model cards and slides, a model's variants, and the comparison island's data. */
import { ALL_STOCK_PATH, pagePath } from '../lib/urls.ts';
import { initialCompareState, variantColours } from '../rules/ev-compare.ts';
import { withThousands } from '../rules/formatting.ts';
import type { EvContent } from '../schemas/content.ts';
import type { Colour, EvModelVariant } from '../schemas/ev-model.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { RouteOf } from './common.ts';
import type { CompareVariant, EvCompareProps, SpecSection } from './ev-compare.ts';
import { pictureFor, type ImageIndex, type PictureData } from './images.ts';

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

/** The comparison island's props: every variant with its colours (and their car images), specs and features. */
export function evCompareProps(ev: EvContent, images: ImageIndex, site: SiteConfig): EvCompareProps {
  const variants: CompareVariant[] = ev.variants.map((variant) => ({
    id: variant.id,
    name: variant.name,
    model: baseName(ev.variants.filter((v) => v.baseId === variant.baseId), variant.baseId),
    colours: variantColours(ev.colours, variant).map((c) => ({ name: c.name, hex: c.hexCode ?? null, picture: pictureFor(images, c.image_url, 'card', site) })),
    specs: variantSpecs(variant),
    features: variant.features,
  }));
  return { variants, initial: initialCompareState(ev.variants) };
}

/** A slide of the hub's hero slider or of an interior colour carousel. */
export interface EvSlide {
  id: string;
  heading: string;
  text: string;
  picture: PictureData | null;
  alt: string;
  /** Swatch colour of an interior trim. */
  hex?: string;
  link?: { label: string; href: string };
}

/**
 * The hub's hero slider: one slide per model, showing its first variant with a car image in that
 * variant's first colour, and the model's longest driving range.
 */
export function evHeroSlides(ev: EvContent, images: ImageIndex, site: SiteConfig): EvSlide[] {
  return evModelSummaries(ev).map((model) => {
    const variants = ev.variants.filter((v) => v.baseId === model.baseId);
    const colour = variants.flatMap((v) => variantColours(ev.colours, v).map((c) => ({ c, v }))).find(({ c }) => pictureFor(images, c.image_url, 'gallery', site));
    const longest = [...variants].sort((a, b) => parseFloat(b.performance.drivingRange) - parseFloat(a.performance.drivingRange))[0]!;
    return {
      id: `hero-${model.baseId}`,
      heading: `The ${model.name}`,
      text: `Fully electric, in ${variants.length} variants, with up to ${longest.performance.drivingRange} of driving range.`,
      picture: colour ? pictureFor(images, colour.c.image_url, 'gallery', site) : null,
      alt: colour ? `${colour.v.name} in ${colour.c.name}` : `The ${model.name}`,
      link: { label: `Explore the ${model.name}`, href: model.href },
    };
  });
}

/** The interior colour carousel: the trims of one model (`baseId`), or of every model on the hub. */
export function evInteriorSlides(ev: EvContent, images: ImageIndex, site: SiteConfig, baseId?: string): EvSlide[] {
  const models = new Map(evModelSummaries(ev).map((m) => [m.baseId, m.name]));
  return ev.interiors
    .filter((trim) => baseId === undefined || trim.baseId === baseId)
    .map((trim) => {
      const model = models.get(trim.baseId) ?? trim.baseId.toUpperCase();
      return {
        id: `interior-${trim.id}`,
        heading: trim.name,
        text: baseId === undefined ? `${model} interior` : 'Interior',
        picture: pictureFor(images, trim.image_url, 'card', site),
        alt: `${model} cabin in ${trim.name}`,
        hex: trim.hexCode,
      };
    });
}
