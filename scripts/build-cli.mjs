// Bundles the CLI (src/cli/index.ts) into one CommonJS file, out/cli/cadenza-code.cjs, started by
// out/cli/cadenza.cjs (src/cli/launch.ts), runnable with Node 22.19+ as `cadenza` (package.json
// "bin"), and the worker thread's beside it, out/cli/worker-code.cjs started by out/cli/worker.cjs
// (src/main/services/worker). Packages loaded on demand (OWN_FILES below) are files of their own
// beside them, out/cli/lib-<name>.cjs; the quick listing (src/cli/quick-list.ts), which the
// launcher offers `library list` first, is out/cli/cadenza-list.cjs. keytar stays external: it is a native module loaded
// lazily from node_modules, and the CLI works without it (CADENZA_API_KEY).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLECTOR, shareTagMapper } from './music-metadata-patch.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));
const [minMajor, minMinor] = pkg.engines.node.replace(/^>=/, '').split('.').map(Number);
const NODE_GUARD = `{const [a, b] = process.versions.node.split('.').map(Number);
if (a < ${minMajor} || (a === ${minMajor} && b < ${minMinor})) {
  process.stderr.write('cadenza: needs Node ${minMajor}.${minMinor} or newer (this is ' + process.versions.node + '); run it with npx cadenza inside the project, or install a newer Node\\n');
  process.exit(1);
}}`;

/**
 * pino-roll (the log file's rotation) asks for five functions of date-fns by its package name,
 * which resolves to date-fns' whole CommonJS index (375 KB, evaluated at every start): here it gets
 * a module with those five, each from its own file.
 */
