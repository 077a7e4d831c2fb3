import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { loadAllSiteConfigs } from './src/data/site-config.ts';
import { PREVIEW_BASE_PORT } from './src/generator/preview.ts';
import { E2E_SESSION_SECRET } from './tests/support/shopper-session.ts';

// Debian's Chromium where it is installed (these machines cannot download
// Playwright's browsers); Playwright's own Chromium elsewhere (GitHub Actions).
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const sites = loadAllSiteConfigs('sites');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    // A trace records every action with a snapshot of the page and every script evaluated in it, which on
    // two cores doubles the suite's time. Kept for failures when run by hand; CI reports failures as text
    // and records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    // The same specs run against every demo site: one project per site.
    ...sites.map((site, index) => ({
      name: site.slug,
      testIgnore: /admin\.spec\.ts$/,
      use: { browserName: 'chromium' as const, baseURL: `http://127.0.0.1:${PREVIEW_BASE_PORT + index}` },
      metadata: { site: site.slug, template: site.template },
    })),
    // The ops server's admin page: the spec starts its own server, so there is no per-site baseURL.
    { name: 'ops', testMatch: /admin\.spec\.ts$/, use: { browserName: 'chromium' as const } },
  ],
  webServer: {
    command: 'node scripts/preview.ts',
    // The suites send many leads from one address; the limit itself is tested in the unit suite. A known
    // session secret lets a spec start signed in (tests/support/shopper-session.ts).
    env: { OPS_LEAD_RATE_LIMIT: '100000', OPS_SHOPPER_RATE_LIMIT: '100000', OPS_SESSION_SECRET: E2E_SESSION_SECRET },
    url: `http://127.0.0.1:${PREVIEW_BASE_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
