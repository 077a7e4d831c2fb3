/**
 * How pages and islands call the site's runtime API (watchlist, phone reveal, views, quotes, PDFs): one
 * base URL per site (`api.baseUrl`, empty for the site's own origin), JSON in and out, and answers read
 * without ever throwing, so an island decides what a shopper sees when a call fails. Browser-safe.
 */

/** The address of an API path on a site's runtime API: `apiUrl('', '/api/watchlist/save-car')`. */
export function apiUrl(baseUrl: string, path: `/${string}`): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string };

/** What a failed call says when the server gave no message of its own. */
export const API_UNREACHABLE_MESSAGE = 'We could not reach the dealer just now. Please check your connection and try again.';

function messageOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof message === 'string' && message.trim() !== '') return message;
  return null;
}

/** Sends a JSON request and reads a JSON answer; a network failure or a non-2xx answer comes back as `ok: false` with a message. */
export async function requestJson<T>(
  url: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await (init.fetch ?? fetch)(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      credentials: 'include',
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    return { ok: false, status: 0, message: API_UNREACHABLE_MESSAGE };
  }
  // A 204 (sign-out, deleting the shopper's data) has no body: it reads as null.
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, status: response.status, message: messageOf(body) ?? API_UNREACHABLE_MESSAGE };
  return { ok: true, status: response.status, data: body as T };
}

/**
 * Sends a small JSON record the page does not wait for (a phone reveal, a view): `sendBeacon` where the
 * browser has it, so it survives the shopper leaving the page, otherwise a keep-alive fetch. Never throws.
 */
export function sendRecord(url: string, body: unknown): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  try {
    void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json, keepalive: true, credentials: 'include' }).catch(() => undefined);
  } catch {
    // A record the page could not send is not the shopper's problem.
  }
}

/**
 * The address of a per-site call: the path on the site's runtime API with `?site={slug}` (or `&site=` after
 * a query the path already has), which every shopper call carries (docs/runtime-api.md).
 * @example siteApiUrl('', 'northside-used', '/api/me') // '/api/me?site=northside-used'
 */
export function siteApiUrl(baseUrl: string, site: string, path: `/${string}`): string {
  return `${apiUrl(baseUrl, path)}${path.includes('?') ? '&' : '?'}site=${encodeURIComponent(site)}`;
}
