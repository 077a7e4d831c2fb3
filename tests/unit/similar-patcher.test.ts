import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplacedFiles } from '../../src/generator/replaced-files.ts';
import { SimilarPatcher } from '../../src/generator/similar-patcher.ts';
import { SIMILAR_SECTION_START } from '../../src/render/similar-section.ts';

const page = (section: string) => `<!doctype html><main><h1>A car</h1>${section}<footer>Dealer</footer></main>`;
const section = (cards: string) => `${SIMILAR_SECTION_START} class="s"><ul>${cards}</ul></section>`;
const keepFor = async (replacing: ReplacedFiles, file: string) => (await replacing.holdingPaths([file]))[0]!;

describe('bringing similar-vehicles sections up to date on the patch thread', () => {
  const patcher = new SimilarPatcher();
  let root: string;
  let keep: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'similar-patch-'));
    keep = path.join(root, 'trash', 'replaced');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));
  afterAll(() => patcher.close());

  it("replaces the page's section by a rename, holding the page it replaced until released", async () => {
    const file = path.join(root, 'cars', 'a', 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, page(section('<li>old</li>')));
    const before = await stat(file);
    const replacing = new ReplacedFiles(keep);

    const next = section('<li style="color:red">new</li><script>go()</script>');
    const inline = await patcher.patch(file, next, await keepFor(replacing, file));

    expect(await readFile(file, 'utf8')).toBe(page(next));
    // The section's own inline texts, for the CSP.
    expect(inline).toMatchObject({ scripts: ['go()'], styles: [], styleAttributes: true });
    // The page it replaced is held, the same file, and nothing is left beside the new one.
    const held = await readdir(keep);
    expect(held).toHaveLength(1);
    expect((await stat(path.join(keep, held[0]!))).ino).toBe(before.ino);
    expect(await readFile(path.join(keep, held[0]!), 'utf8')).toBe(page(section('<li>old</li>')));
    expect(await readdir(path.dirname(file))).toEqual(['index.html']);
    await replacing.release();
    expect(await readdir(keep)).toEqual([]);
  });

  it('leaves a page without exactly one section as it was, and answers null for a missing page', async () => {
    const none = path.join(root, 'none.html');
    const two = path.join(root, 'two.html');
    await writeFile(none, page(''));
    await writeFile(two, page(section('<li>a</li>') + section('<li>b</li>')));
    const replacing = new ReplacedFiles(keep);
    const next = section('<li>new</li>');

    expect(await patcher.patch(none, next, await keepFor(replacing, none))).toBeNull();
    expect(await patcher.patch(two, next, await keepFor(replacing, two))).toBeNull();
    expect(await patcher.patch(path.join(root, 'gone.html'), next, await keepFor(replacing, path.join(root, 'gone.html')))).toBeNull();
    expect(await readFile(none, 'utf8')).toBe(page(''));
    expect(await readFile(two, 'utf8')).toBe(page(section('<li>a</li>') + section('<li>b</li>')));
    expect((await readdir(root)).sort()).toEqual(['none.html', 'trash', 'two.html']);
    await replacing.release();
  });

  it('fails a page it cannot read with the reason, and goes on with the next', async () => {
    const notAFolder = path.join(root, 'file');
    await writeFile(notAFolder, 'x');
    const replacing = new ReplacedFiles(keep);
    await expect(patcher.patch(path.join(notAFolder, 'index.html'), section(''), await keepFor(replacing, notAFolder))).rejects.toThrow(/similar-vehicles section.*ENOTDIR/);

    const file = path.join(root, 'ok.html');
    await writeFile(file, page(section('')));
    expect(await patcher.patch(file, section('<li>b</li>'), await keepFor(replacing, file))).not.toBeNull();
    expect(await readFile(file, 'utf8')).toBe(page(section('<li>b</li>')));
  });

  it('starts another thread after one stopped', async () => {
    const file = path.join(root, 'a.html');
    await writeFile(file, page(section('')));
    const replacing = new ReplacedFiles(keep);
    await patcher.patch(file, section('<li>1</li>'), await keepFor(replacing, file));
    await patcher.close();
    expect(await patcher.patch(file, section('<li>2</li>'), await keepFor(replacing, file))).not.toBeNull();
    expect(await readFile(file, 'utf8')).toBe(page(section('<li>2</li>')));
  });

  it('holds the process open only while a page is on its way', async () => {
    const file = path.join(root, 'a.html');
    await writeFile(file, page(section('')));
    const script = [
      `import { SimilarPatcher } from ${JSON.stringify(path.resolve('src/generator/similar-patcher.ts'))};`,
      'const patcher = new SimilarPatcher();',
      // The second page goes to a thread left idle by the first.
      ...['<li>b</li>', '<li>c</li>'].map(
        (cards, n) => `console.log(await patcher.patch(${JSON.stringify(file)}, ${JSON.stringify(section(cards))}, ${JSON.stringify(path.join(root, `held-${n}`))}) ? 'patched' : 'unpatched');`,
      ),
    ].join('\n');
    // The script ends with the thread idle: the process exits by itself.
    await writeFile(path.join(root, 'patch-one.mjs'), script);
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'patch-one.mjs')], { timeout: 20_000 });
    expect(stdout.trim().split('\n')).toEqual(['patched', 'patched']);
    // Started ahead of any page, the thread holds nothing open either.
    await writeFile(path.join(root, 'start.mjs'), `import { SimilarPatcher } from ${JSON.stringify(path.resolve('src/generator/similar-patcher.ts'))};\nnew SimilarPatcher().start();\nconsole.log('started');`);
    expect((await promisify(execFile)(process.execPath, [path.join(root, 'start.mjs')], { timeout: 20_000 })).stdout.trim()).toBe('started');
    expect(await readFile(file, 'utf8')).toBe(page(section('<li>c</li>')));
  });
});
