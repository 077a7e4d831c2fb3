/**
 * Committing content published from the admin page (`OPS_CONTENT_COMMIT=git`): the file under content/<slug>/
 * is committed in the repository the ops server runs in, with the staff member who published it as the
 * author, so the repository stays the source of truth and the nightly job builds what marketing published.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StaffMember } from './staff-store.ts';

const run = promisify(execFile);

/** Commits `files` (relative to `root`) with `message`, authored by `staff`. @returns the commit's id */
export async function commitContent(root: string, files: readonly string[], message: string, staff: StaffMember): Promise<string> {
  const git = (...args: string[]) => run('git', ['-C', root, ...args], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  await git('add', '--all', '--', ...files.map((f) => path.relative(root, path.resolve(root, f))));
  await git(
    '-c',
    `user.name=${staff.name}`,
    '-c',
    `user.email=${staff.username}@staff.invalid`,
    'commit',
    '--no-verify',
    '--author',
    `${staff.name} <${staff.username}@staff.invalid>`,
    '-m',
    message,
    '--',
    ...files,
  );
  return (await git('rev-parse', 'HEAD')).stdout.trim();
}
