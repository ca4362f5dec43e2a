/**
 * The rhyme helper from the built main bundle (issue 32, point 5): `cmu-pronouncing-dictionary` is
 * ESM-only and main's bundle is CommonJS, so the packaged app must load it with a real dynamic
 * `import()` from an external package (it is a dependency, shipped in node_modules), not a
 * `require()` or a broken inline copy. The test builds main exactly as `npm run build` does
 * (electron-vite's resolved main config: the same plugins, externals, chunks and output format),
 * with the rhyme service as one more named entry so its exports can be reached; main's index.js
 * then requires that very file. Node requires the built file and asks it for a rhyme.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from 'electron-vite';
import { build, mergeConfig, type InlineConfig } from 'vite';
import type { RhymeService } from '../../../src/main/services/rhymes';

const root = resolve(__dirname, '../../..');
// inside the repository, as out/main is: the dictionary resolves from node_modules beside it
const outDir = join(root, 'out', `test-rhymes-${process.pid}`);

beforeAll(async () => {
  const { config } = await resolveConfig({ root, logLevel: 'warn' }, 'build', 'production');
  if (!config?.main) throw new Error('electron-vite resolved no main config');
  await build(
    mergeConfig(config.main as InlineConfig, {
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        rollupOptions: {
          input: { 'rhymes-service': join(root, 'src/main/services/rhymes/index.ts') },
        },
      },
    }),
  );
}, 240_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the built main bundle', () => {
  it('loads the ESM-only pronouncing dictionary on the first question and answers rhymes', async () => {
    const index = readFileSync(join(outDir, 'index.js'), 'utf8');
    // main's own entry uses this built rhyme service, not another copy
    expect(index).toContain('require("./rhymes-service.js")');
    const built = readFileSync(join(outDir, 'rhymes-service.js'), 'utf8');
    // kept external and imported, never required or inlined (4.7 MB)
    expect(built).toMatch(/\bimport\(["']cmu-pronouncing-dictionary["']\)/);
    expect(built.length).toBeLessThan(50_000);

    const { createRhymes } = createRequire(join(outDir, 'index.js'))('./rhymes-service.js') as {
      createRhymes: () => RhymeService;
    };
    const rhymes = createRhymes();
    const night = await rhymes.find('night');
    expect(night).toMatchObject({ word: 'night', known: true, syllables: 1 });
    expect(night.rhymes).toEqual(expect.arrayContaining(['light', 'bright', 'fight']));
    expect((await rhymes.find('heart')).rhymes).toContain('start');
  }, 120_000);
});
