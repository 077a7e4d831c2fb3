import { describe, expect, it } from 'vitest';
import type { IslandSearchClient } from '../../src/islands/search/search-client.ts';
import { answeredClient, recordingClient } from '../../src/render/search-page-answers.ts';

describe('a search page handed its answers', () => {
  const request = (query: string) => [{ indexName: 'stock', params: { query, hitsPerPage: 12 } }];
  const engine = () => {
    const asked: string[] = [];
    const client: IslandSearchClient = {
      async search(requests) {
        asked.push(JSON.stringify(requests));
        return { results: [{ nbHits: 99 }] };
      },
    };
    return { client, asked };
  };

  it('takes the answer handed over for a search it was handed, and asks the engine for any other', async () => {
    const { client, asked } = engine();
    const handed = { results: [{ nbHits: 7 }] };
    const answering = answeredClient(client, { requests: [request('suv')], answers: [handed] });
    // The same search, built afresh (the page asks with its own objects).
    expect(await answering.search(JSON.parse(JSON.stringify(request('suv'))))).toBe(handed);
    expect(asked).toEqual([]);
    expect(await answering.search(request('ute'))).toEqual({ results: [{ nbHits: 99 }] });
    expect(asked).toEqual([JSON.stringify(request('ute'))]);
  });

  it('records what it took, so the page keeps the same digest', async () => {
    const { client } = engine();
    const handed = { results: [{ nbHits: 7 }] };
    const recording = recordingClient(answeredClient(client, { requests: [request('suv')], answers: [handed] }));
    await recording.client.search(request('suv'));
    expect(recording.recorded).toEqual({ requests: [request('suv')], answers: [handed] });
  });

  it('asks the engine for everything when nothing was handed over', async () => {
    const { client, asked } = engine();
    await answeredClient(client, undefined).search(request('suv'));
    expect(asked).toHaveLength(1);
  });
});
