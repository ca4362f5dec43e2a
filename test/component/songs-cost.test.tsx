import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { startMain, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

const posted = (main: Awaited<ReturnType<typeof startMain>>) =>
  main.emulator.log.filter((e) => e.method === 'POST' && /\/v2\/submit$/.test(e.path));

describe('Songs: the cost before a spend, learned from this key', () => {
  it('"not known yet" before any history; after two finished songs, the median shows before a third', async () => {
    const main = await startMain({ key: TEST_KEY });
    const { user } = await renderMain({ main, panels: [songsPanel] });
    await screen.findByText('Songs left: 50');
    const line = await screen.findByTestId('cost-line');
    expect(line).toHaveTextContent(
      'Uses Songs: how much is not known yet. Cadenza learns it from your key’s finished jobs.',
    );
    for (const [i, prompt] of ['lo-fi rain', 'neon tide'].entries()) {
      await user.clear(screen.getByLabelText('Song description'));
      await user.type(screen.getByLabelText('Song description'), prompt);
      await user.click(screen.getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(posted(main)).toHaveLength(i + 1));
      // the job finishes, main reads the counter again and keeps the sample
      await waitFor(
        () =>
          expect(screen.getByTestId('cost-line')).toHaveTextContent(
            new RegExp(`learned from ${i + 1} finished jobs? on your key, not a price`),
          ),
        { timeout: 30_000 },
      );
    }
    expect(screen.getByTestId('cost-line')).toHaveTextContent(
      /^Uses Songs: usually 1 each time \(learned from 2 finished jobs on your key, not a price\)\. About \d+ left after\.$/,
    );
    // another model has no history yet
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.selectOptions(screen.getByLabelText('Model'), 'v3.0');
    await waitFor(() => expect(screen.getByTestId('cost-line')).toHaveTextContent(/not known yet/));
  }, 90_000);
});
