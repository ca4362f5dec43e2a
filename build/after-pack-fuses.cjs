/**
 * afterPack: flips Electron's fuses in the packaged binary (before signing, so the signature
 * covers them). Release builds turn off everything a packaged app does not need; the test build
 * (CADENZA_TEST_BUILD=1, `npm run dist:test`) keeps the Node inspector arguments on, because
 * Playwright's _electron.launch drives the app through them.
 *
 * The renderer is served from its own privileged scheme, app://cadenza (src/main/shell/
 * renderer-scheme.ts), never from file://, so GrantFileProtocolExtraPrivileges is off in every build:
 * file:// pages get no privileges beyond a web page's.
 */
const { join } = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');
const { isTestBuild } = require('./build-kind.cjs');

/** The fuse settings for a build (exported for the release guide and a unit check). */
function fuseConfig(testBuild) {
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: testBuild,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: !testBuild,
    [FuseV1Options.OnlyLoadAppFromAsar]: !testBuild,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const product = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return join(appOutDir, `${product}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${product}.exe`);
  return join(appOutDir, packager.executableName);
}

async function afterPack(context) {
  const testBuild = isTestBuild();
  const binary = electronBinary(context);
  const config = fuseConfig(testBuild);
  if (context.electronPlatformName === 'darwin')
    config.resetAdHocDarwinSignature = context.arch === 3 /* arm64 */ || process.arch === 'arm64';
  await flipFuses(binary, config);
  console.log(
    `[fuses] ${testBuild ? 'test build (inspector on, asar checks off)' : 'release'} fuses flipped in ${binary}`,
  );
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
