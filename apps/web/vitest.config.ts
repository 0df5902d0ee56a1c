import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    testTimeout: 30_000,
    // Files share a worker's loaded modules (React, Mantine, the app): each test renders into a fresh
    // DOM and query client (testing/setup-tests.ts cleans up), and loading them once per file was half
    // the run (334 s against 152 s on two workers).
    isolate: false,
    // Sharing modules changes timings from run to run, and two tests that raced a request against a render
    // failed once each in a day of clean-clone runs (both mended). A test that fails again on its retry
    // is a failure; the retry is reported.
    retry: 1,
  },
});
