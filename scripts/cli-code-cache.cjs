// Makes V8's code cache of a CLI code file (out/cli/cadenza-code.cjs → cadenza-code.cjs.cache),
// used by the launcher (src/cli/launch.ts) so that each start does not compile the code again.
// Run by scripts/build-cli.mjs as `node cli-code-cache.cjs <code file> <CLI arguments…>`: the
// code runs those arguments (a listing of a small library in a temporary data folder) and, at its
// exit, the cache is written with every function that run compiled. The wrapper and the compile
// options are the launcher's. A cache of another Node version is rejected by Node at load time.
const { writeFileSync, renameSync, readFileSync } = require('node:fs');
const { createRequire, Module } = require('node:module');
const { dirname, resolve } = require('node:path');
const { Script } = require('node:vm');

const code = resolve(process.argv[2]);
const script = new Script(Module.wrap(readFileSync(code, 'utf8')), { filename: code });
process.on('exit', () => {
  const tmp = `${code}.cache.${process.pid}.tmp`;
  writeFileSync(tmp, script.createCachedData());
  renameSync(tmp, `${code}.cache`);
});
process.argv = [process.argv[0], code, ...process.argv.slice(3)];
const mod = new Module(code, module);
mod.filename = code;
const requireHere = createRequire(code);
requireHere.cache[code] = mod;
script.runInThisContext().call(mod.exports, mod.exports, requireHere, mod, code, dirname(code));
