/**
 * afterSign: notarizes the macOS app with Apple's notary service. Credentials come from the
 * environment only — an App Store Connect API key (APPLE_API_KEY = path to the .p8 file,
 * APPLE_API_KEY_ID, APPLE_API_ISSUER) or an Apple ID (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD,
 * APPLE_TEAM_ID). Without them, or for an unsigned build, it skips with a clear log line.
 */
const { join } = require('node:path');
const { isTestBuild } = require('./build-kind.cjs');

function credentials(env) {
  if (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) {
    return {
      appleApiKey: env.APPLE_API_KEY,
      appleApiKeyId: env.APPLE_API_KEY_ID,
      appleApiIssuer: env.APPLE_API_ISSUER,
    };
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) {
    return {
      appleId: env.APPLE_ID,
      appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD,
      teamId: env.APPLE_TEAM_ID,
    };
  }
  return null;
}

async function notarizeApp(context, env = process.env) {
  if (context.electronPlatformName !== 'darwin') return;
  if (isTestBuild(env)) {
    console.log('[notarize] skipped: test build');
    return;
  }
  if (!env.CSC_LINK && !env.CSC_NAME) {
    console.log(
      '[notarize] skipped: the app is not signed (no CSC_LINK / CSC_NAME), so it cannot be notarized',
    );
    return;
  }
  const creds = credentials(env);
  if (!creds) {
    console.log(
      '[notarize] skipped: set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID',
    );
    return;
  }
  const { notarize } = require('@electron/notarize');
  const appPath = join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  console.log(`[notarize] submitting ${appPath} (this can take minutes)`);
  await notarize({ appPath, ...creds });
  console.log('[notarize] done; the ticket is stapled');
}

module.exports = (context) => notarizeApp(context);
module.exports.default = module.exports;
module.exports.notarizeApp = notarizeApp;
module.exports.credentials = credentials;
