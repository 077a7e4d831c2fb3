import { describe, expect, it } from 'vitest';
import { GARAGE_PATHS, gateFor, isSignedIn, safeRedirect, signInRedirect, signInUrl } from '../../../src/rules/gating.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const open = site();
const allGated = site({
  gating: { tradeIn: true, checkout: true, personalisedFinance: true, creditCheckFinance: true, spinToWin: true, onlinePayment: true },
});
const withNvic = { has_nvic: true };

describe('which routes are gated', () => {
  it.each([
    ['/cars/trade-in?car_id=123', 'trade-in'],
    ['/sell-my-car', 'trade-in'],
    ['/cars/2021-mg-zs-123/checkout', 'checkout'],
    ['/spin-to-win', 'spin-to-win'],
    ['/online-payment', 'online-payment'],
    ['/finance', 'car-finance'],
  ] as const)('%s is gated as %s only when the site flag is on', (url, type) => {
    expect(gateFor(url, allGated)?.type).toBe(type);
    expect(gateFor(url, open)).toBeNull();
  });

  it('gates each flag independently', () => {
    const tradeInOnly = site({ gating: { tradeIn: true } });
    expect(gateFor('/sell-my-car', tradeInOnly)?.type).toBe('trade-in');
    expect(gateFor('/cars/x-1/checkout', tradeInOnly)).toBeNull();
    expect(gateFor('/spin-to-win', site({ gating: { onlinePayment: true } }))).toBeNull();
    expect(gateFor('/online-payment', site({ gating: { onlinePayment: true } }))?.type).toBe('online-payment');
    expect(gateFor('/finance', site({ gating: { personalisedFinance: true } }))).toBeNull();
  });

  it.each(GARAGE_PATHS)('%s is always gated as my-garage', (path) => {
    expect(gateFor(path, open)).toEqual({ type: 'my-garage', target: path, carSlug: null });
  });

  it('gates the checkout page under buy-online and the checkout journey, with the car slug', () => {
    expect(gateFor('/cars/2021-mg-zs-123/buy-online', allGated)).toEqual({
      type: 'checkout',
      target: '/cars/2021-mg-zs-123/buy-online',
      carSlug: '2021-mg-zs-123',
    });
    expect(gateFor('/checkout-journey?car_id=2021-mg-zs-123', allGated)?.carSlug).toBe('2021-mg-zs-123');
    expect(gateFor('/checkout-journey', allGated)).toEqual({ type: 'checkout', target: '/checkout-journey', carSlug: null });
  });

  it('gates personalised finance only for a car with a vehicle identification code and the flag on', () => {
    const url = '/personalised/finance?car_id=123';
    expect(gateFor(url, allGated, withNvic)).toEqual({ type: 'finance', target: url, carSlug: null });
    expect(gateFor(url, allGated, { nvic: '0A1B21' })?.type).toBe('finance');
    expect(gateFor(url, allGated, { has_nvic: false, nvic: '' })).toBeNull();
    expect(gateFor(url, allGated, null)).toBeNull();
    expect(gateFor(url, open, withNvic)).toBeNull();
  });

  it('gates the sell page the site uses', () => {
    const sellYourCar = site({ gating: { tradeIn: true }, urls: { sellMyCar: '/sell-your-car' } });
    expect(gateFor('/sell-your-car', sellYourCar)?.type).toBe('trade-in');
    expect(gateFor('/sell-your-car', site({ gating: { tradeIn: true } }))).toBeNull();
  });

  it("gates the site's own trade-in page with the other valuation pages: the same form, which the leads API refuses without a session", () => {
    expect(gateFor('/trade-in/', site({ gating: { tradeIn: true } }))?.type).toBe('trade-in');
    expect(gateFor('/trade-in/', open)).toBeNull();
  });

  it('ignores a trailing slash and accepts absolute URLs', () => {
    expect(gateFor('/sell-my-car/', allGated)?.type).toBe('trade-in');
    expect(gateFor('https://www.test.example/my-garage/', open)?.type).toBe('my-garage');
    expect(gateFor(new URL('https://www.test.example/cars/trade-in?car_id=9'), allGated)?.target).toBe('/cars/trade-in?car_id=9');
  });

  it('leaves other pages open even when every flag is on', () => {
    for (const path of ['/', '/trade-in-offers', '/finance-enquiry', '/cars/2021-mg-zs-123', '/search/used-cars', '/my-garage-tips']) {
      expect(gateFor(path, allGated)).toBeNull();
    }
  });
});

