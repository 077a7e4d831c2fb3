/**
 * The comparison island's data and its table rows: shared by the page (the server-rendered default pair)
 * and the island (any pair the shopper picks). Browser-safe: types and plain functions only.
 */
import type { CompareState } from '../rules/ev-compare.ts';
import type { PictureData } from './images.ts';

/** Spec rows of a variant, grouped as the comparison shows them. */
export interface SpecSection {
  title: 'Dimensions' | 'Performance';
  rows: Array<{ label: string; value: string }>;
}

/** One colour of a variant as the pickers show it: its swatch and the car in that colour. */
export interface CompareColour {
  name: string;
  hex: string | null;
  /** The car in this colour at card size; null when the image is missing (the swatch colour shows instead). */
  picture: PictureData | null;
}

/** A variant the shopper can pick on either side. */
export interface CompareVariant {
  id: string;
  name: string;
  /** Model name the variant is grouped under in the picker. @example 'IM5' */
  model: string;
  /** Up to 6 unique colours, in the content file's order. */
  colours: CompareColour[];
  specs: SpecSection[];
  features: string[];
}

/** The island's props. */
export interface EvCompareProps {
  variants: CompareVariant[];
  /** The default pair (im5-performance left, im5-premium right), first colour on both. */
  initial: CompareState;
}

export interface CompareSection {
  title: 'Dimensions' | 'Performance' | 'Features';
  rows: Array<{ label: string; left: string; right: string }>;
}

/**
 * Dimensions and Performance row by row, then Features: every feature of either side once (left's
 * first), each marked Yes or No per side.
 */
export function compareSections(left: Pick<CompareVariant, 'specs' | 'features'>, right: Pick<CompareVariant, 'specs' | 'features'>): CompareSection[] {
  const sections: CompareSection[] = left.specs.map((section, i) => ({
    title: section.title,
    rows: section.rows.map((row, j) => ({ label: row.label, left: row.value, right: right.specs[i]?.rows[j]?.value ?? '' })),
  }));
  const features = [...new Set([...left.features, ...right.features])];
  sections.push({
    title: 'Features',
    rows: features.map((f) => ({ label: f, left: left.features.includes(f) ? 'Yes' : 'No', right: right.features.includes(f) ? 'Yes' : 'No' })),
  });
  return sections;
}
