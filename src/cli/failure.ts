/** What the CLI says of a failure it has no words for (main.ts, crash.ts, quick-list.ts). */
export const GENERIC_FAILURE =
  'something went wrong inside Cadenza (set CADENZA_DEBUG=1 for details)';
