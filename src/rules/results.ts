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
  if (!site.search.collapseSold || results.every((vehicle) => !isAvailable(vehicle))) return [...results];
  return results.filter((vehicle, index) => {
    if (isAvailable(vehicle)) return true;
    const previous = results[index - 1];
    return previous === undefined || isAvailable(previous);
  });
}
