/**
 * What a click on a watchlist button does, wherever the button is (the vehicle page, the watchlist page):
 * the store saves or removes the vehicle; the shopper then sees the toast, the error, or the sign-in page.
 * Returns what happened, for a list that shows the change.
 */
import { showToast, TOAST_MS } from '../../stores/toast.ts';
import { toggleWatchlist, type WatchlistOutcome } from '../../stores/watchlist.ts';

export async function clickWatchlist(vehicle: { id: number; name: string }, options: { apiBaseUrl: string; site: string; listHref: string }): Promise<WatchlistOutcome['kind']> {
  const outcome = await toggleWatchlist(vehicle, { baseUrl: options.apiBaseUrl, site: options.site, currentPath: `${window.location.pathname}${window.location.search}` });
  switch (outcome.kind) {
    case 'sign-in':
      window.location.assign(outcome.url);
      break;
    case 'saved':
    case 'removed':
      showToast({ title: outcome.toast.title, message: outcome.toast.message, action: { label: outcome.toast.action, href: options.listHref }, tone: 'info', durationMs: TOAST_MS });
      break;
    case 'failed':
      showToast({ title: 'Your watchlist was not changed', message: outcome.message, tone: 'error', durationMs: null });
      break;
    case 'busy':
      break;
  }
  return outcome.kind;
}
