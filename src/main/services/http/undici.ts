/**
 * undici, loaded on the first request rather than when the HTTP policy's module is: it is the
 * largest package in the CLI's bundle (1.4 MB), and most commands (`library list`, `config`,
 * `--help`) never send anything. `loadUndici()` is awaited once per request; `undici()` is for
 * code that runs after it (the guarded agent, the proxy chooser).
 */
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export async function loadUndici(): Promise<typeof Undici> {
  return (loaded ??= await import('undici'));
}

/** undici, once `loadUndici()` has answered (a programming error before). */
export function undici(): typeof Undici {
  if (!loaded) throw new Error('undici is used before loadUndici() answered');
  return loaded;
}
