import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/data/route-manifest.ts';
import { surveyLivePages } from '../../src/generator/unchanged-release.ts';

// Only the path and kind say where a page's file is (src/generator/output-paths.ts).
const route = (routePath: string, kind = 'vehicle') => ({ path: routePath, kind }) as Route;
const sorted = (map: Map<string, Iterable<string>>) => Object.fromEntries([...map].map(([folder, names]) => [folder, [...names].sort()]).sort());

describe('reading what the live release holds where the pages go', () => {
  let live: string;
  beforeEach(async () => {
    live = await mkdtemp(path.join(tmpdir(), 'live-pages-'));
    for (const file of ['cars/a-car/index.html', 'cars/b-car/index.html', 'cars/b-car/brochure.pdf', 'index.html', '404.html', 'sitemap.xml']) {
      await mkdir(path.dirname(path.join(live, file)), { recursive: true });
      await writeFile(path.join(live, file), file);
    }
  });
  afterEach(() => rm(live, { recursive: true, force: true }));

  it("names the pages' entries in each folder and everything each folder holds, other files included", async () => {
    const survey = surveyLivePages([route('/cars/a-car/'), route('/cars/b-car/'), route('/', 'home'), route('/404/', 'not-found')], live);
    expect(survey.live).toBe(live);
    const pages = await survey.pages;
    expect(pages).not.toBeNull();
    expect(sorted(pages!.entries)).toEqual({ '': ['404.html', 'cars', 'index.html'], cars: ['a-car', 'b-car'], 'cars/a-car': ['index.html'], 'cars/b-car': ['index.html'] });
    expect(sorted(pages!.held)).toEqual({ '': ['404.html', 'cars', 'index.html', 'sitemap.xml'], cars: ['a-car', 'b-car'], 'cars/a-car': ['index.html'], 'cars/b-car': ['brochure.pdf', 'index.html'] });
  });

  it('answers null when a page is not in the live release', async () => {
    expect(await surveyLivePages([route('/cars/a-car/'), route('/cars/gone/')], live).pages).toBeNull();
    await rm(path.join(live, 'cars/b-car/index.html'));
    expect(await surveyLivePages([route('/cars/b-car/')], live).pages).toBeNull();
  });

  it('answers null, and never rejects, when the live release cannot be read or the survey is cancelled', async () => {
    expect(await surveyLivePages([route('/cars/a-car/')], path.join(live, 'missing')).pages).toBeNull();
    // Every page is there: only the cancelling makes it null.
    const survey = surveyLivePages([route('/cars/a-car/'), route('/cars/b-car/'), route('/', 'home')], live);
    survey.cancel();
    expect(await survey.pages).toBeNull();
  });
});
