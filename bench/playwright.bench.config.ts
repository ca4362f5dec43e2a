import { defineConfig } from '@playwright/test';

/**
 * Benches that drive the built app in Chromium (bench/*.pw.ts), run through Playwright's runner
 * by their `*.bench.ts` launchers (npm run bench). They print figures and assert nothing on time.
 * The runner compiles them (and the Electron double's page-side code) without esbuild's
 * `__name` wrappers, which break functions serialised into the page.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.pw.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 10 * 60_000,
  reporter: [['list']],
  outputDir: '../test-results/bench',
  use: { actionTimeout: 30_000 },
});