describe('sign-in URL', () => {
  it('builds /sign-in?type=&redirect=&back= with encoded values', () => {
    expect(signInUrl('trade-in', '/cars/trade-in?car_id=123', '/cars/2021-mg-zs-123')).toBe(
      '/sign-in?type=trade-in&redirect=%2Fcars%2Ftrade-in%3Fcar_id%3D123&back=%2Fcars%2F2021-mg-zs-123',
    );
  });

  it('goes back home when the previous page is not known', () => {
    expect(signInUrl('my-garage', '/my-garage')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F');
    expect(signInUrl('my-garage', '/my-garage', '')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F');
  });
});

describe('redirect decision', () => {
  const anonymous = { loading: false, user: null };
  const tradeIn = gateFor('/cars/trade-in?car_id=123', allGated);

  it('redirects an anonymous visitor on a gated page', () => {
    expect(signInRedirect(tradeIn, anonymous, '/search/used-cars')).toEqual({
      redirect: true,
      type: 'trade-in',
      url: '/sign-in?type=trade-in&redirect=%2Fcars%2Ftrade-in%3Fcar_id%3D123&back=%2Fsearch%2Fused-cars',
    });
  });

  it('does not redirect while the sign-in state is loading', () => {
    expect(signInRedirect(tradeIn, { loading: true, user: null })).toEqual({ redirect: false, reason: 'loading' });
  });

  it('does not redirect a signed-in user (one with an id)', () => {
    expect(signInRedirect(tradeIn, { loading: false, user: { id: 42 } })).toEqual({ redirect: false, reason: 'signed-in' });
    expect(signInRedirect(tradeIn, { loading: false, user: {} }).redirect).toBe(true);
  });

  it('does not redirect on a checkout page where no car slug is known', () => {
    expect(signInRedirect(gateFor('/checkout-journey', allGated), anonymous)).toEqual({ redirect: false, reason: 'no-car-slug' });
    expect(signInRedirect(gateFor('/checkout-journey?car_id=abc-1', allGated), anonymous).redirect).toBe(true);
  });

  it('does not redirect on an open page', () => {
    expect(signInRedirect(gateFor('/sell-my-car', open), anonymous)).toEqual({ redirect: false, reason: 'not-gated' });
  });

  it('counts only a real id as signed in', () => {
    expect(isSignedIn({ user: { id: 'u_1' } })).toBe(true);
    expect(isSignedIn({ user: { id: '' } })).toBe(false);
    expect(isSignedIn({ user: { id: null } })).toBe(false);
    expect(isSignedIn({ user: undefined })).toBe(false);
  });
});

describe('the static vehicle trade-in page', () => {
  it('is gated as trade-in where the trade-in gate is on, and open elsewhere', () => {
    expect(gateFor('/cars/2019-toyota-hilux-1/trade-in/', allGated)).toEqual({ type: 'trade-in', target: '/cars/2019-toyota-hilux-1/trade-in/', carSlug: null });
    expect(gateFor('/cars/2019-toyota-hilux-1/trade-in/', open)).toBeNull();
    expect(gateFor('/cars/2019-toyota-hilux-1/', allGated)).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeRedirect('/cars/abc/checkout/')).toBe('/cars/abc/checkout/');
    expect(safeRedirect('/cars/trade-in?car_id=123')).toBe('/cars/trade-in?car_id=123');
    expect(safeRedirect('/watchlist/#saved')).toBe('/watchlist/#saved');
    expect(safeRedirect('/')).toBe('/');
  });

  it.each([
    ['another origin', 'https://evil.com'],
    ['another origin over http', 'http://evil.com/path'],
    ['a protocol-relative address', '//evil.com'],
    ['a protocol-relative address with a path', '//evil.com/cars/'],
    ['a backslash the browser reads as a slash', '/\\evil.com'],
    ['a leading backslash', '\\\\evil.com'],
    ['a script', 'javascript:alert(1)'],
    ['a script in capitals', 'JaVaScRiPt:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['an encoded protocol-relative address', '%2F%2Fevil.com'],
    ['an encoded second slash', '/%2Fevil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['an encoded origin', 'https%3A%2F%2Fevil.com'],
    ['an encoded script', 'javascript%3Aalert(1)'],
    ['a tab between the slashes', '/\t/evil.com'],
    ['a newline between the slashes', '/\n/evil.com'],
    ['a relative path', 'cars/abc'],
    ['a malformed escape', '/cars/%E0%A4%A'],
    ['nothing', ''],
  ])('falls back to / for %s', (_why, value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('falls back to / without a value', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});
