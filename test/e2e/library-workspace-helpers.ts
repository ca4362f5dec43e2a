/**
 * The Library workspace's seeded folder (issue 31): three takes of "Harbour Lights" (one
 * variation group), four songs (one with a cover, one titled in NFD), shared by the e2e spec and the
 * screenshots.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { toneWav } from '../support/media-fixtures';
import { expect } from './fixtures';

interface Seed {
  id: string;
  title: string;
  file: string;
  seconds: number;
  group?: string;
  cover?: boolean;
}

/** "Café Tide" with a combining accent (NFD) in its sidecar: the playlist must say it in NFC. */
const CAFE_NFD = 'Cafe\u0301 Tide';
export const CAFE = CAFE_NFD.normalize('NFC');

const SEEDS: Seed[] = [
  { id: 'itm_ws_take1', title: 'Harbour Lights', file: 'Harbour Lights 1.wav', seconds: 4, group: 'vg_harbour' },
  { id: 'itm_ws_take2', title: 'Harbour Lights', file: 'Harbour Lights 2.wav', seconds: 5, group: 'vg_harbour' },
  { id: 'itm_ws_take3', title: 'Harbour Lights', file: 'Harbour Lights 3.wav', seconds: 6, group: 'vg_harbour' },
  { id: 'itm_ws_paper', title: 'Paper Boats', file: 'Paper Boats.wav', seconds: 3, cover: true },
  { id: 'itm_ws_lowtide', title: 'Low Tide', file: 'Low Tide.wav', seconds: 2 },
  { id: 'itm_ws_cafe', title: CAFE_NFD, file: `${CAFE}.wav`, seconds: 3 },
  { id: 'itm_ws_salt', title: 'Salt Window', file: 'Salt Window.wav', seconds: 2 },
]; // prettier-ignore

/** Writes the seeds into the library folder (each a minute after the one before: take N is file N). */
export async function seedWorkspace(library: string): Promise<void> {
  await mkdir(library, { recursive: true });
  for (const [i, s] of SEEDS.entries()) {
    await writeFile(join(library, s.file), toneWav(s.seconds));
    let coverFile: string | null = null;
    if (s.cover) {
      coverFile = s.file.replace(/\.wav$/, '.png');
      execFileSync('ffmpeg', [
        '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '1',
        join(library, coverFile),
      ]); // prettier-ignore
    }
    await writeFile(
      join(library, `${s.file}.json`),
      JSON.stringify({
        schema_version: 1,
        id: s.id,
        kind: 'song',
        title: s.title,
        prompt: 'warm lo-fi with soft rain',
        tags: ['lo-fi'],
        duration_ms: s.seconds * 1000,
        variation_group: s.group ?? null,
        cover_file: coverFile,
        created_at: new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString(),
      }),
    );
  }
}

/** A row of the list by its title (and take number, for takes). */
export const row = (list: Locator, title: string, take?: number): Locator =>
  list.getByRole('option', {
    name: new RegExp(
      `^${title === CAFE ? 'Caf(?:é|e\u0301) Tide' : title}\\b.*${take ? `\\btake ${take}\\b` : ''}`,
      'i',
    ),
  });

export const SEED_COUNT = SEEDS.length;

/** Opens the Library and waits for every seeded row. */
export async function openLibrary(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Library/ })
    .click();
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option')).toHaveCount(SEED_COUNT, { timeout: 30_000 });
  return list;
}
