/**
 * The Nu HTML Checker (vnu-jar, the validator behind validator.w3.org/nu) over built pages, run once
 * for a whole list of files (it needs Java 11 or later): the errors of each file with their messages.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface HtmlError {
  file: string;
  message: string;
  line?: number;
  /** A little of the markup around the error. */
  extract?: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** Where vnu-jar's jar is: `vnu-jar` exports its path. */
function vnuJar(): string {
  const jar = String(createRequire(import.meta.url)('vnu-jar') as unknown);
  if (!existsSync(jar)) throw new Error(`The Nu HTML Checker's jar is missing at ${jar}: run npm install.`);
  return jar;
}

/**
 * Errors the checker reports for markup the HTML Standard allows, because the checker has not caught up
 * with the standard. They are kept apart from the errors (and listed as such), each only where its markup
 * is the allowed one, with the part of the standard that allows it.
 */
export const CHECKER_LAGS: ReadonlyArray<{ message: string; markup: RegExp; allowedBy: string }> = [
  {
    // The search pages hold their first paint until the results grid is parsed, so nothing shifts.
    message: 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
    markup: /<link rel="expect" href="#[\w-]+" blocking="render">/,
    allowedBy: 'https://html.spec.whatwg.org/multipage/links.html#link-type-expect',
  },
];

export interface HtmlCheck {
  errors: HtmlError[];
  /** Errors that are the checker's lag behind the standard ({@link CHECKER_LAGS}), with what allows them. */
  accepted: Array<HtmlError & { allowedBy: string }>;
}

/** Validates the files; resolves with every error (warnings left out). Needs `java` on the PATH. */
export async function checkHtml(files: readonly string[]): Promise<HtmlCheck> {
  const check: HtmlCheck = { errors: [], accepted: [] };
  for (const error of await htmlErrors(files)) {
    const lag = CHECKER_LAGS.find((l) => l.message === error.message && l.markup.test(error.extract ?? ''));
    if (lag) check.accepted.push({ ...error, allowedBy: lag.allowedBy });
    else check.errors.push(error);
  }
  return check;
}

/** Every error the checker reports for the files, as it reports them. */
export async function htmlErrors(files: readonly string[]): Promise<HtmlError[]> {
  if (files.length === 0) return [];
  const args = ['-Xss4m', '-jar', vnuJar(), '--errors-only', '--format', 'json', '--exit-zero-always', ...files];
  let stderr: string;
  try {
    ({ stderr } = await run('java', args, { maxBuffer: 256 * 1024 * 1024 }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error('The Nu HTML Checker needs Java 11 or later on the PATH (on Debian: apt-get install default-jre-headless).');
    throw error;
  }
  // vnu writes its JSON report to standard error.
  const report = JSON.parse(stderr) as { messages: VnuMessage[] };
  return report.messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => ({
      file: m.url ? decodeURIComponent(new URL(m.url).pathname) : '(unknown)',
      message: m.message,
      ...(m.lastLine !== undefined ? { line: m.lastLine } : {}),
      ...(m.extract ? { extract: m.extract.trim().slice(0, 200) } : {}),
    }));
}
