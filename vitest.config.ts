import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': resolve(__dirname, 'src/shared') };
// The emulator and test servers listen on loopback, which the address guard refuses unless this
// documented opt-in is set (docs/security.md). Tests of the guard itself clear it.
const env = { CADENZA_ALLOW_LOOPBACK: '1' };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // the real preload runs in the component tests' jsdom window over an in-process main
        resolve: {
          alias: {
            ...alias,
            electron: resolve(__dirname, 'test/component/support/preload-electron.ts'),
          },
        },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          // a real main (temp folders, the emulator) answers: slower than a fake, on shared cores
          testTimeout: 30_000,
          hookTimeout: 30_000,
          setupFiles: ['test/component/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'keychain',
          include: ['test/keychain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
