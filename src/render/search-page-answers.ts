/**
 * The searches a search landing page's island asks for as the page renders, and their answers over a
 * site's data. A running site keeps each rendered page's searches; when an update changes vehicles the
 * page lists, it asks them again over the new data, and a page whose answers are the same renders to the
 * same bytes (everything else on it is named by its route, the landing table, the menus and the promo
 * cards, which the plan checks), so it is not rendered again. Server-only.
 */
import { createHash } from 'node:crypto';
import type { InstantSearchServerState } from 'react-instantsearch';
import type { IslandSearchClient } from '../islands/search/search-client.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import { serverSearchClient } from '../views/search-island.ts';

/** What a search page asked for as it rendered, in order, and what it was answered. */
export interface SearchPageAnswers {
  requests: unknown[];
  answers: unknown[];
}

/** A page's searches answered over the data it is about to render from, with a digest of the answers. */
export interface AnsweredSearches extends SearchPageAnswers {
  digest: string;
}

/**
 * A client answering as `client` does, noting each search and its answer for {@link SearchPageAnswers}.
 * Searches asked just as in `answered` (the same request at the same turn) take its answers: a running site
 * has asked a page's searches over the new data already, to tell whether the page changes.
 */
export function recordingClient(client: IslandSearchClient, answered?: AnsweredSearches): { client: IslandSearchClient; recorded: SearchPageAnswers } {
  const recorded: SearchPageAnswers = { requests: [], answers: [] };
  return {
    recorded,
    client: {
      async search(requests) {
        const asked = structuredClone(requests);
        const turn = recorded.requests.length;
        const known = answered && turn < answered.requests.length && JSON.stringify(answered.requests[turn]) === JSON.stringify(asked);
        const answer = known ? (answered.answers[turn] as Awaited<ReturnType<IslandSearchClient['search']>>) : await client.search(requests);
        recorded.requests.push(asked);
        recorded.answers.push(answer);
        return answer;
      },
    },
  };
}

/** The digest of a render's answers (`recorded`): `answered`'s own when the render took every answer from it. */
export function recordedDigest(recorded: SearchPageAnswers, answered?: AnsweredSearches): string {
  const taken = answered !== undefined && recorded.answers.length === answered.answers.length && recorded.answers.every((answer, i) => answer === answered.answers[i]);
  return taken ? answered.digest : answersDigest(recorded.answers);
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

/** What a search page leaves in its locals as it renders (`RenderLocals['searchAnswers']`). */
export interface SearchPageRender {
  requests: unknown[];
  digest: string;
  /** What the island settled on: a running site keeps it with the page, and a build notes it for the next update. */
  settled?: SettledSearch;
}

/**
 * What a search page's island settled on before its search was answered: its index, search state and the
 * parameters of its one search. Finding it takes a whole render of the island with every widget mounting in
 * turn; it follows from the island's props alone (that render has no answers yet), so a running site keeps
 * it with the page (or takes it from the build's notes) and, while the props are the same, renders the page
 * again from it and fresh answers.
 */
export interface SettledSearch {
  /** A digest of the island's props ({@link islandPropsDigest}). */
  props: string;
  indexId: string;
  state: unknown;
  requestParams: unknown;
  /** The one search the island asks. */
  request: unknown;
}

/** A digest of an island's props: equal digests, equal props. */
export function islandPropsDigest(props: unknown): string {
  return createHash('sha256').update(JSON.stringify(props)).digest('base64url');
}

/**
 * What the island settled on in `serverState`, the state its first render worked out; undefined for an
 * island that asked other than one search for one index, which is rendered whole each time.
 */
export function settledSearch(props: string, serverState: InstantSearchServerState, recorded: SearchPageAnswers): SettledSearch | undefined {
  const indexes = Object.entries(serverState.initialResults);
  if (indexes.length !== 1 || recorded.requests.length !== 1) return undefined;
  const [indexId, initial] = indexes[0]!;
  // The state must have been settled for the one answer recorded: the results it holds are that answer's.
  const answered = (recorded.answers[0] as { results?: unknown[] } | undefined)?.results ?? [];
  const results = initial.results ?? [];
  if (!initial.state || results.length !== answered.length || results.some((result, i) => result !== answered[i])) return undefined;
  return { props, indexId, state: keepingUndefined(initial.state), requestParams: keepingUndefined(initial.requestParams), request: recorded.requests[0] };
}

/**
 * The island's state keeps keys whose value is `undefined`, and the page's serialised props show them; JSON
 * (the fingerprints file, where a build notes what the island settled on) drops them. They are noted as a
 * marker instead, and put back as `undefined` when the page renders from them.
 */
const UNDEFINED = '$undefined';

function keepingUndefined(value: unknown): unknown {
  if (value === undefined) return { [UNDEFINED]: true };
  if (Array.isArray(value)) return value.map(keepingUndefined);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keepingUndefined(item)]));
  return value;
}

function withUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUndefined);
  if (value && typeof value === 'object') {
    if (Object.keys(value).length === 1 && UNDEFINED in value) return undefined;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withUndefined(item)]));
  }
  return value;
}

/** The island's server state from what it settled on, with `client`'s answer to its search now. */
export async function serverStateAgain(settled: SettledSearch, client: IslandSearchClient): Promise<InstantSearchServerState> {
  const answer = await client.search(structuredClone(settled.request) as Parameters<IslandSearchClient['search']>[0]);
  const initial = { state: withUndefined(settled.state), results: answer.results, requestParams: withUndefined(settled.requestParams) };
  return { initialResults: { [settled.indexId]: initial } } as unknown as InstantSearchServerState;
}
