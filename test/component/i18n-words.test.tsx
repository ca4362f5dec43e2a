/**
 * Words main and shared used to build in English (issue 27): they reach the renderer as data or
 * keys, and the renderer says them in the app's language, plural forms included.
 */
import { describe, expect, it } from 'vitest';
import { askedFor } from '../../src/shared/ipc/jobs';
import { askedInWords } from '../../src/renderer/panels/jobs/format';
import { screen } from '@testing-library/react';
import { switchLanguage } from '../../src/renderer/i18n';
import { accountPanel } from '../../src/renderer/panels/account';
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
