import type { CadenzaApi } from '@shared/ipc/api';
import type { AppErrorShape } from '@shared/errors';
import type { Result } from '@shared/result';

/**
 * The renderer's single door to main. Components and stores call `bridge()` rather than touching
 * `window.cadenza`, so component tests can install an in-memory implementation of `CadenzaApi`.
 */
let installed: CadenzaApi | undefined;

/** Replaces the API used by `bridge()` (tests); `undefined` returns to `window.cadenza`. */
export function installBridge(api: CadenzaApi | undefined): void {
  installed = api;
}

export class BridgeMissingError extends Error {
  constructor() {
    super('Cadenza must be opened from the desktop app: its connection to the app is missing.');
    this.name = 'BridgeMissingError';
  }
}

export function bridge(): CadenzaApi {
  const api = installed ?? window.cadenza;
  if (!api) throw new BridgeMissingError();
  return api;
}

/**
 * Runs one call through the bridge and always answers a `Result`: a missing bridge or a call that
 * throws (it should not — main answers values) becomes an `internal` error instead of a rejection.
 */
export async function call<T>(run: (api: CadenzaApi) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    const result = await run(bridge());
    if (!result.ok) for (const listener of failureListeners) listener(result.error);
    return result;
  } catch (e) {
    const message =
      e instanceof BridgeMissingError
        ? e.message
        : 'Something went wrong inside Cadenza. Please try again.';
    // the missing bridge is a developer's page opened in a browser: English only
    const key = e instanceof BridgeMissingError ? {} : { key: 'errors:internal' };
    return { ok: false, error: { code: 'internal', message, ...key } };
  }
}

const failureListeners = new Set<(error: AppErrorShape) => void>();

/**
 * Hears every failed call (the account store reads key info again after a refusal for lack of a
 * counter, whichever panel's call it was). Returns the unsubscribe.
 */
export function onCallFailure(listener: (error: AppErrorShape) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}
