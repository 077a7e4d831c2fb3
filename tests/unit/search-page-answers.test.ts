// A running site asks a search page's searches over the new data to tell whether the page changes; when it
// does, the page's render takes those answers (and their digest) instead of asking again.
import { describe, expect, it } from 'vitest';
import type { IslandSearchClient } from '../../src/islands/search/search-client.ts';
import { answersDigest, recordedDigest, recordingClient, type AnsweredSearches } from '../../src/render/search-page-answers.ts';
import { serverSearchClient } from '../../src/views/search-island.ts';
import { DEMO_NOW, demoManifest } from '../support/demo-manifest.ts';

type Requests = Parameters<IslandSearchClient['search']>[0];

/** The site's build search client, counting the searches it is asked. */
function countingClient(slug: string) {
  const { site, data } = demoManifest(slug, 120);
  const client = serverSearchClient(site, data, {}, DEMO_NOW);
  const counted = { asked: 0 };
  return { counted, client: { search: (requests: Requests) => (counted.asked++, client.search(requests)) } satisfies IslandSearchClient };
}

const request = (query: string): Requests => [{ indexName: 'vehicles', params: { query, hitsPerPage: 6, facets: ['make'] } }] as Requests;

describe('a search page render handed the answers asked already', () => {
  it('takes them for the same searches at the same turns, with their digest, and asks nothing', async () => {
    const { counted, client } = countingClient('summit-motor-group');
    const requests = [request(''), request('suv')];
    const answers = [await client.search(requests[0]!), await client.search(requests[1]!)];
    const answered: AnsweredSearches = { requests: structuredClone(requests), answers, digest: answersDigest(answers) };
    counted.asked = 0;
    const recording = recordingClient(client, answered);
    expect(await recording.client.search(structuredClone(requests[0]!))).toBe(answers[0]);
    expect(await recording.client.search(structuredClone(requests[1]!))).toBe(answers[1]);
    expect(counted.asked).toBe(0);
    expect(recording.recorded.requests).toEqual(requests);
    expect(recordedDigest(recording.recorded, answered)).toBe(answered.digest);
  });

  it('asks a search that differs, or comes at another turn, and digests what it was answered', async () => {
    const { counted, client } = countingClient('summit-motor-group');
    const first = await client.search(request(''));
    const answered: AnsweredSearches = { requests: [request('')], answers: [first], digest: answersDigest([first]) };
    counted.asked = 0;
    const other = recordingClient(client, answered);
    const otherAnswer = await other.client.search(request('ute'));
    expect(counted.asked).toBe(1);
    expect(otherAnswer).not.toBe(first);
    expect(recordedDigest(other.recorded, answered)).toBe(answersDigest([otherAnswer]));
    // The same search a turn later than it was answered is asked again.
    const later = recordingClient(client, answered);
    await later.client.search(request(''));
    const again = await later.client.search(request(''));
    expect(counted.asked).toBe(2);
    expect(again).not.toBe(first);
    expect(recordedDigest(later.recorded, answered)).toBe(answersDigest(later.recorded.answers));
  });
});
