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

describe('Songs: the budget guard asks before a spend over it', () => {
  it('asks with the numbers; No sends nothing, Send anyway sends', async () => {
    const main = await startMain({ key: TEST_KEY });
    await main.core.settings.update({ spendBudgets: { key_music_counts: 0 } });
    const { user } = await renderMain({ main, panels: [songsPanel] });
    await screen.findByText('Songs left: 50');
    await user.type(screen.getByLabelText('Song description'), 'lo-fi rain');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const ask = await screen.findByTestId('budget-ask');
    // nothing learned yet: the ask says so, with the budget
    expect(ask).toHaveTextContent(
      'How many Songs this takes is not known yet, and you asked to be asked before spending more than 0 in one go.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('budget-ask')).toBeNull());
    expect(posted(main)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByTestId('budget-ask');
    await user.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(posted(main)).toHaveLength(1));
  }, 60_000);
});
