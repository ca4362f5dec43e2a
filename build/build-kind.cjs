/**
 * Release or test build. The test build (`npm run dist:test`, or CADENZA_TEST_BUILD=1) keeps the
 * fuses Playwright needs and is written to dist/test; it is never published or notarized.
 */
function isTestBuild(env = process.env) {
  return env.CADENZA_TEST_BUILD === '1' || env.npm_lifecycle_event === 'dist:test';
}
module.exports = { isTestBuild };
