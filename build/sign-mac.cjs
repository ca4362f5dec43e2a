/**
 * Used as mac.sign only when no certificate is configured (no CSC_LINK / CSC_NAME): signs nothing
 * and says so. With a certificate, electron-builder's own signing (@electron/osx-sign, hardened
 * runtime, build/entitlements.mac.plist) runs instead — see electron-builder.config.cjs.
 */
module.exports = async function signMac(options) {
  console.log(
    `[sign-mac] skipped ${options && options.app ? options.app : 'the app'}: CSC_LINK + CSC_KEY_PASSWORD (or CSC_NAME) are not set; the app is unsigned and Gatekeeper will warn`,
  );
};
module.exports.default = module.exports;
