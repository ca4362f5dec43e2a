/**
 * The renderer's first-screen import graph, read from the source: the static value imports from
 * src/renderer/app/main.tsx (a dynamic `import()` starts a lazy chunk and is not followed).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const root = resolve(__dirname, '../..');

/** Value imports and re-exports of a module (type-only ones are erased by the compiler). */
export function valueSpecifiers(text: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'|^import\s+'([^']+)'/gms;
  for (const m of text.matchAll(re)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    if (m[1]) continue;
    const clause = m[2] ?? '';
    const braced = /\{([^}]*)\}/.exec(clause);
    const outsideBraces = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    const names = braced
      ? braced[1]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
    if (outsideBraces || names.some((n) => !n.startsWith('type '))) out.push(m[3]!);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@shared/')
    ? join(root, 'src/shared', spec.slice('@shared/'.length))
    : resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && candidate.match(/\.(ts|tsx|css)$/)) return candidate;
  return null;
}

/** Every module and package the entry reaches through static value imports. */
export function entryGraph(): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(root, 'src/renderer/app/main.tsx')];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    if (file.endsWith('.css')) continue;
    for (const spec of valueSpecifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('@shared/')) {
        const local = resolveLocal(file, spec);
        if (local) pending.push(local);
      } else {
        packages.add(
          spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!,
        );
      }
    }
  }
  return { modules, packages };
}
