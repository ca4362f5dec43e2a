import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Dead exports left when this gate was added; a new one fails the test (lower it as they go). */
const CEILING = 21;

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
