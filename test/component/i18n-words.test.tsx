/**
 * Words main and shared used to build in English (issue 27): they reach the renderer as data or
 * keys, and the renderer says them in the app's language, plural forms included.
 */
import { describe, expect, it } from 'vitest';
import { askedFor } from '../../src/shared/ipc/jobs';
import { askedInWords } from '../../src/renderer/panels/jobs/format';
import { switchLanguage } from '../../src/renderer/i18n';

const noTitle = (): null => null;

describe('what a job asked for', () => {
  it('labels its files in the plural form of their count, in the app’s language', async () => {
    const one = askedFor({ filePath: '/m/a.mp3' }).find((a) => a.label === 'Files')!;
    const two = askedFor({ files: [{ name: 'a.wav' }, { name: 'b.wav' }] }).find(
      (a) => a.label === 'Files',
    )!;
    expect(one.count).toBe(1);
    expect(two.count).toBe(2);
    expect(askedInWords(one, noTitle).label).toBe('File');
    expect(askedInWords(two, noTitle).label).toBe('Files');
    await switchLanguage('de');
    expect(askedInWords(one, noTitle).label).toBe('Datei');
    expect(askedInWords(two, noTitle).label).toBe('Dateien');
    // a record of an earlier version still says "File"
    expect(askedInWords({ label: 'File', value: 'a.mp3' }, noTitle).label).toBe('Datei');
  });
});
