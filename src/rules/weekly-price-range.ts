/** The weekly repayment bands of the stock search (spec: the `weekly_price_range` refinement). No imports: the search island reads them. */

/** The weekly repayment bands shoppers refine by (the spec's `weekly_price_range`), upper bounds exclusive. */
export const WEEKLY_PRICE_RANGES: ReadonlyArray<{ label: string; below: number }> = [
  { label: 'Under $100 /wk', below: 100 },
  { label: '$100 to $149 /wk', below: 150 },
  { label: '$150 to $199 /wk', below: 200 },
  { label: '$200 to $249 /wk', below: 250 },
  { label: '$250 to $349 /wk', below: 350 },
  { label: '$350 to $499 /wk', below: 500 },
  { label: '$500 /wk or more', below: Number.POSITIVE_INFINITY },
];

/** The band of a weekly repayment, or null without one. */
export function weeklyPriceRange(payment: number | null): string | null {
  if (payment === null) return null;
  return WEEKLY_PRICE_RANGES.find((band) => payment < band.below)!.label;
}
