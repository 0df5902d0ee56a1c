import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, LANE_B_PORT, LANE_B_URL, MAINTENANCE_PORT, PORT, SHELL_PORT } from './tests/support/urls';

/**
 * End-to-end tests in Debian's Chromium against the real server and the built web app, each server on a
 * fresh embedded database with the demo data.
 *
 * Two lanes run at once (the machine has two cores; one lane leaves one mostly idle): each is a project
 * with one worker and a server of its own, so its specs run one after another on a database no other
 * lane touches, as if alone. Lane B's server runs with TEST_CLOCK=1 (the appropriateness test's 24-hour
 * wait and the first investment's cooling-off are crossed by moving its clock), so every spec that
 * moves the clock belongs to lane B; the main server's clock cannot be moved. A spec not listed in
 * LANE_B runs in lane A. Two more servers: MAINTENANCE=1, and the shell's (branding, flags, terms).
 */
const LANE_B = [
  // they move the clock
  'appropriateness',
  'investing-journey',
  'onboarding-journey',
  // the rest of the investor's side and the money, to even the lanes out
  'onboarding',
  'investor-profile',
  'profile',
  'registration',
  'cash-calls',
  'portfolio',
  'statements',
  'import',
  'shell',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`));
const CLOCK_UNMOVED = [/\/cash-calls\.spec\.ts$/];

const run = `${process.pid}`;
const server = (port: number, name: string, extra: string) => {
  const dataDir = path.join(os.tmpdir(), `portico-e2e-${name}-${run}`);
  return {
    command: `rm -rf ${dataDir} && ${extra} DATA_DIR=${dataDir} PORT=${port} APP_URL=http://localhost:${port} LOG_LEVEL=warn node --enable-source-maps ../apps/server/dist/main.js`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous: a spec that takes 20 s alone took over 60 s on a loaded CI machine. A passing run waits
  // no longer for it.
  timeout: 120_000,
  // A loaded two-core machine took over 15 s to show an investor record; a passing run waits no longer.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Lane B's specs that must see its server's clock unmoved (the browser's clock is never moved, and a
    // round created after another spec moved the server's clock a day ahead did not show its bank details:
    // cash-calls failed after appropriateness in every full run, and passed alone). They run first.
    {
      name: 'lane-b-first',
      testMatch: CLOCK_UNMOVED,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: LANE_B_URL },
    },
    {
      name: 'lane-b',
      testMatch: LANE_B,
      testIgnore: CLOCK_UNMOVED,
      dependencies: ['lane-b-first'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: LANE_B_URL },
    },
    {
      name: 'lane-a',
      testIgnore: LANE_B,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: BASE_URL },
    },
  ],
  webServer: [
    server(PORT, 'main', ''),
    server(LANE_B_PORT, 'lane-b', 'TEST_CLOCK=1'),
    // Its specs sign nobody in: no demo data to load.
    server(MAINTENANCE_PORT, 'maintenance', 'MAINTENANCE=1 SEED_DEMO=0'),
    server(SHELL_PORT, 'shell', ''),
  ],
});
