/**
 * The searches a search landing page's island asks for as the page renders, and their answers over a
 * site's data. A running site keeps each rendered page's searches; when an update changes vehicles the
 * page lists, it asks them again over the new data, and a page whose answers are the same renders to the
 * same bytes (everything else on it is named by its route, the landing table, the menus and the promo
 * cards, which the plan checks), so it is not rendered again. Server-only.
 */
import { createHash } from 'node:crypto';
import type { IslandSearchClient } from '../islands/search/search-client.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import { serverSearchClient } from '../views/search-island.ts';

/** What a search page asked for as it rendered, in order, and what it was answered. */
export interface SearchPageAnswers {
  requests: unknown[];
  answers: unknown[];
}

/** A client answering as `client` does, noting each search and its answer for {@link SearchPageAnswers}. */
export function recordingClient(client: IslandSearchClient): { client: IslandSearchClient; recorded: SearchPageAnswers } {
  const recorded: SearchPageAnswers = { requests: [], answers: [] };
  return {
    recorded,
    client: {
      async search(requests) {
        const answer = await client.search(requests);
        recorded.requests.push(structuredClone(requests));
        recorded.answers.push(answer);
        return answer;
      },
    },
  };
}

/** The answers to a page's recorded searches over the data in `locals`, as the page's render would get them. */
export async function searchPageAnswers(locals: Pick<RenderLocals, 'site' | 'data' | 'images' | 'asOf'>, requests: readonly unknown[]): Promise<unknown[]> {
  const client = serverSearchClient(locals.site, locals.data, locals.images, new Date(locals.asOf));
  const answers: unknown[] = [];
  for (const request of requests) answers.push(await client.search(request as Parameters<IslandSearchClient['search']>[0]));
  return answers;
}

/** A digest of a page's answers: equal digests, equal answers. */
export function answersDigest(answers: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(answers)).digest('base64url');
}
