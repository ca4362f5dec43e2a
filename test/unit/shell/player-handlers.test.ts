/** player:* — the levelling setting in main's settings store (on at −14 LUFS when never set). */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../src/main/services/settings';
import { playerHandlers } from '../../../src/main/shell/handlers/player';
import type { HandlerContext } from '../../../src/main/shell/ipc';

let dir: string;
const ctx = {} as HandlerContext;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-player-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('player handlers', () => {
  it('answers levelling on at -14 LUFS for a settings file from before the setting, and saves changes', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ schema_version: 1, baseUrl: 'https://api.cadenza.example' }),
    );
    const settings = createSettingsStore(dir, {}, { defaultLibraryDir: join(dir, 'lib') });
    const h = playerHandlers(settings);
    expect(await h.levelling(ctx)).toEqual({ enabled: true, targetLufs: -14 });
    expect(await h.setLevelling(ctx, { enabled: false })).toEqual({
      enabled: false,
      targetLufs: -14,
    });
    expect(await h.setLevelling(ctx, { targetLufs: -18 })).toEqual({
      enabled: false,
      targetLufs: -18,
    });
    const saved = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({
      schema_version: 1,
      levelLoudness: false,
      loudnessTargetLufs: -18,
    });
    // another process reading the same file sees it
    const other = createSettingsStore(dir, {}, { defaultLibraryDir: join(dir, 'lib') });
    expect(await playerHandlers(other).levelling(ctx)).toEqual({ enabled: false, targetLufs: -18 });
    await expect(h.setLevelling(ctx, { targetLufs: 3 })).rejects.toThrow();
  });
});
