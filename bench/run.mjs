#!/usr/bin/env node
// Runs every bench/*.bench.ts in its own Node process (via tsx) and lets each print its figures.
// Usage: npm run bench            (all)
//        npm run bench -- library (only files whose name contains "library")
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const filter = process.argv[2] ?? '';
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file} ==`);
  // vite-glob.cjs: main's catalogs are listed with Vite's import.meta.glob, which tsx has not
  const args = ['--expose-gc', '--import', 'tsx', '--require', join(here, 'support/vite-glob.cjs')];
  const res = spawnSync(process.execPath, [...args, join(here, file)], {
    cwd: root,
    stdio: 'inherit',
    // The benches' emulator serves media on loopback, which the address guard refuses without
    // its documented opt-in (docs/security.md).
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: join(root, 'tsconfig.node.json'),
      CADENZA_ALLOW_LOOPBACK: '1',
    },
  });
  if (res.status !== 0) {
    failed += 1;
    console.log(`${file} failed (exit ${res.status ?? res.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
