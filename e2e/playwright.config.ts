import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server and the built web app, each server on a
 * fresh embedded database with the demo data. A second server runs with MAINTENANCE=1.
 */
import { BASE_URL, MAINTENANCE_PORT, PORT, SHELL_PORT } from './tests/support/urls';
const run = `${process.pid}`;
const server = (port: number, name: string, extra: string) => {
  const dataDir = path.join(os.tmpdir(), `portico-e2e-${name}-${run}`);
  return {
    command: `rm -rf ${dataDir} && ${extra} DATA_DIR=${dataDir} PORT=${port} APP_URL=http://localhost:${port} LOG_LEVEL=warn npx tsx ../apps/server/src/main.ts`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // TEST_CLOCK=1: the appropriateness test's 24-hour wait is crossed by moving the server's clock.
    server(PORT, 'main', 'TEST_CLOCK=1'),
    server(MAINTENANCE_PORT, 'maintenance', 'MAINTENANCE=1'),
    server(SHELL_PORT, 'shell', ''),
  ],
});
