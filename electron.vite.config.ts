import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { COLLECTOR, shareTagMapper } from './scripts/music-metadata-patch.mjs';

const alias = { '@shared': resolve(__dirname, 'src/shared') };
const ESM_ONLY_DEPS = [
  'music-metadata',
  'mpg123-decoder',
  '@wasm-audio-decoders/flac',
  '@wasm-audio-decoders/ogg-vorbis',
  'ogg-opus-decoder',
  '@breezystack/lamejs',
];

/**
 * LGPL-3.0 libraries (docs/licences.md): each is bundled into a chunk file of its own,
 * `out/main/chunks/lgpl-<name>-<hash>.js`, unminified, so a user can replace it with a modified
 * version of the library without rebuilding Cadenza.
 */
const LGPL_DEPS = ['codec-parser', '@breezystack/lamejs'];
const lgplChunk = (id: string): string | undefined => {
  const dep = LGPL_DEPS.find((name) => id.includes(`/node_modules/${name}/`));
  return dep ? `lgpl-${dep.replace(/^@[^/]+\//, '')}` : undefined;
};

/** One music-metadata tag mapper for every parse, as in the CLI (scripts/music-metadata-patch.mjs). */
const oneTagMapper: Plugin = {
  name: 'one-tag-mapper',
  transform: (code, id) =>
    COLLECTOR.test(id) ? { code: shareTagMapper(code, id), map: null } : null,
};

export default defineConfig({
  main: {
    // music-metadata and the WASM decoders are ESM-only: bundled into the CommonJS main build (the
    // CLI's esbuild bundle takes them in too), so neither loads them with require() at run time
    plugins: [externalizeDepsPlugin({ exclude: [...ESM_ONLY_DEPS] }), oneTagMapper],
    resolve: { alias },
    build: {
      outDir: 'out/main',
      // the worker thread's entry is its own file beside index.js (services/worker/client.ts)
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          worker: resolve(__dirname, 'src/main/services/worker-tasks/entry.ts'),
        },
        // ogg-opus-decoder's optional speech enhancer (4 MB): never enabled, so never shipped
        external: ['@wasm-audio-decoders/opus-ml'],
        output: { manualChunks: lgplChunk },
      },
    },
  },
  preload: {
    // A sandboxed preload must be a single CommonJS file that requires only `electron`.
    resolve: { alias },
    build: {
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', inlineDynamicImports: true, entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias },
    plugins: [react()],
    base: './',
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // minified, with source maps beside the chunks so forwarded renderer errors stay readable
      minify: true,
      sourcemap: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
