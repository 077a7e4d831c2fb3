import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { BrowserContext } from '@playwright/test';
import { ShopperStore } from '../../src/ops/shopper-store.ts';
import { SESSION_COOKIE } from '../../src/ops/shopper-api.ts';
import { logCodeSender, SignIn, SIGN_IN_DEFAULTS } from '../../src/ops/sign-in.ts';
import { LEADS_DB } from './leads.ts';

/**
 * The preview server's session secret in the browser suites (playwright.config.ts passes it), so a spec
 * that is about something else (a gated form, say) can start signed in. Signing in itself, with the
 * code from the server's log, is tested against the real ops server in `shopper-accounts.spec.ts`.
 */
export const E2E_SESSION_SECRET = 'e2e-preview-session-secret-0123456789abcdef';

/**
 * Signs the browser in as a shopper of `site` with `phone`: a session in the preview server's store and its
 * signed cookie in the context, for the page origin `baseURL`.
 */
export function signInAs(context: BrowserContext, baseURL: string, site: string, phone: string): Promise<void> {
  const db = new Database(LEADS_DB);
  try {
    db.pragma('busy_timeout = 5000');
    const store = new ShopperStore(db);
    const signIn = new SignIn(store, E2E_SESSION_SECRET, logCodeSender(() => {}));
    const now = new Date();
    const session = store.startSession(randomBytes(24).toString('base64url'), store.shopperForPhone(site, phone, now), now, SIGN_IN_DEFAULTS.sessionTtlMs);
    return context.addCookies([{ name: SESSION_COOKIE, value: signIn.cookieValue(session.id), url: `${baseURL}/api/`, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    db.close();
  }
}
