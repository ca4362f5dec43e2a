// Bundles the CLI (src/cli/index.ts) into one CommonJS file, out/cli/cadenza.cjs, runnable with
// Node 22.19+ as `cadenza` (package.json "bin"), and the worker thread's entry beside it,
// out/cli/worker.cjs (src/main/services/worker). keytar stays external: it is a native module loaded
// lazily from node_modules, and the CLI works without it (CADENZA_API_KEY).
import { build } from 'esbuild';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));
const [minMajor, minMinor] = pkg.engines.node.replace(/^>=/, '').split('.').map(Number);
const NODE_GUARD = `{const [a, b] = process.versions.node.split('.').map(Number);
if (a < ${minMajor} || (a === ${minMajor} && b < ${minMinor})) {
  process.stderr.write('cadenza: needs Node ${minMajor}.${minMinor} or newer (this is ' + process.versions.node + '); run it with npx cadenza inside the project, or install a newer Node\\n');
  process.exit(1);
}}`;

async function bundle(entry, outfile, banner) {
  const result = await build({
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    alias: { '@shared': resolve(root, 'src/shared') },
    // opus-ml: ogg-opus-decoder's optional speech enhancer (4 MB), never enabled
    external: ['keytar', 'electron', '@wasm-audio-decoders/opus-ml'],
    banner: { js: banner },
    define: { __CADENZA_VERSION__: JSON.stringify(pkg.version) },
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

// `cadenza` on PATH runs under whatever `node` the shell finds first: refuse an old one in plain
// words before any bundled code (undici 8, music-metadata) fails on it obscurely.
await bundle(
  'src/cli/index.ts',
  resolve(root, 'out/cli/cadenza.cjs'),
  `#!/usr/bin/env node\n${NODE_GUARD}`,
);
// the worker thread runs inside the CLI's process (already checked)
await bundle('src/main/services/worker-tasks/entry.ts', resolve(root, 'out/cli/worker.cjs'), '');
