/**
 * Which pages of a site an audit opens: a deterministic sample of the route manifest that covers every
 * type of page (each route kind, each form, sold vehicles apart from available ones) and fills the rest of
 * its size in proportion to how many pages of each type the site has, spread evenly through each type.
 */
import type { Route } from '../data/route-manifest.ts';

export interface SampledPage {
  path: string;
  /** The page's type as reports name it: the route kind, `form (finance)`, `vehicle (sold)`. */
  type: string;
}

/** A route's page type; vehicle pages of sold vehicles are a type of their own (no price, no forms). */
export function pageType(route: Route, sold: ReadonlySet<number>): string {
  if (route.kind === 'form') return `form (${route.form})`;
  if (route.kind === 'vehicle' && sold.has(route.vehicleId)) return 'vehicle (sold)';
  return route.kind;
}

/** `count` members of `items` spread evenly from the first, in their order. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const picked: T[] = [];
  for (let i = 0; i < count; i++) picked.push(items[Math.floor((i * items.length) / count)]!);
  return picked;
}

/**
 * At most `limit` pages (at least one of every type even when there are more types than `limit`), the
 * same for the same routes: one of each type first, the rest shared between the types by their size
 * (largest remainders), each type's share spread evenly through its pages.
 */
export function auditSample(routes: readonly Route[], sold: ReadonlySet<number>, limit: number): SampledPage[] {
  const byType = new Map<string, string[]>();
  for (const route of routes) {
    const type = pageType(route, sold);
    const paths = byType.get(type) ?? [];
    paths.push(route.path);
    byType.set(type, paths);
  }
  const types = [...byType.keys()].sort();
  const share = new Map(types.map((t) => [t, 1]));
  const spare = Math.max(0, limit - types.length);
  const rest = routes.length - types.length;
  if (spare > 0 && rest > 0) {
    const exact = types.map((t) => ({ type: t, want: ((byType.get(t)!.length - 1) * spare) / rest }));
    let left = spare;
    for (const { type, want } of exact) {
      const whole = Math.min(Math.floor(want), byType.get(type)!.length - 1);
      share.set(type, 1 + whole);
      left -= whole;
    }
    const byRemainder = [...exact].sort((a, b) => b.want - Math.floor(b.want) - (a.want - Math.floor(a.want)) || (a.type < b.type ? -1 : 1));
    for (const { type } of byRemainder) {
      if (left <= 0) break;
      if (share.get(type)! < byType.get(type)!.length) share.set(type, share.get(type)! + 1), left--;
    }
  }
  return types.flatMap((type) => spread(byType.get(type)!, share.get(type)!).map((path) => ({ path, type })));
}

/** The page types Lighthouse reports on, in the order the report lists them, and how to find one. */
export const LIGHTHOUSE_TYPES = [
  { name: 'home', matches: (type: string) => type === 'home' },
  { name: 'search landing', matches: (type: string) => type === 'search' },
  { name: 'vehicle', matches: (type: string) => type === 'vehicle' },
  { name: 'sold vehicle', matches: (type: string) => type === 'vehicle (sold)' },
  { name: 'location', matches: (type: string) => type === 'location' },
  { name: 'offers', matches: (type: string) => type === 'offers' },
  { name: 'form page', matches: (type: string) => type.startsWith('form (') },
  { name: 'content page', matches: (type: string) => type === 'content-page' },
] as const;

/** The first sampled page of each Lighthouse type the site has. */
export function lighthousePages(sample: readonly SampledPage[]): Array<{ name: string; path: string }> {
  return LIGHTHOUSE_TYPES.flatMap(({ name, matches }) => {
    const page = sample.find((p) => matches(p.type));
    return page ? [{ name, path: page.path }] : [];
  });
}
