/**
 * The upgrade of files an earlier version saved (issue 28, point 4), over the real main: the
 * consent dialog says how many files and bytes, and that a synced folder uploads them again;
 * "Not now" is remembered and the Library still offers it; once agreed main tags the files in the
 * background with progress in the Library, waiting while the creator plays; a file that cannot be
 * tagged is listed with its reason; Stop keeps the rest for Continue. The renderer never names a
 * file: main chooses them (the items whose sidecar has no audio hash).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { usePlayerStore } from '../../src/renderer/stores/player';
import { resetUpgradeStore } from '../../src/renderer/stores/upgrade';
import type { Main, SeedItem } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => resetUpgradeStore());

/** Items as an earlier version saved them: a sidecar without the audio hash, a file without tags. */
const old = (n: number, seconds = 2): SeedItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `itm_old${i + 1}`,
    title: `Old song ${i + 1}`,
    prompt: 'warm synthwave',
    lyrics: `[Verse]\nline ${i + 1}`,
    seconds,
  }));

/** The item's audio hash as main lists it (its sidecar's): recorded once the file is tagged. */
const hashOf = async (main: Main, id: string) =>
  (await main.core.jobsHost.runtime()).library.get(id)?.audio_sha256;
const join = (dir: string, file: string) => `${dir}/${file}`;

const upgradeSection = () => screen.findByRole('region', { name: 'Tags for older files' });

describe('upgrading older library files', () => {
  it('asks first, with the files, bytes and the synced-folder warning; Not now is remembered', async () => {
    const { main, user } = await renderMain({
      library: old(2),
      panels: [libraryPanel],
      upgradeUnanswered: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add tags to your older files?' });
    expect(dialog).toHaveTextContent(
      /2 files \(0\.\d MB\) in your library were made by an earlier version of Cadenza/,
    );
    expect(dialog).toHaveTextContent('The sound is not changed, but each file is rewritten.');
    expect(dialog).toHaveTextContent(
      'If your library folder is synced (OneDrive, Dropbox, iCloud), it will upload them again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const section = await upgradeSection();
    expect(section).toHaveTextContent('2 files made by an earlier version have no tags yet.');
    // nothing was written: no audio hash, no tags
    expect(await hashOf(main, 'itm_old1')).toBeFalsy();
    expect((await main.tagsOf(join(main.dirs.library, 'Old song 1.wav'))).title).toBeUndefined();
    expect(await main.core.libraryUpgrade.status()).toMatchObject({ phase: 'declined', files: 2 });
    // the Library offers it again: the same dialog
    await user.click(within(section).getByRole('button', { name: 'Add tags…' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add tags to your older files?' }),
    ).toBeInTheDocument();
  });

  it('tags the files in the background once agreed, waiting while the creator plays', async () => {
    const { main, user } = await renderMain({
      library: old(3),
      panels: [libraryPanel],
      upgradeUnanswered: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add tags to your older files?' });
    // the creator is playing: the work waits
    usePlayerStore.setState({ status: 'playing' });
    await waitFor(() => expect(main.callsOf('upgrade.hold')).toEqual([[true]]));
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    expect(main.callsOf('upgrade.start')).toEqual([[]]); // main chooses the files
    const section = await upgradeSection();
    expect(await within(section).findByText(/Waiting while you play or search\./)).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: 'Tagging older files' })).toBeVisible();
    expect(await hashOf(main, 'itm_old1')).toBeFalsy();
    usePlayerStore.setState({ status: 'paused' });
    expect(
      await within(section).findByText(
        'Tagged 3 files. They carry their tags and recipe now.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(main.callsOf('upgrade.hold')).toEqual([[true], [false]]);
    for (const n of [1, 2, 3]) {
      const file = `Old song ${n}.wav`;
      const tags = await main.tagsOf(join(main.dirs.library, file));
      expect(tags.title).toBe(`Old song ${n}`);
      await waitFor(async () =>
        expect(await hashOf(main, `itm_old${n}`)).toMatch(/^[0-9a-f]{64}$/),
      );
    }
    expect(await main.core.libraryUpgrade.status()).toMatchObject({ files: 0, failedCount: 0 });
  });

  it('lists a file that cannot be tagged with its reason, and offers Try again', async () => {
    const broken: SeedItem = {
      id: 'itm_broken',
      title: 'Broken',
      file: 'Broken.flac',
      data: 'not a FLAC stream at all',
    };
    const { main, user } = await renderMain({
      library: [...old(1), broken],
      panels: [libraryPanel],
      upgradeUnanswered: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add tags to your older files?' });
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    const section = await upgradeSection();
    expect(
      await within(section).findByText(
        '1 file could not be tagged. It is tried again at the next start.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    const list = within(section).getByRole('list', { name: 'Files not tagged' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Broken.flac — the file is damaged; it is left as it is']);
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect((await main.tagsOf(join(main.dirs.library, 'Old song 1.wav'))).title).toBe('Old song 1');
  });

  it('Stop keeps the rest for Continue', async () => {
    const { main, user } = await renderMain({
      library: old(3),
      panels: [libraryPanel],
      upgradeUnanswered: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add tags to your older files?' });
    usePlayerStore.setState({ status: 'playing' }); // holds the run at its first file
    await waitFor(() => expect(main.callsOf('upgrade.hold')).toEqual([[true]]));
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    const section = await upgradeSection();
    await user.click(await within(section).findByRole('button', { name: 'Stop' }));
    expect(await within(section).findByText('Stopped. 3 files still have no tags.')).toBeVisible();
    usePlayerStore.setState({ status: 'paused' });

    // what the app's start does: a stopped upgrade waits for Continue (upgrade-runner.test.ts
    // restarts it on the same data folder)
    main.core.libraryUpgrade.start();
    await main.core.libraryUpgrade.idle();
    expect(await main.core.libraryUpgrade.status()).toMatchObject({ phase: 'stopped', files: 3 });

    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(
      await within(section).findByText(
        'Tagged 3 files. They carry their tags and recipe now.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
  });
});
