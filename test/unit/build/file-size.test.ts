/**
 * Issue 25, point 6: no source file over 400 lines. A file that grows past it is split by
 * responsibility (a component, a helper, a table moves out), not into "part 2".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

const linesOf = (path: string): number => readFileSync(path, 'utf8').split('\n').length - 1;

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = sources(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((f) => ({ file: relative(ROOT, f), lines: linesOf(f) }))
      .filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
