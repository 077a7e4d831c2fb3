/**
 * The shopper's session with the site's runtime API (docs/runtime-api.md, "Sign-in"): the server is the
 * truth. Each page asks `GET /api/me?site=` once (memoised) and sets `$shopper` from the answer, so a
 * shopper signed out elsewhere (another tab, an expired cookie, data deleted) is signed out here too. The
 * CSRF token that every cookie-authenticated write must carry lives in this module's memory only, never in
 * storage, so a script reading storage cannot borrow it. Browser-safe.
 */
import { atom } from 'nanostores';
import { requestJson, siteApiUrl, type ApiAnswer } from '../lib/runtime-api.ts';
import { readShopper, signInShopper, signOutShopper, type Shopper } from './shopper.ts';

/** Where the page's runtime API is and which site it speaks for. */
export interface SessionContext {
  /** The site's `api.baseUrl` (empty: the site's own origin). */
  baseUrl: string;
  /** The site's slug, sent as `?site=` with every call. */
  site: string;
  fetch?: typeof fetch;
}

/** The session as the page knows it: `loading` until the server has answered once. */
export type SessionState =
  | { status: 'loading' }
  /** `error`: the server could not be asked, so nobody counts as signed in on this page. */
  | { status: 'ready'; user: Required<Shopper> | null; error?: string };

export const $session = atom<SessionState>({ status: 'loading' });

/** The header a cookie-authenticated write carries the token in. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** What the server says about the shopper (`GET /api/me`, `POST /api/sign-in/verify`). */
export interface MeAnswer {
  user: { id: string | number; phone: string } | null;
  csrfToken?: string;
}

let csrfToken: string | null = null;
let loading: Promise<SessionState> | null = null;

function userOf(value: unknown): Required<Shopper> | null {
  const shopper = readShopper(value);
  return shopper?.id !== undefined && shopper.phone !== undefined ? { id: shopper.id, phone: shopper.phone } : null;
}

/**
 * Takes the server's word about the shopper: a user with an id and a phone signs them in here (with the
 * token, when the answer has one); anything else signs them out. Returns the new state.
 */
export function acceptSession(answer: unknown): SessionState {
  const body = typeof answer === 'object' && answer !== null ? (answer as { user?: unknown; csrfToken?: unknown }) : {};
  const user = userOf(body.user);
  if (user) {
    signInShopper(user);
    csrfToken = typeof body.csrfToken === 'string' && body.csrfToken !== '' ? body.csrfToken : null;
  } else {
    signOutShopper();
    csrfToken = null;
  }
  const state: SessionState = { status: 'ready', user };
  $session.set(state);
  loading = Promise.resolve(state);
  return state;
}

/**
 * The session, asked of the server once per page: later calls share the first answer. When the server
 * cannot be reached the shopper counts as signed out for this page and the state carries the reason (a
 * gated page says so and offers sign-in), and `$shopper` keeps what this browser knew.
 */
export function loadSession(context: SessionContext): Promise<SessionState> {
  loading ??= requestJson<MeAnswer>(siteApiUrl(context.baseUrl, context.site, '/api/me'), context.fetch ? { fetch: context.fetch } : {}).then((answer) => {
    if (answer.ok) return acceptSession(answer.data);
    csrfToken = null;
    const state: SessionState = { status: 'ready', user: null, error: answer.message };
    $session.set(state);
    return state;
  });
  return loading;
}

/** The headers a cookie-authenticated write carries: the session's CSRF token, when there is one. */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { [CSRF_HEADER]: csrfToken } : {};
}

/** Forgets the session on this page and in this browser (after sign-out or deleting the shopper's data). */
function endSession(): void {
  acceptSession({ user: null });
}

/** Signs the shopper out on the server (`POST /api/sign-out`) and here. */
export async function signOut(context: SessionContext): Promise<ApiAnswer<null>> {
  const answer = await requestJson<null>(siteApiUrl(context.baseUrl, context.site, '/api/sign-out'), {
    method: 'POST',
    headers: csrfHeaders(),
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  // 401: the server had already ended the session; either way it is over here.
  if (answer.ok || answer.status === 401) endSession();
  return answer;
}

/** Everything the site keeps about the shopper (`GET /api/me/data`). */
export interface ShopperData {
  phone: string;
  site: string;
  createdAt: string;
  watchlist: Array<{ carId: number; addedAt: string }>;
  valuations: Array<{ createdAt: string; valuation: Record<string, unknown> }>;
}

/** The shopper's data, for them to download. */
export function exportMyData(context: SessionContext): Promise<ApiAnswer<ShopperData>> {
  return requestJson<ShopperData>(siteApiUrl(context.baseUrl, context.site, '/api/me/data'), context.fetch ? { fetch: context.fetch } : {});
}

/** Deletes the shopper, their watchlist, valuations, sessions and codes (`DELETE /api/me`), and signs them out here. */
export async function deleteMyData(context: SessionContext): Promise<ApiAnswer<null>> {
  const answer = await requestJson<null>(siteApiUrl(context.baseUrl, context.site, '/api/me'), {
    method: 'DELETE',
    headers: csrfHeaders(),
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  if (answer.ok) endSession();
  return answer;
}

/** Asks the server to send a sign-in code to the phone (`POST /api/sign-in/code`). */
export function requestCode(context: SessionContext, phone: string): Promise<ApiAnswer<{ sent?: boolean }>> {
  return requestJson<{ sent?: boolean }>(siteApiUrl(context.baseUrl, context.site, '/api/sign-in/code'), {
    body: { phone },
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
}

/** Checks the code (`POST /api/sign-in/verify`); on success the shopper is signed in on this page. */
export async function verifyCode(context: SessionContext, phone: string, code: string): Promise<ApiAnswer<MeAnswer>> {
  const answer = await requestJson<MeAnswer>(siteApiUrl(context.baseUrl, context.site, '/api/sign-in/verify'), {
    body: { phone, code },
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  if (answer.ok) acceptSession(answer.data);
  return answer;
}
