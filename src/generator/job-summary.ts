import type { PullReport } from '../data/pull.ts';
import type { DispatchPayload } from '../ops/dispatch.ts';
import type { PhaseTimings, SiteBuildReport } from './build.ts';

/** How a step of the CI job ended, as GitHub Actions reports `steps.<id>.outcome` ('' when it never ran). */
export type StepOutcome = 'success' | 'failure' | 'cancelled' | 'skipped' | '';

export interface JobSummaryInput {
  site: string;
  /** out/_reports/<site>.json, or null when the build never wrote it. */
  build: SiteBuildReport | null;
  /** data/snapshots/<site>.pull-report.json, or null when there is none. */
  pull: PullReport | null;
  deploy: {
    /** The deploy target the job used (`dir`, `s3`, ...). */
    target: string;
    outcome: StepOutcome;
    /** What the deploy command printed, when it ran. */
    output?: string;
  };
  /** The ops server's dispatch that started the run, when it was one. */
  dispatch?: DispatchPayload | null;
}

/** Quarantined records listed one by one; beyond this the summary gives the count and points at the artifact. */
export const MAX_LISTED_QUARANTINED = 20;
/** Lines of the deploy command's output shown; the full output is in the artifact. */
export const MAX_DEPLOY_LINES = 30;

const PHASES: Array<[keyof PhaseTimings, string]> = [
  ['pull', 'pull'],
  ['manifest', 'route manifest'],
  ['images', 'images'],
  ['render', 'render'],
  ['hostFiles', 'host files'],
  ['publish', 'publish'],
];

/**
 * The Markdown a per-site CI job appends to `$GITHUB_STEP_SUMMARY`: whether the
 * site was published and where, its pages, the records quarantined by the pull,
 * phase timings and image work, and the deploy command's own account of what it
 * uploaded. A failed build says in which phase and that nothing was published.
 */
export function jobSummary(input: JobSummaryInput): string {
  const { site, build, pull, deploy } = input;
  const lines: string[] = [`## ${site}: ${headline(input)}`, ''];

  if (input.dispatch) {
    const d = input.dispatch;
    lines.push(
      `Started by the ops server for ${d.event_ids.length} journalled event(s) naming ${d.vehicle_ids.length} vehicle(s)` +
        `${d.full ? ' (full rebuild asked for)' : ''}.`,
      '',
    );
  }

  if (!build) {
    lines.push('The build wrote no report: it stopped before building the site (see the job log).', '');
  } else {
    if (build.status === 'failed' && build.failure) {
      lines.push(`**Build failed in ${build.failure.phase}:** ${oneLine(build.failure.message)}`, '', 'Nothing was published; the previous release stays live.', '');
    }
    if (build.unchanged) lines.push('Nothing changed since the live release: the build made it file for file, so it stays live and nothing new was published.', '');
    const kinds = Object.entries(build.pagesByKind).sort(([a], [b]) => a.localeCompare(b));
    lines.push(
      '| | |',
      '|---|---|',
      `| pages | ${build.pages.toLocaleString('en-AU')}${build.carried > 0 ? `: ${build.rendered.toLocaleString('en-AU')} rendered (${(build.htmlBytes / 1e6).toFixed(1)} MB HTML), ${build.carried.toLocaleString('en-AU')} unchanged from the live release` : ` (${(build.htmlBytes / 1e6).toFixed(1)} MB HTML)`} |`,
      `| render rate | ${build.pagesPerSecond.toLocaleString('en-AU')} pages/s ${build.workers > 0 ? `on ${build.workers} worker(s)` : 'on the build thread'} |`,
      `| images | ${build.imageTransforms.done} made, ${build.imageTransforms.reused} reused from the cache${build.skippedImages.length > 0 ? `, ${build.skippedImages.length} skipped` : ''} |`,
      `| quarantined records | ${build.quarantined.length} |`,
      ...(pull ? [`| stock | ${pull.counts.pulled} pulled, ${pull.counts.published} published (${pull.counts.available} available), ${pull.counts.filtered} filtered, ${pull.counts.duplicates} duplicates |`] : []),
      `| built at | ${build.builtAt} (code ${build.codeVersion}) |`,
      '',
      '**Timings (s):** ' + PHASES.map(([key, label]) => `${label} ${build.timings[key].toFixed(1)}`).join(' · '),
      '',
    );
    if (kinds.length > 0) {
      lines.push(`<details><summary>${build.carried > 0 ? 'Rendered pages' : 'Pages'} by kind</summary>`, '', '| kind | pages | KB |', '|---|---:|---:|');
      for (const [kind, k] of kinds) lines.push(`| ${kind} | ${k.pages} | ${Math.round(k.bytes / 1024)} |`);
      lines.push('', '</details>', '');
    }
    if (build.quarantined.length > 0) {
      lines.push('<details><summary>Quarantined records</summary>', '', '| source | id | field | reason |', '|---|---|---|---|');
      for (const q of build.quarantined.slice(0, MAX_LISTED_QUARANTINED)) lines.push(`| ${cell(q.source)} | ${cell(q.id)} | ${cell(q.path)} | ${cell(q.reason)} |`);
      const more = build.quarantined.length - MAX_LISTED_QUARANTINED;
      if (more > 0) lines.push('', `…and ${more} more: see the build-report artifact.`);
      lines.push('', '</details>', '');
    }
  }

  const output = deploy.output?.trim();
  if (output) {
    const all = output.split('\n');
    const shown = all.slice(-MAX_DEPLOY_LINES);
    lines.push(
      `<details><summary>Deploy to ${deploy.target}</summary>`,
      '',
      '```',
      ...(all.length > shown.length ? [`… ${all.length - shown.length} earlier line(s) in the artifact`] : []),
      ...shown,
      '```',
      '',
      '</details>',
      '',
    );
  }
  return lines.join('\n');
}

function headline({ build, deploy }: JobSummaryInput): string {
  if (!build || build.status !== 'published') return 'build failed, nothing published';
  switch (deploy.outcome) {
    case 'success':
      return `published to ${deploy.target}`;
    case 'failure':
      return `built, but the deploy to ${deploy.target} failed`;
    case 'cancelled':
      return `built, deploy to ${deploy.target} cancelled`;
    default:
      return 'built, not deployed';
  }
}

/** A message on one line, for a table cell or a sentence. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Table cells must not break the table: pipes escaped, one line. */
function cell(text: string): string {
  return oneLine(String(text)).replace(/\|/g, '\\|');
}
