import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTOR, shareTagMapper } from '../../../scripts/music-metadata-patch.mjs';

// music-metadata's package.json exports no ./lib paths: find the file from its main entry
const require = createRequire(import.meta.url);
const libDir = dirname(require.resolve('music-metadata'));
const collector = join(libDir, 'common', 'MetadataCollector.js');

describe('the shared music-metadata tag mapper (CLI and app bundles)', () => {
  it('matches the installed collector and patches it to build one mapper', () => {
    expect(COLLECTOR.test(collector)).toBe(true);
    const patched = shareTagMapper(readFileSync(collector, 'utf8'), collector);
    expect(patched).toContain('sharedTagMapper ??= new CombinedTagMapper()');
    expect(patched).not.toContain('tagMapper = new CombinedTagMapper();');
  });

  it('fails the build when the line it replaces is gone', () => {
    expect(() => shareTagMapper('export class MetadataCollector {}', collector)).toThrow(
      /no longer says/,
    );
  });

  it('is applied by both builds', () => {
    const root = join(import.meta.dirname, '../../..');
    for (const config of ['electron.vite.config.ts', 'scripts/build-cli.mjs'])
      expect(readFileSync(join(root, config), 'utf8')).toMatch(/shareTagMapper\(/);
  });
});
