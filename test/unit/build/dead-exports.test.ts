import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** None are left: a new export that nothing uses fails the test (delete it, or un-export it). */
const CEILING = 0;

describe('dead exports', () => {
  it(`src/ has at most ${CEILING} exports that nothing uses`, () => {
    const out = execFileSync(process.execPath, ['scripts/dead-exports.mjs'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const dead = out.trim().split('\n').filter(Boolean);
    expect(dead.length, `exports nothing uses:\n${dead.join('\n')}`).toBeLessThanOrEqual(CEILING);
  }, 120_000);
});
