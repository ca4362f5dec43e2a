/**
 * Security: names from a service answer or a file on disk cannot hide what they are. Bidi controls
 * ("song\u202Egpj.mp3" would show as "song3pm.jpg") and zero-width characters are removed from file
 * names Cadenza writes and from the titles and names the renderer shows.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeBaseName } from '../../../src/main/services/library/names';
import { toLibraryItemView } from '../../../src/shared/ipc/library';
import type { LibraryItem } from '../../../src/shared/domain/library';

const HIDDEN = [
  '\u202E', // right-to-left override
  '\u202D',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u2066', // isolates
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E', // marks
  '\u200F',
  '\u061C',
  '\u200B', // zero-width space, joiners, word joiner, BOM
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
];

describe('invisible characters', () => {
  it('are stripped from file names', () => {
    expect(sanitizeBaseName('Invoice\u202Egpj.exe')).toBe('Invoicegpj.exe');
    for (const ch of HIDDEN) expect(sanitizeBaseName(`Night${ch}Drive`)).toBe('NightDrive');
    expect(sanitizeBaseName('\u200B\u202E')).toBe('Untitled');
  });

  it('keep ordinary right-to-left text readable', () => {
    expect(sanitizeBaseName('שיר הלילה')).toBe('שיר הלילה');
    expect(sanitizeBaseName('أغنية')).toBe('أغنية');
  });

  it('are stripped from the titles and file names the renderer is shown', () => {
    const item = {
      id: 'song-1',
      kind: 'song',
      title: 'Rain\u202Ewav.exe',
      file: 'Rain\u200B.mp3',
      created_at: '2026-11-24T10:00:00Z',
      service_ids: {},
      schema_version: 1,
    } as unknown as LibraryItem;
    const view = toLibraryItemView(item);
    expect(view.title).toBe('Rainwav.exe');
    expect(view.file).toBe('Rain\u200B.mp3'); // the real name on disk, used to address the file
    expect(JSON.stringify(view.title)).not.toMatch(/\\u20/);
  });
});
