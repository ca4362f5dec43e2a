/**
 * The CLI's two entry files, out/cli/cadenza.cjs and out/cli/worker.cjs, are this launcher
 * (bundled twice by scripts/build-cli.mjs, each naming its code file): it loads the bundle beside
 * it (cadenza-code.cjs, worker-code.cjs).
 *
 * It turned on Node's compile cache in <data folder>/cache/cli-code for a while (issue 30); that
 * made read-only commands (`library list`, `jobs list`, `config get`) write to the data folder,
 * which they must not (test/integration/durability/read-only.test.ts), and saved no CPU time
 * measurable on this machine, so it is off.
 */
import { join } from 'node:path';

declare const __CADENZA_CODE__: string;

// a path esbuild leaves alone: the code file is a bundle of its own, beside this one
const code = join(__dirname, __CADENZA_CODE__);
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(code);
