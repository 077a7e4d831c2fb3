// Writes the Markdown summary of one site's CI job (see src/generator/job-summary.ts) to stdout:
//   node scripts/job-summary.ts --site bayside-mg --target dir --deploy success >> "$GITHUB_STEP_SUMMARY"
// Reads out/_reports/<site>.json, the pull report and, when given, the deploy output and the dispatch payload.
import { existsSync, readFileSync } from 'node:fs';
import type { PullReport } from '../src/data/pull.ts';
import type { SiteBuildReport } from '../src/generator/build.ts';
import { jobSummary, type StepOutcome } from '../src/generator/job-summary.ts';
import type { DispatchPayload } from '../src/ops/dispatch.ts';
import { parseCliArgs, runCli } from './cli.ts';

await runCli(async () => {
  const args = parseCliArgs({
    site: { type: 'string' },
    target: { type: 'string' },
    deploy: { type: 'string' },
    'deploy-output': { type: 'string' },
    // The repository_dispatch client_payload as JSON; empty for other triggers.
    dispatch: { type: 'string' },
  });
  if (!args.site) throw new Error('Name the site: --site <slug>.');
  const site = args.site;
  const readJson = <T>(file: string | undefined): T | null => (file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null);
  const output = args['deploy-output'] && existsSync(args['deploy-output']) ? readFileSync(args['deploy-output'], 'utf8') : undefined;
  process.stdout.write(
    jobSummary({
      site,
      // The paths reportPath (src/generator/build.ts) and pullReportPath (src/data/snapshot-files.ts) give,
      // written out so the summary needs no installed packages and still reports a job whose install failed.
      build: readJson<SiteBuildReport>(`out/_reports/${site}.json`),
      pull: readJson<PullReport>(`data/snapshots/${site}.pull-report.json`),
      deploy: { target: args.target ?? 'dir', outcome: (args.deploy ?? '') as StepOutcome, ...(output ? { output } : {}) },
      dispatch: args.dispatch ? (JSON.parse(args.dispatch) as DispatchPayload) : null,
    }),
  );
});
