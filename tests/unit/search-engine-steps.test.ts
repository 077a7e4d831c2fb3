// The island decodes the search index and works out the engine in steps, handing the browser's main thread
// back to the page between them: the result must be the engine the server builds in one go, and the page's
// own tasks must run while the steps are under way.
import { describe, expect, it } from 'vitest';
import { searchFiles, searchIndexText } from '../../src/generator/search-files.ts';
import { runSteps, runStepsYielding, type Steps } from '../../src/lib/steps.ts';
import { createSearchEngine, prepareSteps } from '../../src/search/engine.ts';
import { decodeIndex, decodeIndexSteps, type EncodedIndex } from '../../src/search/index-codec.ts';
import { EMBEDDED_INDEX, listingEngineConfig, sortIndexName, type ListingRecord, type SearchIndexFile } from '../../src/search/listing.ts';
import { DEMO_NOW, demoManifest } from '../support/demo-manifest.ts';

const { site, data } = demoManifest('summit-motor-group', 2500);
const index = (JSON.parse(searchIndexText(searchFiles(site, data, {}, DEMO_NOW))) as SearchIndexFile<EncodedIndex>).index;
const config = listingEngineConfig(EMBEDDED_INDEX);

/** How many times `steps` yields before it returns. */
function stepsOf<T>(steps: Steps<T>): number {
  let count = 0;
  while (!steps.next().done) count++;
  return count;
}

describe('the search engine worked out in steps', () => {
  it('decodes the same records and answers every search as the engine built in one go', async () => {
    const records = decodeIndex<ListingRecord>(index);
    const stepped = await runStepsYielding(decodeIndexSteps<ListingRecord>(index), 0);
    expect(stepped).toEqual(records);
    const prepared = await runStepsYielding(prepareSteps(stepped, config), 0);
    const [inSteps, atOnce] = [createSearchEngine(stepped, config, prepared), createSearchEngine(records, config)];
    const searches = [
      { indexName: EMBEDDED_INDEX, params: { hitsPerPage: 24, facets: ['*'] } },
      { indexName: EMBEDDED_INDEX, params: { query: 'auto sedan', hitsPerPage: 12, facets: ['make', 'body'], facetFilters: [['car_type:used']] } },
      { indexName: sortIndexName(EMBEDDED_INDEX, 'lowestPrice'), params: { hitsPerPage: 24, numericFilters: ['price>0'], page: 2 } },
    ];
    // Everything but the time each took.
    const answer = (engine: typeof atOnce, search: (typeof searches)[number]) => engine.search([search]).results.map(({ processingTimeMS: _time, ...rest }) => rest);
    for (const search of searches) expect(answer(inSteps, search)).toEqual(answer(atOnce, search));
  });

  it('is many steps, none of them the whole index: a column, a facet, a thousand records, an order', () => {
    expect(stepsOf(decodeIndexSteps(index))).toBe(Object.keys(index.columns).length);
    const records = decodeIndex<ListingRecord>(index);
    const wordSteps = Math.floor(records.length / 1000);
    expect(stepsOf(prepareSteps(records, config))).toBe(config.facets.length + 1 + wordSteps + 1 + Object.keys(config.indices).length);
  });

  it('gives the thread back to the page between steps, and runs them straight through on the server', async () => {
    const seen: boolean[] = [];
    let pageRan = false;
    function* steps(): Steps<string> {
      for (let i = 0; i < 4; i++) {
        seen.push(pageRan);
        yield;
      }
      return 'done';
    }
    setTimeout(() => (pageRan = true), 0);
    expect(runSteps(steps())).toBe('done');
    expect(seen).toEqual([false, false, false, false]);
    seen.length = 0;
    expect(await runStepsYielding(steps(), 0)).toBe('done');
    expect(seen[0]).toBe(false);
    expect(seen.at(-1), 'a task of the page ran before the last step').toBe(true);
  });
});
