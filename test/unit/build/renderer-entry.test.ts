/**
 * What the renderer's first screen loads: the static import graph from src/renderer/app/main.tsx
 * (dynamic `import()` starts a lazy chunk and is not followed). Zod (about 90 KB minified), howler
 * (36 KB) and the panels stay out of it, so the entry script stays near its 300 KB budget
 * (docs/performance.md; the built size is printed by `npm run build`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryGraph, root, valueSpecifiers } from '../../support/renderer-graph';

describe('the renderer entry', () => {
  it('reaches the app shell and the player, not zod', () => {
    const { modules, packages } = entryGraph();
    const rel = [...modules].map((m) => m.slice(root.length + 1));
    expect(rel).toContain('src/renderer/app/App.tsx');
    expect(packages).toContain('react');
    const zodModules = rel.filter((m) => /from 'zod'/.test(readFileSync(join(root, m), 'utf8')));
    expect(zodModules).toEqual([]);
    expect(packages).not.toContain('zod');
    // the audio engine loads on the first play or when the window is idle (playback/engine.ts)
    expect(packages).not.toContain('howler');
    // the library item picker serves panels loaded on demand only
    expect(rel).not.toContain('src/renderer/components/ItemPicker.tsx');
  });

  it('sees a value import as one and a type-only import as none', () => {
    expect(valueSpecifiers("import type { A } from 'zod';\nimport { type B } from './b';")).toEqual(
      [],
    );
    expect(valueSpecifiers("import { type A, b } from 'zod';\nexport { c } from './c';")).toEqual([
      'zod',
      './c',
    ]);
  });
});
