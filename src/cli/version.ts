/** The version, set at bundle time by scripts/build-cli.mjs. */
declare const __CADENZA_VERSION__: string | undefined;

export const CLI_VERSION: string =
  typeof __CADENZA_VERSION__ === 'string' ? __CADENZA_VERSION__ : '0.0.0-dev';
