/**
 * The CLI's two entry files, out/cli/cadenza.cjs and out/cli/worker.cjs, are this launcher
 * (bundled twice by scripts/build-cli.mjs, each naming its code file): it turns on Node's compile
 * cache, then loads the bundle beside it (cadenza-code.cjs, worker-code.cjs). Compiling the two
 * bundles (about 7 MB of JavaScript) was a large part of every command's start-up; with the cache a
 * later run reads V8's code from the data folder instead (issue 30: the second `library list` of
 * a big folder costs little more than the CLI's start-up).
 *
 * The cache lives in <data folder>/cache/cli-code (a bounded cache: one file per bundle, replaced
 * when the bundle changes) and is used once the data folder exists (a first run makes it). Any
 * failure only means no cache.
 */
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { resolvePaths } from '../main/services/paths';

declare const __CADENZA_CODE__: string;

try {
  const { dataDir } = resolvePaths({ env: process.env });
  if (existsSync(dataDir) && typeof nodeModule.enableCompileCache === 'function')
    nodeModule.enableCompileCache(join(dataDir, 'cache', 'cli-code'));
} catch {
  // no cache: the code is compiled as before
}

// a path esbuild leaves alone: the code file is a bundle of its own, beside this one
const code = join(__dirname, __CADENZA_CODE__);
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(code);
