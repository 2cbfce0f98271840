import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium';
import { e2eBaseUrl, e2eIpUrl, e2ePublicUrl, e2eServerEnv } from './tests/e2e/support/server-env';

/**
 * End-to-end tests: the real server (PGlite in a fresh DATA_DIR, mails as .eml files) serving the
 * built SPA, driven by a real Chromium. The port is E2E_PORT or a free one (server-env.ts).
 *
 * Nothing sets the stage: the default project has the browser's own language and time zone (en-US
 * and the machine's zone in headless Chromium) and opens the site at PUBLIC_URL's address; the
 * `abroad` project runs the dated journeys as a phone in New York speaking en-US that opens the site
 * at 127.0.0.1 while PUBLIC_URL names localhost.
 */
/**
 * The journeys whose days, times, prices or addresses a foreign browser could get wrong (booking,
 * paying, moving and repeating visits, availability, the schedule and order search by UK day,
 * invoices and the one-truth walk of every figure, a cleaner's day, taps before start-up) run as the
 * phone abroad: a browser five hours behind the UK, on the other side of each clock change, is the
 * hard case, and one that passes there has no zone to slip on at home. The desktop runs
 * schedule.spec as well, in the machine's zone. Screens with no date, time or address in
 * them (the machine-path walks, public pages, account forms) run once, on the desktop. Each journey
 * once, not twice, keeps CI under its 45 minutes (decisions 078, 081). The desktop books through
 * booking-paths (every state of the booking machine), keyboard.spec and self-service-booking.spec,
 * so booking.spec runs on the phone alone (decision 129).
 */
const journeys = /\/(booking|booking-real-people|payment|stripe-payment|saved-card|direct-debit|reschedule|series|paid-skip-series|schedule|availability|first-tap-booking|first-tap-properties-booking|closure-moves|waitlist-reschedule|cleaners|invoice-pdf|order-search-admin|one-truth)\.spec\.ts$/;
/**
 * On the phone abroad only: every journey above but schedule.spec (the office's planning board is a
 * desktop page, and dragging a card onto a lane is the desktop's alone), and the admin logout that
 * runs last.
 */
const notOnDesktop = /\/(admin-logout|booking|booking-real-people|payment|stripe-payment|saved-card|direct-debit|reschedule|series|paid-skip-series|availability|first-tap-booking|first-tap-properties-booking|closure-moves|waitlist-reschedule|cleaners|invoice-pdf|order-search-admin|one-truth)\.spec\.ts$/;
export default defineConfig({
  testDir: 'tests/e2e',
  // One seeded database dumped for the specs' own servers to load (support/global-setup.ts).
  globalSetup: './tests/e2e/support/global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // The machine has two cores, and one PGlite connection serves every request.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI: a test that passes on retry is reported as flaky (and counted), not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: e2ePublicUrl,
    // Recording a trace keeps a screencast running: Chromium's GPU process then took 40% of the
    // suite's CPU, and a walk of 41 tests 199 s against 159 s without (decision 126). A failing
    // test is traced on its retry (CI), or run again with --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [
    // The desktop's clicks before start-up are before-start-up.spec's (decision 078).
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: notOnDesktop },
    {
      name: 'abroad',
      use: { ...devices['Pixel 7'], locale: 'en-US', timezoneId: 'America/New_York', baseURL: e2eIpUrl },
      testMatch: journeys,
    },
    // Logging the shared administrator out ends every admin token (a per-user token version on the
    // server), so it runs once everything else has finished with that account.
    { name: 'last', use: { ...devices['Desktop Chrome'] }, testMatch: /admin-logout\.spec\.ts/, dependencies: ['chromium', 'abroad'] },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/support/prepare-server.ts && node --import tsx server/server.ts',
    url: `${e2eBaseUrl}/api/home/services`,
    env: e2eServerEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
