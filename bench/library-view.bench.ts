/**
 * The Library view with 10,000 items in the built app (see library-view.pw.ts for what is
 * measured). It runs under Playwright's test runner, which compiles code that is serialised into
 * the page correctly; this launcher only starts it and passes its exit status on.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const cli = join(root, 'node_modules/@playwright/test/cli.js');
const res = spawnSync(
  process.execPath,
  [cli, 'test', '--config', join(root, 'bench/playwright.bench.config.ts'), 'library-view.pw.ts'],
  { cwd: root, stdio: 'inherit', env: process.env },
);
if (res.error) console.error(`could not start Playwright's runner: ${res.error.message}`);
if (res.status !== 0) console.error(`library-view bench failed (exit ${res.status ?? res.signal})`);
process.exit(res.status ?? 1);
