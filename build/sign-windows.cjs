/**
 * Custom Windows signing (win.signtoolOptions.sign): signs each executable electron-builder hands
 * over — the app, helpers, the NSIS installer and uninstaller. The certificate comes from the
 * environment only: WIN_CSC_LINK (or CSC_LINK; a .pfx path or base64) and WIN_CSC_KEY_PASSWORD
 * (or CSC_KEY_PASSWORD), which electron-builder turns into `configuration.cscInfo`. On Windows it
 * runs signtool (WIN_SIGNTOOL_PATH, else signtool.exe on PATH); elsewhere osslsigncode. Without a
 * certificate it skips with a clear log line and the installer stays unsigned (SmartScreen warns).
 */
const { execFileSync } = require('node:child_process');

function hasCertificate(env) {
  return Boolean(
    (env.WIN_CSC_LINK || env.CSC_LINK) && (env.WIN_CSC_KEY_PASSWORD || env.CSC_KEY_PASSWORD),
  );
}

async function signWindows(configuration, _packager, env = process.env) {
  const file = configuration.path;
  if (!hasCertificate(env) || !configuration.cscInfo) {
    console.log(
      `[sign-windows] skipped ${file}: WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD are not set, the file stays unsigned`,
    );
    return;
  }
  const onWindows = process.platform === 'win32';
  const tool = onWindows ? env.WIN_SIGNTOOL_PATH || 'signtool.exe' : 'osslsigncode';
  const args = configuration.computeSignToolArgs(onWindows);
  console.log(`[sign-windows] signing ${file} (${configuration.hash}) with ${tool}`);
  // the arguments carry the certificate password: never print them
  execFileSync(tool, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

module.exports = (configuration, packager) => signWindows(configuration, packager);
module.exports.default = module.exports;
module.exports.signWindows = signWindows;
module.exports.hasCertificate = hasCertificate;
