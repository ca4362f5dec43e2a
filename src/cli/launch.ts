/**
 * The CLI's two entry files, out/cli/cadenza.cjs and out/cli/worker.cjs, are this launcher
 * (bundled twice by scripts/build-cli.mjs, each naming its code file): it loads the bundle beside
 * it (cadenza-code.cjs, worker-code.cjs). The CLI's first offers `library list [--json]` to the
 * quick listing beside it (cadenza-list.cjs, src/cli/quick-list.ts), which answers a found folder
 * the probe cache knows without the CLI's code.
 *
 * With V8's code cache made for it at build time (`<code file>.cache`, scripts/cli-code-cache.cjs:
 * the functions a listing compiles), the code is not compiled again on every start: a third of the
 * CLI's start-up (issue 30). Node rejects a cache made by another Node version or for other code,
 * and the code is then compiled as usual. Nothing is written at run time: Node's own compile cache
 * (tried in session 12) wrote into the data folder, which read-only commands must leave as it was.
 */
import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

declare const __CADENZA_CODE__: string;
/** The quick listing's file (quick-list.ts) beside the CLI's launcher; '' in the worker's. */
declare const __CADENZA_QUICK__: string;

// a path esbuild leaves alone: the code file is a bundle of its own, beside this one
const code = join(__dirname, __CADENZA_CODE__);

/** The code file's compiled cache, when the build made one. */
function cacheOf(file: string): Buffer | null {
  try {
    return readFileSync(`${file}.cache`);
  } catch {
    return null;
  }
}

/** Loads and runs the code file. */
function loadCode(): void {
  const cachedData = cacheOf(code);
  if (cachedData === null) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(code);
  } else {
    // what `require` does, with the cache handed to the compiler (the wrapper is the one the cache
    // was made with: cli-code-cache.cjs). The code holds no `import()` (build-cli.mjs checks).
    const script = new Script(Module.wrap(readFileSync(code, 'utf8')), {
      filename: code,
      cachedData,
    });
    const mod = new Module(code, module);
    mod.filename = code;
    const requireHere = createRequire(code);
    requireHere.cache[code] = mod;
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(mod.exports, mod.exports, requireHere, mod, code, dirname(code));
    mod.loaded = true;
  }
}

interface QuickList {
  answerQuickly(argv: readonly string[], env: NodeJS.ProcessEnv): boolean;
}

const args = process.argv.slice(2);
// `library list [--json]` of a found folder the probe cache knows, answered without the CLI's code
const quick: QuickList | null =
  __CADENZA_QUICK__ && args[0] === 'library' && args[1] === 'list'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require(join(__dirname, __CADENZA_QUICK__)) as QuickList)
    : null;
if (!quick?.answerQuickly(args, process.env)) loadCode();
