/**
 * Gated routes and sign-in (spec section 2, "Gated routes and sign-in"; section 6).
 *
 * A gated route needs a signed-in user. Which routes are gated depends on the site's
 * `gating` flags, except the my-garage style pages, which are always gated. An anonymous
 * visitor on a gated route is sent to
 * `/sign-in?type={type}&redirect={target}&back={previous page}`.
 */
import type { SiteConfig } from '../schemas/site-config.ts';

/** Sign-in types, one per kind of gated page. */
export const SIGN_IN_TYPES = [
  'trade-in',
  'checkout',
  'finance',
  'spin-to-win',
  'online-payment',
  'car-finance',
  'my-garage',
] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];

/** Pages of the "my garage" kind; always gated, whatever the site flags say. */
export const GARAGE_PATHS = ['/mymotorama', '/mybigboxcars', '/myblinkr', '/myservco', '/my-garage'] as const;

/** The site's own trade-in valuation page (sites with `features.tradeIn`). */
const TRADE_IN_PAGE = '/trade-in';

/** The sign-in page. */
export const SIGN_IN_PATH = '/sign-in';

/** The site settings the gating rules read. */
export type GatingSite = Pick<SiteConfig, 'gating'> & { urls: Pick<SiteConfig['urls'], 'sellMyCar'> };

/** What the gate needs to know about the car a page is for (personalised finance only). */
export interface GatedCar {
  has_nvic?: boolean | null | undefined;
  nvic?: string | null | undefined;
}

/** A gated page: the sign-in type to use and the address to come back to after signing in. */
export interface Gate {
  type: SignInType;
  /** Path and query of the gated page, e.g. `/cars/trade-in?car_id=123`. */
  target: string;
  /** The car slug of a checkout page, when known; `null` when the page does not say which car. */
  carSlug: string | null;
}

/** True when the car has a vehicle identification code (`has_nvic`, or a non-empty `nvic`). */
export function hasIdentificationCode(car: GatedCar | null | undefined): boolean {
  if (!car) return false;
  return car.has_nvic === true || (typeof car.nvic === 'string' && car.nvic.trim() !== '');
}

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

// A base for relative URLs; only the path and query are ever read.
const BASE = 'https://site.invalid';

/**
 * The gate of a page, or `null` when the page is open to everyone on this site.
 *
 * - `/cars/trade-in` (with `?car_id=`), `/cars/{slug}/trade-in`, `/trade-in` and the sell-my-car page
 *   (`/sell-my-car`, or the path in `site.urls.sellMyCar`) -> `trade-in`, when `site.gating.tradeIn`;
 * - `/cars/{slug}/checkout`, `/cars/{slug}/buy-online` and `/checkout-journey?car_id={slug}` ->
 *   `checkout`, when `site.gating.checkout`;
 * - `/personalised/finance?car_id=` -> `finance`, when `site.gating.personalisedFinance` and the car
 *   has a vehicle identification code (a car that is not known yet is not gated);
 * - `/spin-to-win` -> `spin-to-win` (`site.gating.spinToWin`), `/online-payment` -> `online-payment`
 *   (`site.gating.onlinePayment`);
 * - `/finance`, the credit-check variant -> `car-finance`, when `site.gating.creditCheckFinance`;
 * - `/mymotorama`, `/mybigboxcars`, `/myblinkr`, `/myservco`, `/my-garage` -> `my-garage`, always.
 *
 * A trailing slash is ignored. `url` is a path with an optional query (`/cars/trade-in?car_id=1`)
 * or an absolute URL.
 */
export function gateFor(url: string | URL, site: GatingSite, car?: GatedCar | null): Gate | null {
  const parsed = new URL(url, BASE);
  const path = normalisePath(parsed.pathname);
  const target = `${parsed.pathname}${parsed.search}`;
  const gate = (type: SignInType, carSlug: string | null = null): Gate => ({ type, target, carSlug });
  const { gating } = site;

  if ((GARAGE_PATHS as readonly string[]).includes(path)) return gate('my-garage');

  // `/cars/{slug}/trade-in` is the static site's page for `/cars/trade-in?car_id=`; `/trade-in` carries the
  // same valuation form, which the leads API refuses without a session where trade-ins are gated.
  if (path === '/cars/trade-in' || /^\/cars\/[^/]+\/trade-in$/.test(path) || path === TRADE_IN_PAGE || path === '/sell-my-car' || path === normalisePath(site.urls.sellMyCar)) {
    return gating.tradeIn ? gate('trade-in') : null;
  }

  const checkout = /^\/cars\/([^/]+)\/(checkout|buy-online)$/.exec(path);
  if (checkout) return gating.checkout ? gate('checkout', decodeURIComponent(checkout[1]!)) : null;
  if (path === '/checkout-journey') {
    return gating.checkout ? gate('checkout', parsed.searchParams.get('car_id')?.trim() || null) : null;
  }

  if (path === '/personalised/finance') {
    return gating.personalisedFinance && hasIdentificationCode(car) ? gate('finance') : null;
  }
  if (path === '/spin-to-win') return gating.spinToWin ? gate('spin-to-win') : null;
  if (path === '/online-payment') return gating.onlinePayment ? gate('online-payment') : null;
  if (path === '/finance') return gating.creditCheckFinance ? gate('car-finance') : null;
  return null;
}

