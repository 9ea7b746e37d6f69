// The composed site in Debian's Chromium: production builds served as `npm start` serves them, over a fresh
// local Supabase database for each run (a copy of the migrated and seeded PGlite folder that jest's backend tests
// start from, when jest has built it: local-supabase/test/templates.js).
import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { APPS, shellUrl, sitePorts } from './support/site';

const dataDir = path.join(os.tmpdir(), `storefront-e2e-${process.pid}`);
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const SHARED_ACCOUNTS = [
  'account.spec.ts',
  'backoffice.spec.ts',
  'booking.spec.ts',
  'promotion.spec.ts',
  'visual.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Two workers on CI's two cores. A third was tried (#34.6): while the axe and focus specs run, three Chromiums
  // keep both cores fully busy and tests time out (docs/testing.md). E2E_WORKERS=1 runs everything one file at a
  // time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: shellUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  // Every project is Desktop Chrome; the baselines keep one name whichever project takes them.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}-chromium-{platform}{ext}',
  projects: [
    // The specs that sign in as the one seeded demo user (whose cart and orders they change and photograph), take
    // the first free booking slot, or run a promotion that every page shows (never beside the screenshots): one
    // file at a time, beside the rest.
    {
      name: 'shared-accounts',
      testMatch: SHARED_ACCOUNTS,
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    { name: 'chromium', testIgnore: SHARED_ACCOUNTS, use: { ...devices['Desktop Chrome'] } },
    // The production rehearsal (e2e/support/rehearsal.ts): a site of its own, on free ports, over a database
    // built by `supabase db push` alone, with config.toml's real rate limits. One worker: one such site.
    {
      name: 'rehearsal',
      testDir: './rehearsal',
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  // After the web server is up (Playwright starts it first).
  globalSetup: './support/lift-client-budgets.ts',
  webServer: {
    command: `node ../local-supabase/test/templates.js --copy-to ${JSON.stringify(dataDir)} && node ../scripts/start.mjs --no-build`,
    url: `${shellUrl}/config.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Stopped as Ctrl-C would (its embedded database closes cleanly), not killed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    // Every test signs in from 127.0.0.1: lift config.toml's per-IP sign-in and refresh limits.
    env: {
      DATA_DIR: dataDir,
      // Every port the site's servers take (support/site.ts); tests read e-mailed links from the inbox's JSON API.
      ...Object.fromEntries(APPS.map((app) => [app.env.port, String(sitePorts[app.package])])),
      SUPABASE_PORT: String(sitePorts.api),
      INBUCKET_PORT: String(sitePorts.inbox),
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
      // Likewise the project-wide e-mail budget (2 an hour) and the per-IP token verifications.
      AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
      AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
      // And GoTrue's two-factor challenges and verifications (15 a minute and IP): the two-factor specs and the
      // back office's staff sign-ins run side by side.
      AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '100000',
    },
  },
});
