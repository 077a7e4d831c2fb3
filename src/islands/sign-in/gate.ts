/**
 * The browser side of a gated page (spec "Gated routes and sign-in"; rules/gating.ts): the page's content
 * stays hidden while the session loads, shows once the shopper is signed in, and otherwise the visitor is
 * sent to `/sign-in?type=&redirect=&back=` (replacing this page in the history, so Back does not bounce
 * them to sign-in again). `back` is the page they came from on this site, else `/`. When the API cannot be
 * reached the page says so and offers the sign-in link, rather than sending someone who may well be signed
 * in to sign in. Browser-safe.
 */
import { signInRedirect, type Gate, type SignInType } from '../../rules/gating.ts';
import { loadSession } from '../../stores/session.ts';

const SELECTOR = '[data-sign-in-gate]';

/** Shown on a gated page when the runtime API cannot be reached. */
export const GATE_UNAVAILABLE = 'We could not check that you are signed in just now. Please check your connection and reload the page.';

/** The previous page when it is a page of this site (path and query), else null. */
export function sameSiteReferrer(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export function initSignInGates(doc: Document = document): void {
  for (const element of doc.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (element.dataset.gateState) continue;
    const content = element.querySelector<HTMLElement>('[data-gate-content]');
    const status = element.querySelector<HTMLElement>('[data-gate-status]');
    const checking = element.querySelector<HTMLElement>('[data-gate-checking]');
    if (!content || !status) continue;
    element.dataset.gateState = 'loading';
    status.hidden = true;
    if (checking) checking.hidden = false;
    const { location } = doc.defaultView ?? window;
    const gate: Gate = {
      type: element.dataset.gateType as SignInType,
      target: `${location.pathname}${location.search}`,
      carSlug: element.dataset.gateCar || null,
    };
    void loadSession({ baseUrl: element.dataset.gateApi ?? '', site: element.dataset.gateSite ?? '' }).then((state) => {
      // The API could not be asked: sending a shopper who may be signed in to sign in would be wrong, so
      // say what happened and offer both ways on.
      if (state.status === 'ready' && state.error) {
        element.dataset.gateState = 'unavailable';
        if (checking) {
          checking.removeAttribute('aria-busy');
          checking.setAttribute('role', 'alert');
          checking.textContent = GATE_UNAVAILABLE;
        }
        status.hidden = false;
        return;
      }
      const user = state.status === 'ready' ? state.user : null;
      const decision = signInRedirect(gate, { loading: false, user }, sameSiteReferrer(doc.referrer, location.origin));
      if (checking) checking.hidden = true;
      if (decision.redirect) {
        element.dataset.gateState = 'redirecting';
        location.replace(decision.url);
        return;
      }
      element.dataset.gateState = 'open';
      content.hidden = false;
    });
  }
}
