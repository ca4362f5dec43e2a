/**
 * Floors (docs/architecture.md, "Floors"): inside these trees a folder imports only the floors
 * below it, so no two folders reach each other through imports — type-only imports, re-exports
 * and dynamic `import()` included. A cycle fails here with the edges that make it.
 * Lint rules cover what a folder-level check cannot see (one CLI command importing another).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles } from '../../../scripts/import-graph.mjs';

/**
 * The trees held free of folder cycles. In src/renderer: lib/, components/ and the playback
 * engine (playback/) below the stores, the stores below the player bar, readiness and panels, app/
 * on top (panels never import each other: a lint rule, as a folder check cannot see it).
 */
const ROOTS_WITHOUT_FOLDER_CYCLES = ['src/main/services', 'src/cli', 'src/renderer'];

const describeCycles = (root: string, repoRoot?: string): string[] =>
  folderCycles(root, repoRoot).map(
    (c) => `in ${c.folder}: ${c.entries.join(', ')}\n    ${c.edges.join('\n    ')}`,
  );

describe('import floors', () => {
  it.each(ROOTS_WITHOUT_FOLDER_CYCLES)('%s: no folder imports another in a cycle', (root) => {
    expect(describeCycles(root)).toEqual([]);
  });

  describe('the check itself', () => {
    const repo = mkdtempSync(join(tmpdir(), 'cadenza-floors-'));
    afterAll(() => rmSync(repo, { recursive: true, force: true }));
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    };

    it('finds a cycle made of a type-only import, a re-export and a dynamic import', () => {
      write('cyclic/a/x.ts', "import type { Z } from '../c/z';\nexport type X = Z;\n");
      write('cyclic/b/y.ts', "export * from '../a/x';\n");
      write('cyclic/c/z.ts', "export type Z = string;\nexport const y = () => import('../b/y');\n");
      write('cyclic/d/w.ts', "import { y } from '../c/z';\nexport const w = y;\n");
      const cycles = folderCycles('cyclic', repo);
      expect(cycles.map((c) => c.entries)).toEqual([['a', 'b', 'c']]);
      expect(cycles[0]!.edges).toContain('a → c (cyclic/a/x.ts → cyclic/c/z.ts)');
    });

    it('finds one in a nested folder, and none where imports only go down', () => {
      write('nested/feature/one/a.ts', "import { b } from '../two/b';\nexport const a = b;\n");
      write(
        'nested/feature/two/b.ts',
        "export const b = 1;\nexport type A = typeof import('../one/a');\n",
      );
      write('nested/ground/c.ts', 'export const c = 1;\n');
      write(
        'nested/top.ts',
        "import { a } from './feature/one/a';\nimport { c } from './ground/c';\nexport const t = a + c;\n",
      );
      expect(folderCycles('nested', repo).map((c) => [c.folder, c.entries])).toEqual([
        ['nested/feature', ['one', 'two']],
      ]);
      write('nested/feature/two/b.ts', 'export const b = 1;\n');
      expect(folderCycles('nested', repo)).toEqual([]);
    });
  });
});
