/**
 * Words main and shared used to build in English (issue 27): they reach the renderer as data or
 * keys, and the renderer says them in the app's language, plural forms included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askedFor } from '../../src/shared/ipc/jobs';
import { askedInWords } from '../../src/renderer/panels/jobs/format';
import { screen } from '@testing-library/react';
import { fieldText, localError, switchLanguage } from '../../src/renderer/i18n';
import { removeKey, resetAccountStore } from '../../src/renderer/stores/account';
import { renameSinger, resetCoversStore } from '../../src/renderer/stores/covers';
import { fieldMessage } from '../../src/renderer/panels/account/format';
import { accountPanel } from '../../src/renderer/panels/account';
import { exportedMessage } from '../../src/renderer/panels/shared/ExportDialog';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { appError } from '@shared/app-error';
import { englishText } from '@shared/i18n/english';
import { jobRecord, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

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

describe('a job’s failure, in the app’s language', () => {
  it('says an interrupted job, a result cancelled before the end and "1 of 2 failed" in German', async () => {
    // as main's records say them (test/unit/i18n/job-words.test.ts checks main writes these)
    const interrupted = jobRecord({
      label: 'Unterbrochen',
      state: 'interrupted',
      error: appError('cancelled', 'errors:jobs.interrupted').toShape(),
    });
    const half = jobRecord({
      label: 'Halb',
      error: appError('in_band', 'errors:jobs.someFailed', { count: 1, total: 2 }).toShape(),
      outputs: [
        {
          serviceId: 's1',
          status: 'failed',
          libraryKind: 'song',
          failReason: englishText('errors:jobs.cancelledRest'),
          failReasonKey: { key: 'errors:jobs.cancelledRest' },
        },
        { serviceId: 's2', status: 'saved', libraryKind: 'song' },
      ],
    });
    const view = await renderMain({
      key: TEST_KEY,
      settings: { language: 'de' },
      panels: [accountPanel, jobsPanel],
      jobs: () => [interrupted, half],
    });
    await view.user.click(screen.getByRole('button', { name: /Aufträge/ }));
    const one = await screen.findByRole('listitem', { name: 'Unterbrochen' });
    expect(one).toHaveTextContent('möglicherweise wurde schon abgerechnet');
    expect(one).not.toHaveTextContent('may have been charged');
    const two = await screen.findByRole('listitem', { name: 'Halb' });
    expect(two).toHaveTextContent(
      '1 von 2 Ergebnissen ist fehlgeschlagen. Abgebrochen, bevor der Dienst fertig war.',
    );
    expect(two).not.toHaveTextContent('Cancelled');
  });
});

describe('words a store keeps are said in the language of the moment', () => {
  afterEach(() => {
    resetAccountStore();
    resetCoversStore();
  });

  it('a notice made in English reads German after a switch to German, and back', async () => {
    await renderMain({ key: TEST_KEY, settings: { language: 'en' }, panels: [accountPanel] });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(await removeKey()).toBe(true);
    expect(await screen.findByText('Key removed.')).toBeInTheDocument();
    await switchLanguage('de');
    expect(await screen.findByText('Schlüssel entfernt.')).toBeInTheDocument();
    expect(screen.queryByText('Key removed.')).toBeNull();
    await switchLanguage('en');
    expect(await screen.findByText('Key removed.')).toBeInTheDocument();
  });

  it('a form problem found in the renderer keeps English words and says the language shown', async () => {
    await renderMain({ key: TEST_KEY, panels: [accountPanel] });
    await switchLanguage('de');
    const refused = await renameSinger('job_1', '   '); // made while German
    const local = localError('validation', 'songs:create.drop.noRecipe', { name: 'a.wav' });
    expect(refused?.message).toBe(englishText('covers:errors.noName'));
    expect(fieldText(refused, 'name')).not.toBe(englishText('covers:errors.noName'));
    await switchLanguage('en');
    expect(fieldText(refused, 'name')).toBe(englishText('covers:errors.noName'));
    expect(local.message).toBe('“\u2068a.wav\u2069” carries no Cadenza settings to reuse.');
  });
});

describe('an export’s notes, kept by key', () => {
  it('say the left-out cover in the language shown, the item’s title isolated', async () => {
    await renderMain({ key: TEST_KEY, panels: [accountPanel] });
    const result = {
      exportId: 'x',
      folder: '/music',
      files: ['Big Cover.flac'],
      reencoded: 1,
      notes: [{ title: 'Big Cover', key: 'edit:notes.flacCover', params: { mb: 17.8 } }],
    };
    expect(exportedMessage(result)).toBe(
      '1 file exported to \u2068/music\u2069. \u2068Big Cover\u2069: the cover (17.8 MB) is larger than FLAC can hold (16 MB), so it was left out.',
    );
    await switchLanguage('de');
    expect(exportedMessage(result)).toContain('das Cover-Bild (17,8 MB)');
    await switchLanguage('en');
  });
});

describe('a form field’s message from main, in the app’s language', () => {
  it('the key field (Account, first run) says main’s keyed message in German', async () => {
    await renderMain({ key: TEST_KEY, panels: [accountPanel] });
    const refused = appError(
      'validation',
      'errors:covers.linksUnmeasured',
      {},
      {
        fields: { key: englishText('errors:covers.linksUnmeasured') },
        fieldKeys: { key: { key: 'errors:covers.linksUnmeasured' } },
      },
    ).toShape();
    expect(fieldMessage(refused, ['key'])).toBe('The links could not be measured.');
    await switchLanguage('de');
    expect(fieldMessage(refused, ['key'])).toBe(
      'Die Länge der Links konnte nicht gemessen werden. Es wurde nichts gesendet.',
    );
    // an unkeyed field keeps the words main wrote
    expect(
      fieldMessage({ code: 'validation', message: 'x', fields: { key: 'As sent' } }, ['key']),
    ).toBe('As sent');
  });
});
