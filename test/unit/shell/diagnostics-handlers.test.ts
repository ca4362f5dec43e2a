import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invokeContract } from '@shared/ipc/contract';
import { RENDERER_ERROR_LIMITS } from '@shared/ipc/diagnostics';
import { openLog, rememberSecret, type OpenedLog } from '../../../src/main/services/log';
import { createRendererErrorLog } from '../../../src/main/shell/handlers/diagnostics';

let dir: string;
let opened: OpenedLog;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-renderer-errors-'));
  opened = await openLog({ dir, name: 'main', level: 'info' });
});
afterEach(async () => {
  await opened.close();
  await rm(dir, { recursive: true, force: true });
});

async function lines(): Promise<{ msg: string; component: string; dropped?: number }[]> {
  opened.flush();
  const text = (
    await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))
  ).join('');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; component: string });
}

describe('renderer errors in main', () => {
  it('the contract refuses oversized or unexpected fields before any handler runs', () => {
    const args = invokeContract.diagnostics.reportRendererError.args;
    const ok = { kind: 'error', message: 'boom', stack: 'at x', line: 1, column: 2 };
    expect(args.safeParse([ok]).success).toBe(true);
    const long = 'x'.repeat(RENDERER_ERROR_LIMITS.message + 1);
    expect(args.safeParse([{ ...ok, message: long }]).success).toBe(false);
    expect(
      args.safeParse([{ ...ok, stack: 'y'.repeat(RENDERER_ERROR_LIMITS.stack + 1) }]).success,
    ).toBe(false);
    expect(args.safeParse([{ ...ok, path: '/etc/passwd' }]).success).toBe(false);
    expect(args.safeParse([{ ...ok, kind: 'warning' }]).success).toBe(false);
  });

  it('logs them under "renderer", at most `max` per window, then says how many it dropped', async () => {
    let now = 0;
    const logError = createRendererErrorLog({ max: 3, windowMs: 1000, now: () => now });
    const accepted = Array.from({ length: 10 }, (_, i) =>
      logError({ kind: i % 2 ? 'unhandledrejection' : 'error', message: `failure ${i}` }),
    );
    expect(accepted).toEqual([true, true, true, false, false, false, false, false, false, false]);
    now = 1500;
    expect(logError({ kind: 'error', message: 'after the window' })).toBe(true);

    const logged = await lines();
    expect(logged.map((l) => l.msg)).toEqual([
      'renderer error: failure 0',
      'renderer unhandled rejection: failure 1',
      'renderer error: failure 2',
      'renderer errors were not logged (too many)',
      'renderer error: after the window',
    ]);
    expect(logged.every((l) => l.component === 'renderer')).toBe(true);
    expect(logged[3]?.dropped).toBe(7);
  });

  it('never writes the key a renderer error carries', async () => {
    const key = 'renderer-key-77aa99bb11';
    rememberSecret(key);
    createRendererErrorLog()({ kind: 'error', message: `fetch failed for ${key}`, stack: key });
    const text = JSON.stringify(await lines());
    expect(text).toContain('fetch failed for [redacted]');
    expect(text).not.toContain(key);
  });
});
