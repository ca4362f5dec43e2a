import { defineConfig } from '@playwright/test';

/**
 * `npm run screenshots`: the built app over the emulator (the e2e harness), every panel in both
 * themes at 1280×800 and 900×600, written to CADENZA_SHOTS (default out/screenshots). For a person
 * to look at; the ones worth keeping are copied to docs/screenshots/ by hand.
 */
export default defineConfig({
  testDir: 'test/shots',
  testMatch: '**/*.shots.ts',
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results/shots',
  use: { actionTimeout: 10_000 },
});
