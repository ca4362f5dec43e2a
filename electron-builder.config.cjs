/**
 * electron-builder configuration: NSIS (Windows), dmg + zip (macOS; the zip is what the updater
 * downloads), AppImage and deb (Linux), published to a generic update server.
 *
 *   npm run dist          release build: fuses flipped, signed/notarized when the secrets are set
 *   npm run dist:test     test build (or CADENZA_TEST_BUILD=1) with the inspector fuse on, that Playwright's _electron can
 *                         launch (it needs --inspect / --remote-debugging-port), in dist/test
 *
 * Environment (see docs/release.md): CADENZA_UPDATE_URL (the update server, baked into
 * app-update.yml), CSC_LINK/CSC_KEY_PASSWORD (macOS certificate), WIN_CSC_LINK/WIN_CSC_KEY_PASSWORD
 * (Windows certificate), or Windows signing by a cloud signing service (Azure Artifact Signing):
 * AZURE_SIGNING_ENDPOINT/AZURE_SIGNING_ACCOUNT/AZURE_SIGNING_PROFILE/AZURE_SIGNING_PUBLISHER with the
 * identity in AZURE_TENANT_ID/AZURE_CLIENT_ID/AZURE_CLIENT_SECRET; APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER or
 * APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID (notarization). Nothing secret lives here.
 */
const { isTestBuild } = require('./build/build-kind.cjs');

const testBuild = isTestBuild();
const updateUrl = process.env.CADENZA_UPDATE_URL || 'https://updates.invalid/cadenza/';
if (!process.env.CADENZA_UPDATE_URL) {
  console.warn(
    '[electron-builder.config] CADENZA_UPDATE_URL is not set: the build will look for updates at https://updates.invalid/ (never answers)',
  );
}

/**
 * Windows signing by a cloud signing service (Azure Artifact Signing, formerly Trusted Signing):
 * code-signing keys now live in hardware or an HSM, so a .pfx in a secret is no longer issued.
 * Used when the account is named in the environment and its identity is there (the service's
 * PowerShell module reads AZURE_TENANT_ID/AZURE_CLIENT_ID/AZURE_CLIENT_SECRET itself); otherwise
 * build/sign-windows.cjs signs with a certificate file or skips with a log line.
 */
function azureSignOptions(env) {
  const { AZURE_SIGNING_ENDPOINT, AZURE_SIGNING_ACCOUNT, AZURE_SIGNING_PROFILE } = env;
  const { AZURE_SIGNING_PUBLISHER, AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET } = env;
  const all = [AZURE_SIGNING_ENDPOINT, AZURE_SIGNING_ACCOUNT, AZURE_SIGNING_PROFILE];
  all.push(AZURE_SIGNING_PUBLISHER, AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET);
  if (!all.every((v) => typeof v === 'string' && v.trim() !== '')) return null;
  return {
    publisherName: AZURE_SIGNING_PUBLISHER,
    endpoint: AZURE_SIGNING_ENDPOINT,
    codeSigningAccountName: AZURE_SIGNING_ACCOUNT,
    certificateProfileName: AZURE_SIGNING_PROFILE,
  };
}
const azureSign = azureSignOptions(process.env);

/** Audio files the OS may open with Cadenza ("Open with Cadenza"). */
const audioTypes = [
  { ext: 'mp3', mime: 'audio/mpeg' },
  { ext: 'wav', mime: 'audio/wav' },
  { ext: 'flac', mime: 'audio/flac' },
  { ext: 'm4a', mime: 'audio/mp4' },
  { ext: 'ogg', mime: 'audio/ogg' },
  { ext: 'aac', mime: 'audio/aac' },
];

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'app.cadenza.studio',
  productName: 'Cadenza',
  copyright: 'Copyright © Cadenza',
  executableName: 'cadenza',
  directories: {
    output: testBuild ? 'dist/test' : 'dist',
    buildResources: 'resources',
  },
  // The built app only: electron-vite's out/ (main, preload, renderer) without source maps; the CLI
  // bundle (out/cli) is for `npm link` from a checkout, never run by the app (docs/licences.md).
  files: ['out/**/*', '!out/**/*.map', '!out/cli/**', 'package.json'],
  extraMetadata: { main: 'out/main/index.js' },
  asar: true,
  // keytar is a native module: it must load from disk, outside the archive.
  asarUnpack: ['**/node_modules/keytar/**/*'],
  // Rebuilds keytar for the packaged Electron's ABI (downloads Electron headers at build time).
  npmRebuild: true,
  electronLanguages: ['en-US'],

  fileAssociations: audioTypes.map(({ ext, mime }) => ({
    ext,
    name: `${ext.toUpperCase()} audio`,
    description: 'Audio file — open with Cadenza to make a cover or a voice clone',
    mimeType: mime,
    role: 'Viewer',
    rank: 'Alternate', // never take over the user's default player
  })),

  publish: [{ provider: 'generic', url: updateUrl, channel: 'latest' }],

  afterPack: 'build/after-pack-fuses.cjs',
  afterSign: 'build/notarize.cjs',

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    ...(azureSign
      ? { azureSignOptions: azureSign }
      : {
          signtoolOptions: { sign: 'build/sign-windows.cjs', signingHashAlgorithms: ['sha256'] },
        }),
  },
  nsis: {
    artifactName: 'Cadenza-Setup-${version}.${ext}',
    oneClick: true,
    perMachine: false,
    // a .blockmap next to the installer: updates download only the changed blocks
    differentialPackage: true,
    deleteAppDataOnUninstall: false,
  },

  mac: {
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    icon: 'resources/icon.icns',
    artifactName: 'Cadenza-${version}-${arch}-mac.${ext}',
    category: 'public.app-category.music',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // electron-builder signs with CSC_LINK/CSC_KEY_PASSWORD (or CSC_NAME from the keychain);
    // without them the app is left unsigned (build/sign-mac.cjs says so and signs nothing).
    sign: process.env.CSC_LINK || process.env.CSC_NAME ? undefined : 'build/sign-mac.cjs',
    notarize: false, // done by build/notarize.cjs (afterSign) so missing secrets skip it with a log line
  },
  dmg: { artifactName: 'Cadenza-${version}-${arch}.${ext}' },

  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'AudioVideo',
    synopsis: 'AI music and voice studio',
    description: 'A desktop studio for AI music and voice creation',
    mimeTypes: audioTypes.map((t) => t.mime),
  },
  appImage: { artifactName: 'Cadenza-${version}.${ext}' },
  deb: {
    artifactName: 'cadenza_${version}_${arch}.${ext}',
    // keytar talks to the Secret Service through libsecret
    depends: [
      'libsecret-1-0',
      'libnss3',
      'libxss1',
      'libxtst6',
      'libnotify4',
      'libatspi2.0-0',
      'libuuid1',
      'libgtk-3-0',
    ],
  },
};
