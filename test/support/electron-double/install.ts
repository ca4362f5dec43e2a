/**
 * Makes `require('electron')` answer the double in this Node process, through a
 * Module._resolveFilename hook and a pre-filled require cache entry. Only CommonJS requires are
 * covered (the built main is CommonJS). Returns a function that removes the hook.
 */
import Module from 'node:module';
import { join } from 'node:path';
import type { ElectronDouble } from './index';

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string;
interface ModuleInternals {
  _resolveFilename: ResolveFilename;
  _cache: Record<string, unknown>;
}

/** A path that never exists on disk; the cache entry under it is the double. */
export const ELECTRON_DOUBLE_ID = join(__dirname, '__electron_double__.js');

export function installElectronDouble(double: ElectronDouble): () => void {
  const internals = Module as unknown as ModuleInternals;
  const original = internals._resolveFilename;
  const entry = new Module(ELECTRON_DOUBLE_ID);
  entry.filename = ELECTRON_DOUBLE_ID;
  entry.exports = double.module;
  entry.loaded = true;
  internals._cache[ELECTRON_DOUBLE_ID] = entry;
  internals._resolveFilename = function (this: unknown, request, parent, ...rest) {
    if (request === 'electron' || request === 'electron/main' || request === 'electron/common')
      return ELECTRON_DOUBLE_ID;
    return original.call(this, request, parent, ...rest);
  };
  return () => {
    internals._resolveFilename = original;
    delete internals._cache[ELECTRON_DOUBLE_ID];
  };
}
