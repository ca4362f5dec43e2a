/**
 * The Library's "Whole song" action: offered on extensions only, sent to main for the extension,
 * progress shown while main renders, the new item listed and announced; main's refusal shown.
 * Main renders the real chain (tones on disk) in its worker.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import type { SeedItem } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
/** Long enough that the render is still running when the test looks at it (decode + MP3 encode). */
const SECONDS = 20;
const song: SeedItem = { id: 'itm_song', title: 'Harbour', created_at: at(1), seconds: SECONDS };
const ext: SeedItem = {
  id: 'itm_ext',
  title: 'Harbour, later',
  created_at: at(2),
  parent_id: 'itm_song',
  continue_at_s: SECONDS / 2,
  seconds: SECONDS,
};

async function select(library: SeedItem[], title: string) {
  const app = await renderMain({ library, panels: [libraryPanel] });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await app.user.click(
    await within(list).findByRole('option', {
      name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}, Song`),
    }),
  );
  return { ...app, list, details: screen.getByRole('region', { name: 'Item details' }) };
}

describe('Whole song in the Library details', () => {
  // main's worker starts from source (tsx) on first use: slow on a loaded machine
  it(
    'is offered on an extension, shows progress, and lists and announces the new item',
    { timeout: 90_000 },
    async () => {
      const { main, user, details, list } = await select([song, ext], 'Harbour, later');
      await user.click(within(details).getByRole('button', { name: 'Whole song' }));
      expect(
        await within(details).findByText(/^Joining the parts into one song… \d+%$/),
      ).toBeInTheDocument();
      expect(within(details).getByRole('button', { name: 'Whole song' })).toBeDisabled();
      expect(
        await within(details).findByText(
          `Saved “${iso('Harbour, later (whole song)')}” as a new item.`,
          {},
          { timeout: 80_000 },
        ),
      ).toBeInTheDocument();
      expect(main.callsOf('edit.wholeSong')).toEqual([['itm_ext']]);
      await waitFor(() =>
        expect(
          within(list).getByRole('option', { name: /^Harbour, later \(whole song\),/ }),
        ).toBeInTheDocument(),
      );
      expect(within(details).queryByText(/Joining the parts/)).toBeNull();
    },
  );

  it('Stop ends the render: nothing saved, said plainly, and the action is offered again', async () => {
    const { main, user, details } = await select([song, ext], 'Harbour, later');
    await user.click(within(details).getByRole('button', { name: 'Whole song' }));
    await user.click(await within(details).findByRole('button', { name: 'Stop' }));
    expect(main.callsOf('edit.cancel')).toEqual([['itm_ext']]);
    expect(
      await within(details).findByText(
        'Stopped. Nothing was saved; the original is as it was.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    expect(within(details).queryByRole('alert')).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(within(details).getByRole('button', { name: 'Whole song' })).toBeEnabled();
    // the library still holds the two parts and nothing else (no rendered file left behind)
    const list = await main.api.library.list();
    expect(list.ok && list.value.map((i) => i.id).sort()).toEqual(['itm_ext', 'itm_song']);
    expect(await main.libraryFiles()).toEqual([
      'Harbour, later.wav',
      'Harbour, later.wav.json',
      'Harbour.wav',
      'Harbour.wav.json',
    ]);
  });

  it('is not offered on a song that extends nothing, nor on a whole song', async () => {
    const whole: SeedItem = {
      id: 'itm_whole',
      title: 'Harbour (whole)',
      created_at: at(3),
      parent_id: 'itm_ext',
      whole_song: { chain: [], seams: [], crossfade_ms: 0 },
    };
    const first = await select([song, ext, whole], 'Harbour');
    expect(within(first.details).queryByRole('button', { name: 'Whole song' })).toBeNull();
    await first.user.click(within(first.list).getByRole('option', { name: /^Harbour \(whole\),/ }));
    const details = screen.getByRole('region', { name: 'Item details' });
    expect(within(details).queryByRole('button', { name: 'Whole song' })).toBeNull();
  });

  it('shows main’s refusal', async () => {
    // the song it continues was deleted from the library: main cannot build the chain
    const { user, details } = await select([{ ...ext, seconds: 1 }], 'Harbour, later');
    await user.click(within(details).getByRole('button', { name: 'Whole song' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent(
      'The song "Harbour, later" continues is not in the library, so it cannot be joined.',
    );
  });
});
