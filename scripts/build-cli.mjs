// Bundles the CLI (src/cli/index.ts) into one CommonJS file, out/cli/cadenza.cjs, runnable with
// Node 20 as `cadenza` (package.json "bin"). keytar stays external: it is a native module loaded
// lazily from node_modules, and the CLI works without it (CADENZA_API_KEY).
import { build } from 'esbuild';
import { chmod, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(root, 'out/cli/cadenza.cjs');
const pkg = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));

await build({
  entryPoints: [resolve(root, 'src/cli/index.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  alias: { '@shared': resolve(root, 'src/shared') },
  external: ['keytar', 'electron'],
  banner: { js: '#!/usr/bin/env node' },
  define: { __CADENZA_VERSION__: JSON.stringify(pkg.version) },
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
console.log(`build-cli: ${outfile.slice(root.length + 1)}`);
