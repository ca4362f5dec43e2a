/**
 * A job's warnings on its row: results the service answered beyond what one job of its kind makes
 * (recorded by main as `ignoredOutputs`, never kept) are said in plain words, counted by CLDR, in
 * the app's language. Over the real main: the records are job files an earlier run left.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { currentLanguage } from '../../src/renderer/i18n';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { jobRecord, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';
import { untranslated } from './support/pseudo';

afterEach(() => {
  resetJobsStore();
  resetLibraryStore();
});

const jobs = () => [
  jobRecord({ label: 'Two extra', ignoredOutputs: 2 }),
  jobRecord({ label: 'One extra', ignoredOutputs: 1 }),
  jobRecord({ label: 'As asked' }),
];

describe('a job row', () => {
  it('says how many results the service answered beyond the cap and that they were not saved', async () => {
    await renderMain({ key: TEST_KEY, jobs: jobs(), panels: [jobsPanel] });
    const row = (name: string) => screen.findByRole('listitem', { name });
    expect(await row('Two extra')).toHaveTextContent(
      'The service answered with 2 more results than this kind of job makes. They were not saved.',
    );
    expect(await row('One extra')).toHaveTextContent(
      'The service answered with 1 more result than this kind of job makes. It was not saved.',
    );
    expect(await row('As asked')).not.toHaveTextContent('The service answered with');
  });

  it('leaves nothing of a row untranslated under the pseudo-locale', async () => {
    await renderMain({
      key: TEST_KEY,
      jobs: jobs(),
      settings: { language: 'en-XA' },
      panels: [jobsPanel],
    });
    await waitFor(() => expect(currentLanguage()).toBe('en-XA'));
    const rows = await screen.findAllByRole('listitem', { name: /extra|As asked/ });
    expect(rows).toHaveLength(3);
    expect(rows.flatMap((r) => untranslated(r))).toEqual([]);
  });
});
