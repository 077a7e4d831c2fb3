/**
 * The audit's report: what was measured per site and page type, the targets it is held to (every
 * Lighthouse category at 100, at least 95 for performance with an island open, no axe violation of any
 * impact, no HTML error, every page budget), and the readable table `npm run audit` prints.
 */
import type { AxeFinding, Impact } from './axe.ts';
import { BUDGETS, kb } from './budgets.ts';
import type { HtmlError } from './html-validity.ts';
import type { IslandFlowScores, LighthouseScores } from './lighthouse.ts';
import type { PageWeight } from './weight.ts';

export interface PageTypeAudit {
  /** 'home', 'search landing', 'vehicle', ... (src/audit/sample.ts). */
  type: string;
  path: string;
  weight: PageWeight;
  lighthouse: LighthouseScores | null;
  /** Lighthouse over an island being opened on this page (search refined, calculator changed). */
  islandOpen: (IslandFlowScores & { interaction: string }) | null;
}

export interface AxePageResult {
  path: string;
  type: string;
  width: number;
  findings: AxeFinding[];
}

export interface OpenedStateResult {
  name: string;
  path: string;
  width: number;
  findings: AxeFinding[];
  /** The state could not be opened (the reason); its findings are then empty. */
  error?: string;
}

export interface SiteAudit {
  site: string;
  sampled: number;
  pageTypes: PageTypeAudit[];
  axe: { pages: AxePageResult[]; openedStates: OpenedStateResult[] };
  html: { files: number; errors: HtmlError[]; accepted: Array<HtmlError & { allowedBy: string }> };
}

export interface Target {
  site: string;
  what: string;
  met: boolean;
  detail: string;
}

export interface AuditReport {
  generatedAt: string;
  settings: { sample: number; lighthouseRuns: number; widths: number[] };
  sites: SiteAudit[];
  targets: Target[];
}

const IMPACTS: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** Violations of each impact over a site's pages and opened states (one per rule and page). */
export function axeByImpact(site: SiteAudit): Record<Impact, number> {
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const result of [...site.axe.pages, ...site.axe.openedStates]) for (const f of result.findings) counts[f.impact]++;
  return counts;
}

