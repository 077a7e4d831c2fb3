import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeVersion, watchCodeVersion } from '../../src/generator/compile.ts';

// The ops server knows its code version from a watch on the app's inputs rather than reading every
// source file for each update; an edit must still make it a new version, or a site would be updated
// with pages from code it was not built with.

let app: string;
beforeEach(async () => {
  app = await mkdtemp(path.join(tmpdir(), 'code-version-'));
  await mkdir(path.join(app, 'src', 'views'), { recursive: true });
  await writeFile(path.join(app, 'src', 'views', 'page.ts'), 'export const a = 1;\n');
  await writeFile(path.join(app, 'package-lock.json'), '{}\n');
});
afterEach(async () => {
  await rm(app, { recursive: true, force: true });
});

/** The watched version once it has caught up with the files, or the last one seen after 5 s. */
async function settledVersion(versionOf: () => Promise<string>, expected: string): Promise<string> {
  let seen = await versionOf();
  for (let waited = 0; seen !== expected && waited < 5000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await versionOf();
  }
  return seen;
}

describe('the code version of a long-running process', () => {
  it('is the version of the files, and follows an edit to a source file and to an input file', async () => {
    const versionOf = watchCodeVersion(app);
    const first = await codeVersion(app);
    expect(await versionOf()).toBe(first);
    expect(watchCodeVersion(app)).toBe(versionOf);

    await writeFile(path.join(app, 'src', 'views', 'page.ts'), 'export const a = 2;\n');
    const edited = await codeVersion(app);
    expect(edited).not.toBe(first);
    expect(await settledVersion(versionOf, edited)).toBe(edited);

    // Replaced, as an editor or npm does: written beside it and renamed over it.
    await writeFile(path.join(app, 'package-lock.tmp'), '{"lockfileVersion":3}\n');
    await rename(path.join(app, 'package-lock.tmp'), path.join(app, 'package-lock.json'));
    const replaced = await codeVersion(app);
    expect(replaced).not.toBe(edited);
    expect(await settledVersion(versionOf, replaced)).toBe(replaced);
  });
});
