/** Search results rules (spec section 4, "Search results"). */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { HasStatus } from './availability.ts';
import { isAvailable } from './availability.ts';

/**
 * Spec 4: sold vehicles in results collapse so that only the first of each run of consecutive
 * sold (not available) vehicles shows. When every vehicle is sold all of them show, and with
 * `search.collapseSold` off (it is on by default) nothing is collapsed. Order is kept.
 */
export function collapseSoldRuns<T extends HasStatus>(
  results: readonly T[],
  site: { search: Pick<SiteConfig['search'], 'collapseSold'> },
): T[] {
  return results.filter(shownAfterCollapse(results, site));
}

/**
 * The rule of {@link collapseSoldRuns} as a test of each result, asked of `results` in order: whether it
 * shows once sold runs collapse. For a caller that counts or pages the results without a list of them.
 */
export function shownAfterCollapse<T extends HasStatus>(
  results: readonly T[],
  site: { search: Pick<SiteConfig['search'], 'collapseSold'> },
): (result: T) => boolean {
  const collapse = collapsesSold(site, () => results.some(isAvailable));
  let previousAvailable = true;
  return (result) => {
    const available = isAvailable(result);
    const shown = shownInResults(collapse, available, previousAvailable);
    previousAvailable = available;
    return shown;
  };
}

/** Whether results collapse their sold runs: where the site asks for it and any result is available (asked only then). */
export function collapsesSold(site: { search: Pick<SiteConfig['search'], 'collapseSold'> }, anyAvailable: () => boolean): boolean {
  return site.search.collapseSold && anyAvailable();
}

/**
 * The rule of {@link collapseSoldRuns} for one result: it shows when nothing collapses, when it is
 * available, or when the result before it is (the first result counts as following an available one).
 */
export function shownInResults(collapse: boolean, available: boolean, previousAvailable: boolean): boolean {
  return !collapse || available || previousAvailable;
}
