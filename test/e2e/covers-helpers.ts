/**
 * Shared steps of the covers, singers and videos specs (the key and the panels from app-helpers), the library folder's
 * files and sidecars, and whether the app's own media element loaded its `cadenza-media://` URL.
 */
import Module from 'node:module';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import type { Sidecar } from '../../src/shared/domain/library';
import { expect, MAIN_JS } from './fixtures';

export { openPanel, pickFromLibrary, setKey, sha } from './app-helpers';

export interface LibraryEntry {
  /** Media file name in the library folder. */
  file: string;
  bytes: Buffer;
  sidecar: Sidecar;
}

/** Every media file in the library folder that has a sidecar beside it, with both read. */
export async function libraryEntries(libraryDir: string, ext?: string): Promise<LibraryEntry[]> {
  const names = await readdir(libraryDir);
  const media = names.filter(
    (n) =>
      !n.endsWith('.json') &&
      !n.startsWith('.') &&
      names.includes(`${n}.json`) &&
      (!ext || n.endsWith(`.${ext}`)),
  );
  return Promise.all(
    media.map(async (file) => ({
      file,
      bytes: await readFile(join(libraryDir, file)),
      sidecar: JSON.parse(await readFile(join(libraryDir, `${file}.json`), 'utf8')) as Sidecar,
    })),
  );
}

/** Length of an MP3 made of the emulator's 96-byte, 24 ms frames. */
export function emulatorMp3Ms(file: Buffer): number {
  // the library tags what it saves: the service's frames follow the ID3v2 tag
  const tagEnd =
    file.subarray(0, 3).toString('latin1') === 'ID3'
      ? 10 + ((file[6]! << 21) | (file[7]! << 14) | (file[8]! << 7) | file[9]!)
      : 0;
  return ((file.length - tagEnd) / 96) * 24;
}

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;

interface DoubleProtocol {
  fetch(url: string): Promise<Response>;
}
/** main's cadenza-media handler (the double's protocol), or undefined with real Electron. */
const doubleProtocol = (): DoubleProtocol | undefined =>
  useRealElectron
    ? undefined
    : (Module.createRequire(MAIN_JS)('electron') as { protocol: DoubleProtocol }).protocol;

/** The bytes main's cadenza-media handler serves for an element's src (undefined with real Electron). */
export async function servedBytes(el: Locator): Promise<Buffer | undefined> {
  return servedBytesOf((await el.getAttribute('src')) ?? '');
}

/** The bytes main's cadenza-media handler serves for a library URL (undefined with real Electron). */
export async function servedBytesOf(src: string): Promise<Buffer | undefined> {
  expect(src).toMatch(/^cadenza-media:\/\/library\//);
  const protocol = doubleProtocol();
  if (!protocol) return undefined;
  const res = await protocol.fetch(src);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

type PageMedia = {
  readyState: number;
  duration: number;
  error: { code: number } | null;
  currentSrc: string;
};

/** Waits until the app's own <audio>/<video> has loaded its metadata (readyState ≥ 1) with no error; answers its duration in seconds. */
export async function expectLoaded(el: Locator): Promise<number> {
  await expect
    .poll(
      () =>
        el.evaluate((node) => {
          const m = node as unknown as PageMedia;
          return m.error ? -m.error.code : m.readyState;
        }),
      {
        timeout: 15_000,
        message: 'the media element loads its metadata (negative: a MediaError code)',
      },
    )
    .toBeGreaterThanOrEqual(1);
  return el.evaluate((node) => (node as unknown as PageMedia).duration);
}

/** The Make a cover card's singer list (searchable): the titles it offers for `typed`. */
export async function singersOffered(card: Locator, typed = ''): Promise<string[]> {
  const field = card.getByRole('combobox', { name: 'Singer' });
  await field.click();
  await field.fill(typed);
  const titles = await card.getByRole('listbox').locator('.picker-title').allTextContents();
  await field.press('Escape');
  return titles;
}

/** Chooses a singer in the Make a cover card by typing its name and pressing Enter. */
export async function pickSinger(card: Locator, name: string): Promise<void> {
  const field = card.getByRole('combobox', { name: 'Singer' });
  await field.click();
  await field.fill(name);
  await expect(card.getByRole('listbox').locator('.picker-title').first()).toHaveText(name);
  await field.press('Enter');
  await expect(field).toHaveValue(name);
}