/** HTML errors grouped by message (the quoted values in a message vary page to page), most frequent first. */
export function htmlErrorsByMessage(errors: readonly HtmlError[]): Array<{ message: string; count: number; example: HtmlError }> {
  const groups = new Map<string, { message: string; count: number; example: HtmlError }>();
  for (const error of errors) {
    const message = error.message.replace(/“[^”]{40,}”/g, '“…”');
    const group = groups.get(message) ?? { message, count: 0, example: error };
    group.count++;
    groups.set(message, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Every target, met or not, for each site. */
export function evaluateTargets(sites: readonly SiteAudit[]): Target[] {
  const targets: Target[] = [];
  for (const site of sites) {
    const add = (what: string, met: boolean, detail: string) => targets.push({ site: site.site, what, met, detail });
    for (const page of site.pageTypes) {
      const lh = page.lighthouse;
      if (lh) {
        const scores = { performance: lh.performance, accessibility: lh.accessibility, 'best practices': lh.bestPractices, SEO: lh.seo };
        const low = Object.entries(scores).filter(([, s]) => s < BUDGETS.lighthouse.score);
        add(`Lighthouse ${BUDGETS.lighthouse.score} in every category: ${page.type}`, low.length === 0, low.length === 0 ? 'all 100' : `${low.map(([c, s]) => `${c} ${s}`).join(', ')} (${lh.failing.join(', ')})`);
      }
      if (page.islandOpen) {
        const open = page.islandOpen;
        add(
          `Lighthouse performance >= ${BUDGETS.lighthouse.performanceIslandOpen} with an island open: ${page.type} (${open.interaction})`,
          open.performance >= BUDGETS.lighthouse.performanceIslandOpen && open.accessibility === 100 && open.bestPractices === 100,
          `performance ${open.performance}, accessibility ${open.accessibility}, best practices ${open.bestPractices}; INP ${open.inpMs ?? 'n/a'} ms, TBT ${open.tbtMs} ms, CLS ${open.cls}`,
        );
      }
      if (page.type === 'vehicle') {
        add(`vehicle page HTML <= ${BUDGETS.vehicle.htmlGzipKb} KB gzip`, kb(page.weight.htmlGzipBytes) <= BUDGETS.vehicle.htmlGzipKb, `${kb(page.weight.htmlGzipBytes)} KB`);
        add(`vehicle page JS before interaction <= ${BUDGETS.vehicle.jsGzipKb} KB gzip`, kb(page.weight.jsGzipBytes) <= BUDGETS.vehicle.jsGzipKb, `${kb(page.weight.jsGzipBytes)} KB`);
        if (page.lighthouse) add(`vehicle page TBT <= ${BUDGETS.vehicle.tbtMs} ms`, page.lighthouse.tbtMs <= BUDGETS.vehicle.tbtMs, `${page.lighthouse.tbtMs} ms`);
      }
      if (page.type === 'search landing') add(`search page JS <= ${BUDGETS.search.jsGzipKb} KB gzip`, kb(page.weight.jsGzipBytes) <= BUDGETS.search.jsGzipKb, `${kb(page.weight.jsGzipBytes)} KB`);
    }
    const impacts = axeByImpact(site);
    const total = IMPACTS.reduce((n, i) => n + impacts[i], 0);
    add('axe: no violation of any impact (pages and opened states)', total === 0, IMPACTS.map((i) => `${i} ${impacts[i]}`).join(', '));
    const unopened = site.axe.openedStates.filter((s) => s.error);
    if (unopened.length > 0) add('every opened state could be opened', false, unopened.map((s) => `${s.name}: ${s.error}`).join('; '));
    add('HTML: no error from the Nu checker', site.html.errors.length === 0, `${site.html.errors.length} error(s) in ${site.html.files} file(s)`);
  }
  return targets;
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The report as text: a table per site, then the findings, then the targets. */
export function auditTable(report: AuditReport): string {
  const lines: string[] = [];
  for (const site of report.sites) {
    lines.push(`\n${site.site} (${site.sampled} pages sampled for axe and HTML; widths ${report.settings.widths.join(' and ')} px)`);
    lines.push(`  ${'page type'.padEnd(16)}${pad('perf', 5)}${pad('a11y', 5)}${pad('bp', 5)}${pad('seo', 5)}${pad('LCP ms', 8)}${pad('CLS', 7)}${pad('TBT', 6)}${pad('INP', 6)}${pad('HTML', 7)}${pad('CSS', 7)}${pad('JS', 7)}${pad('img', 8)}  (KB gzip; images as sent)`);
    for (const page of site.pageTypes) {
      const lh = page.lighthouse;
      const w = page.weight;
      lines.push(
        `  ${page.type.padEnd(16)}${pad(lh?.performance ?? '-', 5)}${pad(lh?.accessibility ?? '-', 5)}${pad(lh?.bestPractices ?? '-', 5)}${pad(lh?.seo ?? '-', 5)}${pad(lh?.lcpMs ?? '-', 8)}${pad(lh?.cls ?? '-', 7)}${pad(lh?.tbtMs ?? '-', 6)}${pad(page.islandOpen?.inpMs ?? '-', 6)}` +
          `${pad(kb(w.htmlGzipBytes), 7)}${pad(kb(w.cssGzipBytes), 7)}${pad(kb(w.jsGzipBytes), 7)}${pad(kb(w.imageBytes), 8)}  ${page.path}`,
      );
      if (page.islandOpen) lines.push(`  ${''.padEnd(16)}with ${page.islandOpen.interaction}: performance ${page.islandOpen.performance}, a11y ${page.islandOpen.accessibility}, bp ${page.islandOpen.bestPractices}, TBT ${page.islandOpen.tbtMs} ms, CLS ${page.islandOpen.cls}`);
    }
    const impacts = axeByImpact(site);
    lines.push(`  axe over ${site.axe.pages.length} page views and ${site.axe.openedStates.length} opened states: ${IMPACTS.map((i) => `${i} ${impacts[i]}`).join(', ')}`);
    const rules = new Map<string, { impact: Impact; help: string; where: string[] }>();
    for (const result of [...site.axe.pages, ...site.axe.openedStates.map((s) => ({ ...s, type: s.name }))]) {
      for (const f of result.findings) {
        const rule = rules.get(f.rule) ?? { impact: f.impact, help: f.help, where: [] };
        rule.where.push(`${result.path} @${result.width} (${f.targets[0] ?? ''})`);
        rules.set(f.rule, rule);
      }
    }
    for (const [rule, r] of rules) lines.push(`    ${r.impact} ${rule}: ${r.help}; ${r.where.length} time(s), e.g. ${r.where.slice(0, 2).join('; ')}`);
    for (const state of site.axe.openedStates.filter((s) => s.error)) lines.push(`    could not open "${state.name}" on ${state.path}: ${state.error}`);
    lines.push(`  Nu HTML checker over ${site.html.files} files: ${site.html.errors.length} error(s)`);
    for (const group of htmlErrorsByMessage(site.html.errors)) lines.push(`    x${group.count} ${group.message} (e.g. ${group.example.file})`);
    for (const group of htmlErrorsByMessage(site.html.accepted)) {
      lines.push(`    not counted, x${group.count}: ${group.message} The HTML Standard allows this markup (${(group.example as HtmlError & { allowedBy: string }).allowedBy}); the checker has not caught up.`);
    }
  }
  const missed = report.targets.filter((t) => !t.met);
  lines.push(`\nTargets: ${report.targets.length - missed.length} of ${report.targets.length} met`);
  for (const t of missed) lines.push(`  MISSED ${t.site}: ${t.what}: ${t.detail}`);
  return lines.join('\n');
}