/**
 * The sign-in address for a gated page:
 * `/sign-in?type={type}&redirect={target}&back={previous page}`, with `redirect` and `back`
 * URL-encoded. Without a known previous page, `back` is the home page `/`.
 */
export function signInUrl(type: SignInType, target: string, back?: string | null): string {
  const previous = back && back.trim() !== '' ? back : '/';
  return `${SIGN_IN_PATH}?type=${encodeURIComponent(type)}&redirect=${encodeURIComponent(target)}&back=${encodeURIComponent(previous)}`;
}

/** The sign-in state as an island sees it. A user is signed in when it has an id. */
export interface SignInState {
  loading: boolean;
  user?: { id?: string | number | null | undefined } | null | undefined;
}

/** True when the user has an id (0 and '' do not count). */
export function isSignedIn(state: Pick<SignInState, 'user'>): boolean {
  const id = state.user?.id;
  return id !== null && id !== undefined && id !== '' && id !== 0;
}

/** Why a gated page does not redirect. */
export type NoRedirectReason = 'not-gated' | 'loading' | 'signed-in' | 'no-car-slug';

export type RedirectDecision =
  | { redirect: false; reason: NoRedirectReason }
  | { redirect: true; type: SignInType; url: string };

/**
 * Whether to send the visitor to sign-in, in this order:
 * 1. a page without a gate never redirects;
 * 2. while the sign-in state is loading, no redirect happens;
 * 3. a signed-in user (one with an id) stays;
 * 4. on a checkout page where no car slug is known, no redirect happens;
 * 5. otherwise redirect to {@link signInUrl} with the gate's type and target.
 */
export function signInRedirect(gate: Gate | null, state: SignInState, back?: string | null): RedirectDecision {
  if (!gate) return { redirect: false, reason: 'not-gated' };
  if (state.loading) return { redirect: false, reason: 'loading' };
  if (isSignedIn(state)) return { redirect: false, reason: 'signed-in' };
  if (gate.type === 'checkout' && !gate.carSlug) return { redirect: false, reason: 'no-car-slug' };
  return { redirect: true, type: gate.type, url: signInUrl(gate.type, gate.target, back) };
}

/** Where a sign-in sends the shopper when the address it was given is not a page of this site. */
export const SAFE_REDIRECT_FALLBACK = '/';

/**
 * The `redirect` or `back` of the sign-in page as a path of this site, or `/` when it is anything else.
 * Only a path that starts with a single `/` and stays on the same origin once the browser resolves it is
 * kept: `//evil.com`, `/\evil.com`, `https://evil.com`, `javascript:`, a value with control characters or
 * backslashes, and their percent-encoded forms (decoded once more, as a server or a careless link might)
 * all fall back to `/`. An open redirect after sign-in would let a link on another site borrow the
 * dealer's name for a phishing page.
 * @example safeRedirect('/cars/abc/checkout/?x=1') // '/cars/abc/checkout/?x=1'
 * @example safeRedirect('//evil.com') // '/'
 */
export function safeRedirect(value: string | null | undefined): string {
  if (typeof value !== 'string') return SAFE_REDIRECT_FALLBACK;
  const candidate = value.trim();
  if (!isSamePath(candidate)) return SAFE_REDIRECT_FALLBACK;
  let decoded = candidate;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    return SAFE_REDIRECT_FALLBACK;
  }
  if (decoded !== candidate && !isSamePath(decoded)) return SAFE_REDIRECT_FALLBACK;
  const resolved = new URL(candidate, BASE);
  if (resolved.origin !== BASE) return SAFE_REDIRECT_FALLBACK;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function isSamePath(value: string): boolean {
  // A single leading slash, then anything but a second slash or a backslash; no control characters or
  // backslashes anywhere (browsers read `\` as `/` and drop tabs and newlines from URLs).
  return /^\/(?![/\\])/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value);
}
