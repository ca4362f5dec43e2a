import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the built app (npm run build first). Without an Electron runtime the built
 * main runs in this Node process under the Electron test double (test/support/electron-double) with
 * Debian Chromium as the window; with ELECTRON_OVERRIDE_DIST_PATH the same specs launch real Electron.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry in CI: the suite drives a real browser against a clock-driven emulator on a shared
  // 2-core machine; a test that passes only on retry is still reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
  },
});
