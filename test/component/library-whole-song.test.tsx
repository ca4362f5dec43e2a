/**
 * The Library's "Whole song" action: offered on extensions only, sent to main for the extension,
 * progress shown while main renders, the new item listed and announced; main's refusal shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPlayerStore } from '../../src/renderer/stores/player';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
const song = makeLibraryItem({ id: 'itm_song', title: 'Harbour', createdAt: at(1) });
const ext = makeLibraryItem({
  id: 'itm_ext',
  title: 'Harbour, later',
  createdAt: at(2),
  parentId: 'itm_song',
});

afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
});

async function select(items: LibraryItemView[], title: string) {
  const fake = new FakeCadenza({ libraryItems: items });
  const app = await renderApp({ fake, panels: [libraryPanel] });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await app.user.click(
    within(list).getByRole('option', {
      name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}, Song`),
    }),
  );
  return { ...app, list, details: screen.getByRole('region', { name: 'Item details' }) };
}

describe('Whole song in the Library details', () => {
  it('is offered on an extension, shows progress, and lists and announces the new item', async () => {
    const { fake, user, details, list } = await select([song, ext], 'Harbour, later');
    const release = fake.holdNext('edit.wholeSong');
    await user.click(within(details).getByRole('button', { name: 'Whole song' }));
    expect(
      await within(details).findByText('Joining the parts into one song… 50%'),
    ).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Whole song' })).toBeDisabled();
    release();
    expect(
      await within(details).findByText('Saved “Harbour, later (whole song)” as a new item.'),
    ).toBeInTheDocument();
    expect(fake.callsOf('edit.wholeSong')).toEqual([['itm_ext']]);
    await waitFor(() =>
      expect(
        within(list).getByRole('option', { name: /^Harbour, later \(whole song\),/ }),
      ).toBeInTheDocument(),
    );
    expect(within(details).queryByText(/Joining the parts/)).toBeNull();
  });

  it('Stop ends the render: nothing saved, said plainly, and the action is offered again', async () => {
    const { fake, user, details } = await select([song, ext], 'Harbour, later');
    const release = fake.holdNext('edit.wholeSong');
    await user.click(within(details).getByRole('button', { name: 'Whole song' }));
    await user.click(await within(details).findByRole('button', { name: 'Stop' }));
    expect(fake.callsOf('edit.cancel')).toEqual([['itm_ext']]);
    release();
    expect(
      await within(details).findByText('Stopped. Nothing was saved; the original is as it was.'),
    ).toBeInTheDocument();
    expect(within(details).queryByRole('alert')).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(within(details).getByRole('button', { name: 'Whole song' })).toBeEnabled();
    expect(fake.state.libraryItems.map((i) => i.id)).toEqual(['itm_song', 'itm_ext']);
  });

  it('is not offered on a song that extends nothing, nor on a whole song', async () => {
    const whole = makeLibraryItem({
      id: 'itm_whole',
      title: 'Harbour (whole)',
      createdAt: at(3),
      parentId: 'itm_ext',
      isWholeSong: true,
    });
    const first = await select([song, ext, whole], 'Harbour');
    expect(within(first.details).queryByRole('button', { name: 'Whole song' })).toBeNull();
    await first.user.click(within(first.list).getByRole('option', { name: /^Harbour \(whole\),/ }));
    const details = screen.getByRole('region', { name: 'Item details' });
    expect(within(details).queryByRole('button', { name: 'Whole song' })).toBeNull();
  });

  it('shows main’s refusal', async () => {
    const { fake, user, details } = await select([song, ext], 'Harbour, later');
    fake.failNext('edit.wholeSong', {
      code: 'not_found',
      message: 'The song "Harbour, later" continues is not in the library, so it cannot be joined.',
    });
    await user.click(within(details).getByRole('button', { name: 'Whole song' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent(/cannot be joined/);
  });
});
