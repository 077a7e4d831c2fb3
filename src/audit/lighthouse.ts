/**
 * Lighthouse 13 in the machine's Chromium, with its default mobile settings (a mid-range phone on slow 4G,
 * simulated): a page's four category scores with LCP, CLS and TBT, as the median of several runs; and a user
 * flow that opens an island on the loaded page, for the performance of the interaction (TBT, CLS and INP
 * over the time it takes) and the page's accessibility, best practices and SEO in its opened state.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startFlow } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Debian's Chromium where it is installed, else the one Playwright or Lighthouse would find. */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of the machine's CPU (higher is faster). The simulated phone's timings are the
   * machine's own times four, so the same page scores lower on a slower machine: figures from two machines
   * compare only alongside this.
   */
  benchmarkIndex: number;
  /** The audits that did not score full marks, by id, in any run: what to look at when a score drops. */
  failing: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? 0;

/** The ids of the audits of the given categories that scored below full marks. */
function failingAudits(lhr: Lhr, categories: readonly string[]): string[] {
  const ids = categories.flatMap((c) => lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? []);
  return ids.filter((id) => {
    const s = lhr.audits[id]?.score;
    return typeof s === 'number' && s < 1;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function withChrome<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chromePath = chromiumPath();
  const chrome = await chromeLauncher.launch({ ...(chromePath ? { chromePath } : {}), chromeFlags: CHROME_FLAGS });
  try {
    return await work(chrome.port);
  } finally {
    // Wait (up to 5 s) for the browser to exit, so that the next run's figures do not share the CPU with it.
    const exited = new Promise<void>((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
      else chrome.process.once('exit', () => resolve());
    });
    chrome.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A page loaded `runs` times, each in a fresh browser: the median of each figure. */
export async function lighthouseNavigation(url: string, runs: number): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let run = 0; run < runs; run++) {
    const lhr = await withChrome(async (port) => (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }))!.lhr);
    results.push({
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
      cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      failing: failingAudits(lhr, CATEGORIES),
    });
  }
  const pick = (key: Exclude<keyof LighthouseScores, 'failing'>) => median(results.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    benchmarkIndex: pick('benchmarkIndex'),
    failing: [...new Set(results.flatMap((r) => r.failing))].sort(),
  };
}

export interface IslandFlowScores {
  /** The interaction's performance score (Lighthouse timespan: TBT, CLS and INP while it ran). */
  performance: number;
  inpMs: number | null;
  tbtMs: number;
  cls: number;
  /** The opened page's snapshot scores. */
  accessibility: number;
  bestPractices: number;
  failing: string[];
}

/**
 * Loads the page, then times `interact` (which opens an island: a search refined, the calculator changed)
 * and takes a snapshot of the page left open.
 */
export async function lighthouseIslandFlow(url: string, interact: (page: Page) => Promise<void>): Promise<IslandFlowScores> {
  return withChrome(async (port) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      const flow = await startFlow(page, { name: url });
      await flow.navigate(url);
      await flow.startTimespan();
      await interact(page);
      await flow.endTimespan();
      await flow.snapshot();
      const steps = (await flow.createFlowResult()).steps;
      const timespan = steps[1]!.lhr as Lhr;
      const snapshot = steps[2]!.lhr as Lhr;
      const inp = timespan.audits['interaction-to-next-paint']?.numericValue;
      return {
        performance: score(timespan, 'performance'),
        inpMs: typeof inp === 'number' ? Math.round(inp) : null,
        tbtMs: Math.round(numeric(timespan, 'total-blocking-time')),
        cls: Math.round(numeric(timespan, 'cumulative-layout-shift') * 1000) / 1000,
        accessibility: score(snapshot, 'accessibility'),
        bestPractices: score(snapshot, 'best-practices'),
        failing: [...new Set([...failingAudits(timespan, ['performance']), ...failingAudits(snapshot, ['accessibility', 'best-practices'])])].sort(),
      };
    } finally {
      await browser.disconnect();
    }
  });
}