const DATE_FNS_USED = ['format', 'addDays', 'addHours', 'parse', 'isValid'];
const dateFnsForPinoRoll = {
  name: 'date-fns-for-pino-roll',
  setup(b) {
    b.onResolve({ filter: /^date-fns$/ }, (args) =>
      /[\\/]pino-roll[\\/]/.test(args.importer)
        ? { path: 'date-fns-used', namespace: 'date-fns-used' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'date-fns-used' }, () => ({
      contents: DATE_FNS_USED.map((f) => `exports.${f} = require('date-fns/${f}').${f};`).join(
        '\n',
      ),
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * Packages the CLI loads only when a command needs them (each by a dynamic `import()`): undici on
 * the first request, music-metadata on the first probe, the pronouncing dictionary on the first
 * rhyme. esbuild cannot split a CommonJS bundle, so inlined they were read and compiled by every
 * start — 6.8 of the CLI's 9 MB, most of a read-only command's CPU time (issue 30). Each is a
 * bundle of its own beside the CLI's (`lib-<name>.cjs`), and the CLI's and the worker's code
 * require that file when the import runs.
 */
const OWN_FILES = ['undici', 'music-metadata', 'cmu-pronouncing-dictionary'];
const ownFileOf = (name) => `lib-${name}.cjs`;
const ownFiles = {
  name: 'own-files',
  setup(b) {
    const names = new RegExp(`^(${OWN_FILES.map((n) => n.replace(/[-/]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter: names }, (args) => ({ path: args.path, namespace: 'own-file' }));
    b.onLoad({ filter: /.*/, namespace: 'own-file' }, (args) => ({
      // a path esbuild leaves alone: read at run time from beside the bundle
      contents: `module.exports = require(require('node:path').join(__dirname, ${JSON.stringify(
        ownFileOf(args.path),
      )}));`,
      loader: 'js',
    }));
  },
};

/** One tag mapper for every parse (music-metadata-patch.mjs). */
const oneTagMapper = {
  name: 'one-tag-mapper',
  setup(b) {
    b.onLoad({ filter: COLLECTOR }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: shareTagMapper(source, args.path), loader: 'js' };
    });
  },
};

/**
 * keytar (external, native) is imported by `import()`: in the CLI's code it becomes a `require`,
 * since the code compiled with its cache (src/cli/launch.ts) has no loader for `import()`.
 */
const keytarRequired = {
  name: 'keytar-required',
  setup(b) {
    b.onResolve({ filter: /^keytar$/ }, (args) =>
      args.namespace === 'keytar-required'
        ? { path: 'keytar', external: true }
        : { path: 'keytar', namespace: 'keytar-required' },
    );
    b.onLoad({ filter: /.*/, namespace: 'keytar-required' }, () => ({
      contents: "module.exports = require('keytar');",
      loader: 'js',
    }));
  },
};

async function bundle(entry, outfile, banner, define = {}, plugins = [ownFiles]) {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [resolve(root, entry)] }
      : { stdin: { ...entry, resolveDir: root, loader: 'js' } }),
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    alias: { '@shared': resolve(root, 'src/shared') },
    // opus-ml: ogg-opus-decoder's optional speech enhancer (4 MB), never enabled
    external: ['keytar', 'electron', '@wasm-audio-decoders/opus-ml'],
    banner: { js: banner },
    define: { __CADENZA_VERSION__: JSON.stringify(pkg.version), ...define },
    plugins: [dateFnsForPinoRoll, ...plugins],
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  // Write beside the target and rename, so a test that runs the CLI while another build finishes
  // never sees a half-written file.
  const [output] = result.outputFiles;
  const tmp = `${outfile}.${process.pid}.tmp`;
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(tmp, output.contents, { mode: 0o755 });
  await chmod(tmp, 0o755);
  await rename(tmp, outfile);
  console.log(`build-cli: ${outfile.slice(root.length + 1)}`);
}

// Each entry is a small launcher (src/cli/launch.ts: Node's compile cache on, then the code file
// beside it) and the code file. `cadenza` on PATH runs under whatever `node` the shell finds first:
// the launcher refuses an old one in plain words before any bundled code (undici 8,
// music-metadata) fails on it obscurely.
for (const name of OWN_FILES) {
  // a module of the package's own name, bundled whole (ESM-only packages become CommonJS)
  const entry = { contents: `export * from ${JSON.stringify(name)};`, sourcefile: name };
  await bundle(entry, resolve(root, 'out/cli', ownFileOf(name)), '', {}, [oneTagMapper]);
}
// a cache of older code of the same length would be believed (V8 checks the length only)
const CODE = resolve(root, 'out/cli/cadenza-code.cjs');
await rm(`${CODE}.cache`, { force: true });
await bundle('src/cli/index.ts', CODE, '', {}, [ownFiles, keytarRequired]);
if (/(?<![\w$.])import\(\s*[^)\s]/.test(await readFile(CODE, 'utf8')))
  throw new Error('build-cli: an import() is left in cadenza-code.cjs (see keytarRequired)');
// `library list` of a found folder the probe cache knows (src/cli/quick-list.ts): answered before
// the CLI's code is read, so it must not pull that code's weight back in
const QUICK = resolve(root, 'out/cli/cadenza-list.cjs');
await bundle('src/cli/quick-list.ts', QUICK, '');
const heavy = /node_modules[\\/](zod|pino|pino-roll|sonic-boom|date-fns)[\\/]/.exec(
  await readFile(QUICK, 'utf8'),
);
if (heavy) throw new Error(`build-cli: cadenza-list.cjs holds ${heavy[1]} (see quick-list.ts)`);
await bundle(
  'src/cli/launch.ts',
  resolve(root, 'out/cli/cadenza.cjs'),
  `#!/usr/bin/env node\n${NODE_GUARD}`,
  {
    __CADENZA_CODE__: JSON.stringify('cadenza-code.cjs'),
    __CADENZA_QUICK__: JSON.stringify('cadenza-list.cjs'),
  },
);
// the worker thread runs inside the CLI's process (already checked)
await bundle(
  'src/main/services/worker-tasks/entry.ts',
  resolve(root, 'out/cli/worker-code.cjs'),
  '',
);
await bundle('src/cli/launch.ts', resolve(root, 'out/cli/worker.cjs'), '', {
  __CADENZA_CODE__: JSON.stringify('worker-code.cjs'),
  __CADENZA_QUICK__: JSON.stringify(''),
});

/** A WAV of a second of silence: a found file for the listing that makes the code cache. */
function silentWav() {
  const rate = 8000;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + rate * 2, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(rate * 2, 40);
  return Buffer.concat([h, Buffer.alloc(rate * 2)]);
}

// V8's code cache of the CLI's code (src/cli/launch.ts): made by two listings of a library with one
// found file in a temporary data folder, the second reading the probe cache the first wrote, so
// the cache holds what a listing compiles. Without it (a failure here) the CLI compiles as before.
const trial = await mkdtemp(join(tmpdir(), 'cadenza-code-cache-'));
try {
  await mkdir(join(trial, 'library'));
  await writeFile(join(trial, 'library', 'found.wav'), silentWav());
  const env = {
    ...process.env,
    CADENZA_HOME: join(trial, 'home'),
    CADENZA_LIBRARY: join(trial, 'library'),
    CADENZA_KEYCHAIN: 'off',
    CADENZA_API_KEY: '',
    CADENZA_LOG_LEVEL: 'silent',
  };
  const args = ['library', 'list', '--json'];
  const first = spawnSync(process.execPath, [resolve(root, 'out/cli/cadenza.cjs'), ...args], {
    env,
  });
  const made = spawnSync(
    process.execPath,
    [resolve(root, 'scripts/cli-code-cache.cjs'), CODE, ...args],
    { env },
  );
  if (first.status !== 0 || made.status !== 0)
    console.warn(`build-cli: no code cache (${made.stderr || first.stderr})`);
  else console.log('build-cli: out/cli/cadenza-code.cjs.cache');
} finally {
  await rm(trial, { recursive: true, force: true });
}
