import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CloneRequest } from '@shared/ipc/voices';
import type { CoverRequest } from '@shared/ipc/covers';
import { accountPanel } from '../../src/renderer/panels/account';
import { coversPanel } from '../../src/renderer/panels/covers';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetCoversStore, useCoversStore } from '../../src/renderer/stores/covers';
import { resetVoicesStore, useVoicesStore } from '../../src/renderer/stores/voices';
import { resetOpenWithStore } from '../../src/renderer/stores/open-with';
import { resetUiStore } from '../../src/renderer/stores/ui';
import { startMain, type Main } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

const KEY = 'sk-test-openwith-0000-5678';

/** A main with a key; the emulator lists its singers (Aria Bright first). */
const fake = (): Promise<Main> => startMain({ key: KEY });
/** The creator's recordings: me.wav (3.2 s) and Night Drive.wav (95 s), 8 kHz 16-bit WAV. */
const files = async (f: Main) => ({
  me: await f.userFile('me.wav', 3.2),
  night: await f.userFile('Night Drive.wav', 95),
});

beforeEach(() => {
  resetCoversStore();
  resetVoicesStore();
  resetOpenWithStore();
  resetUiStore();
});

/** Calls that reach the service (anything that starts work); opening files must cause none. */
const SERVICE_CALLS = ['covers.create', 'voices.clone', 'voices.speak', 'songs.create'] as const;

function render(f: Main) {
  // the Account panel first, so the chooser has to switch panels
  return renderMain({ main: f, panels: [accountPanel, voicePanel, coversPanel] });
}

describe('Open with Cadenza', () => {
  it('files opened before the window was ready are asked for once; "Make a cover" makes the first the cover source and releases the others', async () => {
    const f = await fake();
    const { me, night } = await files(f);
    const [song, other] = await f.openWith([night, me]); // before the window asked
    const { user } = await render(f);

    const dialog = await screen.findByRole('dialog', { name: 'Open 2 audio files with Cadenza' });
    expect(within(dialog).getByRole('list', { name: 'Opened files' })).toHaveTextContent(
      'Night Drive.wav — 1.4 MB',
    );
    expect(
      within(dialog).getByText(new RegExp(`A cover sings one file: “${iso('Night Drive.wav')}”`)),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Make a cover' })).toHaveFocus();
    expect(f.callsOf('files.takeOpened')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Make a cover' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Covers', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Make a cover' });
    expect(within(card).getByRole('radio', { name: 'An audio file' })).toBeChecked();
    expect(within(card).getByText('Night Drive.wav')).toBeInTheDocument();
    expect(useCoversStore.getState().file?.handle).toBe(song!.handle);
    expect(f.callsOf('files.release')).toEqual([[[other!.handle]]]);
    for (const m of SERVICE_CALLS) expect(f.callsOf(m)).toEqual([]);

    // only the panel's own button sends it, with the opened file's handle
    // the singer list has loaded and its first ready singer is chosen
    await waitFor(() =>
      expect(within(card).getByRole('combobox', { name: 'Singer' })).toHaveValue('Aria Bright'),
    );
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(f.callsOf('covers.create')).toHaveLength(1));
    const [req] = f.callsOf('covers.create')[0] as [CoverRequest];
    expect(req.source).toEqual({ kind: 'file', handle: song!.handle });
    // main sent the opened file itself to the service
    await waitFor(() =>
      expect(f.emulator.log.some((r) => r.path === '/v1/cover' && r.multipart)).toBe(true),
    );
  });

  it('files pushed while the app runs: "Clone a voice" adds them all as checked recordings in the clone form', async () => {
    const f = await fake();
    const { me, night } = await files(f);
    const { user } = await render(f);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [a] = await f.openWith([me]);
    const [b] = await f.openWith([night]); // a second launch with one more file
    const dialog = await screen.findByRole('dialog', { name: 'Open 2 audio files with Cadenza' });
    await user.click(within(dialog).getByRole('button', { name: 'Clone a voice' }));

    expect(screen.getByRole('heading', { name: 'Voice', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recordings' });
    // main probed them: size and length
    await waitFor(() => expect(list).toHaveTextContent(/me\.wav — \d+ KB, 3\.2 s/));
    expect(list).toHaveTextContent(/Night Drive\.wav — 1\.\d MB, 95\.0 s/);
    expect(useVoicesStore.getState().cloneFiles.map((c) => c.handle)).toEqual([
      a!.handle,
      b!.handle,
    ]);
    expect(f.callsOf('voices.checkFiles')).toEqual([[[a!.handle, b!.handle]]]);
    // focused once the panel is there (it may load a few frames later)
    await waitFor(() => expect(screen.getByLabelText('Voice name')).toHaveFocus());
    expect(f.callsOf('files.release')).toEqual([]);
    for (const m of SERVICE_CALLS) expect(f.callsOf(m)).toEqual([]);

    await user.type(screen.getByLabelText('Voice name'), 'Me');
    await user.click(screen.getByRole('button', { name: 'Clone voice' }));
    await waitFor(() => expect(f.callsOf('voices.clone')).toHaveLength(1));
    const [req] = f.callsOf('voices.clone')[0] as [CloneRequest];
    expect(req.files).toEqual([a!.handle, b!.handle]);
    await waitFor(() => expect(f.emulator.cloneVoices().map((v) => v.name)).toContain('Me'));
  });

  it('Cancel (or Escape) releases the files, leaves the panel and forms as they were, and sends nothing', async () => {
    const f = await fake();
    const { me, night } = await files(f);
    const [a] = await f.openWith([me]);
    const { user } = await render(f);
    const dialog = await screen.findByRole('dialog', { name: 'Open 1 audio file with Cadenza' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(f.callsOf('files.release')).toEqual([[[a!.handle]]]);

    const [b] = await f.openWith([night]);
    await screen.findByRole('dialog', { name: 'Open 1 audio file with Cadenza' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(f.callsOf('files.release')).toEqual([[[a!.handle]], [[b!.handle]]]);
    expect(useCoversStore.getState().file).toBeNull();
    expect(useVoicesStore.getState().cloneFiles).toEqual([]);
    expect(f.callsOf('voices.checkFiles')).toEqual([]);
  });
});
