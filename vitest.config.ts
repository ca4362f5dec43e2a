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
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
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
