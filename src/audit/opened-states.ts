/**
 * The islands in their opened states, as a shopper leaves them: what an audit checks beyond pages as
 * they load. Each state names the page it needs (or none where the site has no such page or island) and
 * how to open it in a Playwright page already on that page.
 */
import type { Page } from '@playwright/test';
import type { Route } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import { isAvailable } from '../rules/availability.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { resolveMenu } from '../views/navigation.ts';

export interface OpenedState {
  name: string;
  /** The page to open it on, or null where the site has none. */
  path(site: SiteConfig, data: SiteData, routes: readonly Route[]): string | null;
  /** Opens it; resolves once it shows. */
  open(page: Page, site: SiteConfig, helpers: OpenHelpers): Promise<void>;
  /** The viewport it is checked at (the mega-menu is a desktop menu). */
  width?: number;
}

/** What opening a state may need from the audit: a signed-in shopper's session cookie. */
export interface OpenHelpers {
  shopperSession(phone: string): { name: string; value: string };
}

const WAIT = { timeout: 15_000 };

const vehiclePage = (data: SiteData, routes: readonly Route[], match: (v: SiteData['vehicles'][number]) => boolean): string | null => {
  const ids = new Set(data.vehicles.filter((v) => isAvailable(v) && match(v)).map((v) => Number(v.id)));
  return routes.find((r) => r.kind === 'vehicle' && ids.has(r.vehicleId))?.path ?? null;
};

export const OPENED_STATES: readonly OpenedState[] = [
  {
    name: 'finance calculator changed',
    path: (site, data, routes) => vehiclePage(data, routes, (v) => v.price > 5000 && v.status === 'in_stock'),
    async open(page) {
      await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
      await page.locator('#finance-calculator astro-island:not([ssr])').waitFor({ state: 'attached', ...WAIT });
      const deposit = page.getByLabel('Deposit or trade-in');
      await deposit.fill('5000');
      await deposit.press('Tab');
      await page.locator('[data-finance-disclaimer]').filter({ hasText: '$5,000' }).waitFor(WAIT);
    },
  },
  {
    name: 'spin viewer full screen',
    path: (site, data, routes) => vehiclePage(data, routes, (v) => (v.spin_images?.length ?? 0) > 0),
    async open(page, site) {
      if (site.vehicle.spinDefaultView === 'gallery') await page.getByRole('tab', { name: 'Spin' }).click();
      await page.locator('[data-spin-ready="true"]').first().waitFor(WAIT);
      await page.locator('[data-spin-viewer] > button', { hasText: 'Full screen' }).click();
      await page.locator('dialog[open]').waitFor(WAIT);
    },
  },
  {
    name: 'form with errors shown',
    path: (site, data, routes) => routes.find((r) => r.kind === 'form' && r.form === 'book-test-drive')?.path ?? routes.find((r) => r.kind === 'form')?.path ?? null,
    async open(page) {
      const form = page.locator('form[novalidate]').first();
      await form.scrollIntoViewIfNeeded();
      await form.waitFor({ state: 'attached', ...WAIT });
      // Through the steps without filling anything, until the form says what is missing.
      const errors = form.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });
      for (let step = 0; step < 4 && !(await errors.isVisible()); step++) {
        await form.locator('button[type="submit"]').last().click();
        await page.waitForTimeout(200);
      }
      await errors.waitFor(WAIT);
    },
  },
  {
    name: 'menu open',
    width: 1366,
    // Where the header has a dropdown or the models mega-menu.
    path: (site, data) => (resolveMenu(data.content.menus.header, site, data).some((l) => l.children.length > 0 || (l.modelGroups?.length ?? 0) > 0) ? '/' : null),
    async open(page) {
      const menu = page.locator('details[data-mega-menu], details[data-dropdown]').first();
      await menu.locator('summary').click();
      await page.locator('details[data-dropdown][open], details[data-mega-menu][open]').first().waitFor(WAIT);
    },
  },
  {
    name: 'toast visible',
    path: (site, data, routes) => (site.vehicle.copyConfirmation === 'toast' || site.features.watchlist ? vehiclePage(data, routes, (v) => v.status === 'in_stock') : null),
    async open(page, site, helpers) {
      const ready = async () => {
        await page.locator('[data-saving-bar]').scrollIntoViewIfNeeded();
        await page.locator('astro-island:has([data-saving-bar]):not([ssr])').waitFor({ state: 'attached', ...WAIT });
      };
      if (site.vehicle.copyConfirmation === 'toast') {
        await ready();
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.locator('[data-share-open]').click();
        await page.locator('[data-copy]').click();
      } else {
        // A signed-in shopper saves the car to the watchlist; the toast confirms it.
        const cookie = helpers.shopperSession('0400000000');
        await page.context().addCookies([{ ...cookie, url: new URL('/api/', page.url()).href, httpOnly: true, sameSite: 'Lax' }]);
        await page.reload();
        await ready();
        await page.locator('[data-watchlist-toggle]').click();
      }
      await page.locator('[data-toast]').first().waitFor(WAIT);
    },
  },
];
