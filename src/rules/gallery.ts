/**
 * Vehicle page gallery and list rules (spec sections 4, 5 and 9): the thumbnails strip, which
 * specification rows show, and how long lists are cut behind a Show All / Show More toggle.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';

/** The thumbnails strip needs more than this many images (3 hides it, 4 shows it). */
export const THUMBNAILS_MIN_EXCLUSIVE = 3;

/** Spec 4: the thumbnails strip shows only with more than 3 images (video slides count). */
export function showThumbnails(vehicle: Pick<Vehicle, 'images'>): boolean {
  return (vehicle.images?.length ?? 0) > THUMBNAILS_MIN_EXCLUSIVE;
}

/**
 * Spec 5: a specification row is hidden when its value is undefined, null, empty or the text
 * 'null'. Strings are trimmed first, so '  ' and ' NULL ' count as empty too. 0 is a real value.
 */
export function isSpecValueShown(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') {
    const text = value.trim();
    return text !== '' && text.toLowerCase() !== 'null';
  }
  return true;
}

/** One row of the all-specifications list. */
export interface SpecRow {
  label: string;
  value: string | number | null | undefined;
}

/** A list cut to its first items, with the toggle that reveals the rest. */
export interface ListView<T> {
  items: T[];
  /** Label of the toggle; null when every item already fits. */
  toggle: string | null;
  /** How many items the collapsed list hides. */
  hiddenCount: number;
}

function cut<T>(items: readonly T[], limit: number, expanded: boolean, labels: { more: string; less: string }): ListView<T> {
  if (items.length <= limit) return { items: [...items], toggle: null, hiddenCount: 0 };
  if (expanded) return { items: [...items], toggle: labels.less, hiddenCount: 0 };
  return { items: items.slice(0, limit), toggle: labels.more, hiddenCount: items.length - limit };
}

/**
 * Spec 4 and 9: the all-specifications list drops rows without a value, then shows the first
 * `vehicle.specRowsInitial` (4) with 'Show All'; expanded it shows every row with 'Show Less'.
 * No toggle when 4 rows or fewer remain.
 */
export function specListView(
  rows: readonly SpecRow[],
  site: { vehicle: Pick<SiteConfig['vehicle'], 'specRowsInitial'> },
  expanded: boolean,
): ListView<SpecRow> {
  return cut(
    rows.filter((row) => isSpecValueShown(row.value)),
    site.vehicle.specRowsInitial,
    expanded,
    { more: 'Show All', less: 'Show Less' },
  );
}

/**
 * Spec 9: feature and equipment lists show the first `vehicle.detailListLimit` (8) items with
 * 'Show More'; expanded, all of them with 'Show Less'. No toggle when 8 or fewer.
 */
export function detailListView<T>(
  items: readonly T[],
  site: { vehicle: Pick<SiteConfig['vehicle'], 'detailListLimit'> },
  expanded: boolean,
): ListView<T> {
  return cut(items, site.vehicle.detailListLimit, expanded, { more: 'Show More', less: 'Show Less' });
}
