/**
 * The page budgets the product holds itself to (docs/ARCHITECTURE.md, from the design's performance
 * targets): what the audit, the benchmarks and the test suite's gate compare against.
 */
export const BUDGETS = {
  vehicle: {
    /** A vehicle page's HTML, gzipped. */
    htmlGzipKb: 35,
    /** JavaScript a vehicle page loads before the shopper scrolls or interacts, gzipped (React's runtime is about 60 KB of it). */
    jsGzipKb: 90,
    /** Lighthouse mobile total blocking time. */
    tbtMs: 150,
  },
  search: {
    /** JavaScript a search page loads before any interaction, gzipped. */
    jsGzipKb: 150,
    /** The search index of 5,000 vehicles, gzipped. */
    indexGzipKbAt5000: 150,
    /** A refinement answered by the in-browser engine at 10,000 vehicles, in Chromium. */
    refinementMedianMsAt10000: 5,
    refinementP95MsAt10000: 16,
  },
  lighthouse: {
    /** Every category on every page type. */
    score: 100,
    /** Performance while an island is open (a Lighthouse timespan over the interaction). */
    performanceIslandOpen: 95,
  },
} as const;

/** Kilobytes as budgets count them (1,024 bytes). */
export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
