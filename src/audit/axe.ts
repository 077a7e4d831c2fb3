/**
 * axe-core over an open page, with the rules of WCAG 2.2 levels A and AA and axe's best practices:
 * every violation of any impact, named by rule, impact and the first elements it found.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's minified build: the same rules as the default source, under half the script to parse per page. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets an audit runs: WCAG 2.0 to 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] as const;

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface AxeFinding {
  rule: string;
  impact: Impact;
  help: string;
  /** CSS selectors of the first few elements that fail, to find them in the page. */
  targets: string[];
  /** How many elements fail. */
  count: number;
}

/**
 * Runs axe over the page as it is now (or the parts `include` names) and returns what it finds.
 *
 * axe runs as one call in the page (its legacy mode) instead of a partial run per frame finished in a second,
 * blank page: the results for our pages are the same, in well under half the time. What that mode leaves out
 * is cross-origin frames, and the only ones these pages have are third-party embeds (maps, a dealer's
 * booking system) that are not ours to fix.
 */
export async function axeFindings(page: Page, include: readonly string[] = []): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags([...AXE_TAGS]).setLegacyMode(true);
  for (const selector of include) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: (v.impact ?? 'minor') as Impact,
    help: v.help,
    targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
    count: v.nodes.length,
  }));
}

/** One line per finding, for a test's failure message or a report. */
export function describeFindings(where: string, findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${where}: ${f.impact} ${f.rule} (${f.help}) x${f.count} at ${f.targets.join(' | ')}`);
}
