/**
 * axe for the browser suites: the audit's own run (WCAG 2.2 A and AA and best practices), one line per
 * violation so that a failing expectation says what and where.
 */
import type { Page } from '@playwright/test';
import { axeFindings, describeFindings, type Impact } from '../../src/audit/axe.ts';

const SERIOUS: ReadonlySet<Impact> = new Set(['serious', 'critical']);

/** Every violation on the page, or inside the parts `include` names. */
export async function axeViolations(page: Page, ...include: string[]): Promise<string[]> {
  return describeFindings(page.url(), await axeFindings(page, include));
}

/** The serious and critical violations on the page, or inside the parts `include` names. */
export async function seriousViolations(page: Page, ...include: string[]): Promise<string[]> {
  const findings = await axeFindings(page, include);
  return describeFindings(page.url(), findings.filter((f) => SERIOUS.has(f.impact)));
}
