/**
 * Stands in for `qs` in the browser build. InstantSearch's default router (its `history` router) is its only
 * user, and the stock search routes with its own (`src/search/ui-state.ts`), so the library's query-string
 * parser and its helpers (about 50 KB of script) never load. A router that reached for it would fail here.
 */
const unused = (): never => {
  throw new Error("the stock search routes with its own router; InstantSearch's history router and qs are not in the browser build");
};

export default { parse: unused, stringify: unused };
export const parse = unused;
export const stringify = unused;
