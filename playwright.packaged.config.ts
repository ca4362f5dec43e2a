import { defineConfig } from '@playwright/test';

/**
 * Smoke test of a packaged release build (test/packaged): the release workflow runs it on each
 * system with CADENZA_PACKAGED_APP naming the installed executable. Skipped without it.
 */
export default defineConfig({
  testDir: 'test/packaged',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results/packaged',
});
