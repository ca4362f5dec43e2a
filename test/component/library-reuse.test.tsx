/**
 * Reuse from the Library's details pane, over the real main: each action lands on the real panel
 * with the item filled in, and nothing reaches the service until the user submits there. Also: the
 * view's search finds items by their lyrics, as main's search does.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverRequest } from '@shared/ipc/covers';
import type { SpeakRequest } from '@shared/ipc/voices';
import { coversPanel } from '../../src/renderer/panels/covers';
import { libraryPanel } from '../../src/renderer/panels/library';
import { videosPanel } from '../../src/renderer/panels/videos';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import { resetVideosStore } from '../../src/renderer/stores/videos';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPlayerStore } from '../../src/renderer/stores/player';
import { resetUiStore, useUiStore } from '../../src/renderer/stores/ui';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import type { Emulator } from '../emulator';
import type { Main, SeedItem } from './support/main';
import { renderMain } from './support/render-app';

const KEY = 'sk-test-reuse-0000-2468';
/** Calls that start work at the service: opening a panel from the library must make none. */
const SERVICE_CALLS = [
  'covers.create',
  'videos.checkSinging',
  'videos.singing',
  'voices.speak',
] as const;
/** What the service would have been asked to make (the emulator's log). */
const MAKING = ['/v1/cover', '/v1/singing', '/v1/text2speech'];

afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  resetCoversStore();
  resetVideosStore();
  resetVoicesStore();
  resetUiStore();
});

/** A link to the emulator's media: the item's service link. */
const link = (emu: Emulator, seconds: number) =>
  `${emu.mediaUrl}/media/tone.mp3?seconds=${seconds}`;

const song = (emu: Emulator): SeedItem => ({
  id: 'itm_song',
  title: 'Dawn Chorus',
  seconds: 95,
  source_url: link(emu, 95),
  created_at: '2025-03-14T09:00:00.000Z',
});
// the one item a singing video can use: a service link and 2–30 s
const hook = (emu: Emulator | null): SeedItem => ({
  id: 'itm_hook',
  title: 'Hook',
  seconds: 18,
  ...(emu ? { source_url: link(emu, 18) } : {}),
  created_at: '2025-03-15T09:00:00.000Z',
});
// a take the Voice panel spoke: its voice's name, emotion and text are in its sidecar
const speech: SeedItem = {
  id: 'itm_speech',
  title: 'Good morning',
  kind: 'tts',
  seconds: 4,
  prompt: 'Good morning, harbour.',
  voice: 'Marcus',
  emotion: 'Cheerful',
  created_at: '2025-03-16T09:00:00.000Z',
};
const video: SeedItem = {
  id: 'itm_video',
  title: 'Hook (singing video)',
  kind: 'singing-video',
  file: 'Hook (singing video).mp4',
  seconds: 18,
  created_at: '2025-03-17T09:00:00.000Z',
};

/** Library, Covers, Videos and Voice over a main with a key; the details of `title` open. */
async function details(
  title: string,
  library: (emu: Emulator) => SeedItem[] = (emu) => [song(emu), hook(emu), speech, video],
) {
  const app = await renderMain({
    key: KEY,
    library,
    panels: [libraryPanel, coversPanel, videosPanel, voicePanel],
  });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await app.user.click(await within(list).findByRole('option', { name: new RegExp(`^${title},`) }));
  return { ...app, pane: screen.getByRole('region', { name: 'Item details' }) };
}

const noServiceCalls = (main: Main) => {
  expect(SERVICE_CALLS.map((c) => [c, main.callsOf(c).length])).toEqual(
    SERVICE_CALLS.map((c) => [c, 0]),
  );
  expect(main.emulator.log.filter((e) => MAKING.some((p) => e.path.startsWith(p)))).toEqual([]);
};

/** The speaker id main lists for a voice (the emulator's). */
async function speakerOf(main: Main, name: string): Promise<string> {
  const listed = await main.api.voices.catalogue({});
  const found = listed.ok ? listed.value.voices.find((v) => v.name === name) : undefined;
  if (!found) throw new Error(`main lists no voice ${name}`);
  return found.speaker;
}

/** Waits until main saved what was sent (`count` items of `kind` in the library). */
async function savedOf(main: Main, kind: string, count = 1) {
  await waitFor(
    async () => {
      const listed = await main.api.library.list();
      expect(listed.ok && listed.value.filter((i) => i.kind === kind)).toHaveLength(count);
    },
    { timeout: 30_000 },
  );
}

/** Opens the details card's ⋯ menu and answers it. */
async function openMenu(user: { click(el: Element): Promise<void> }, pane: HTMLElement) {
  if (!screen.queryByRole('menu'))
    await user.click(within(pane).getByRole('button', { name: /^More actions for / }));
  return screen.getByRole('menu');
}

describe('Library reuse actions', () => {
  it('"Make a cover" opens the Covers panel with the song as the source; the cover is sent only on submit', async () => {
    const { user, pane, main } = await details('Dawn Chorus');
    await user.click(
      within(await openMenu(user, pane)).getByRole('menuitem', { name: 'Make a cover' }),
    );
    expect(useUiStore.getState().activePanelId).toBe('covers');
    const card = await screen.findByRole('region', { name: 'Make a cover' });
    expect(within(card).getByRole('radio', { name: 'A library song' })).toBeChecked();
    const source = within(card).getByRole('combobox', { name: 'Library song' });
    await waitFor(() => expect(source).toHaveValue('Dawn Chorus'));
    noServiceCalls(main);

    // the emulator's singers have loaded: the first ready one is chosen
    await waitFor(() =>
      expect(within(card).getByRole('combobox', { name: 'Singer' })).toHaveValue('Aria Bright'),
    );
    await user.click(await within(card).findByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(main.callsOf('covers.create')).toHaveLength(1));
    const [req] = main.callsOf('covers.create')[0] as [CoverRequest];
    expect(req.source).toEqual({ kind: 'library', itemId: 'itm_song' });
    expect(req.singerId).toBe('101');
    await savedOf(main, 'cover');
  });

  it('"Singing video" is offered only for items main can send (service link, 2–30 s) and fills the Videos panel', async () => {
    const { user, pane, main } = await details('Dawn Chorus');
    // 95 s: too long for a singing video
    expect(
      within(await openMenu(user, pane)).queryByRole('menuitem', { name: 'Singing video' }),
    ).toBeNull();
    await user.keyboard('{Escape}');

    const list = screen.getByRole('listbox', { name: 'Library items' });
    await user.click(within(list).getByRole('option', { name: /^Hook, Song/ }));
    const hookPane = screen.getByRole('region', { name: 'Item details' });
    await user.click(
      await within(await openMenu(user, hookPane)).findByRole('menuitem', {
        name: 'Singing video',
      }),
    );
    expect(useUiStore.getState().activePanelId).toBe('videos');
    const card = await screen.findByRole('region', { name: 'Singing photo video' });
    const audio = await within(card).findByRole('combobox', {
      name: 'Library audio (its service link)',
    });
    expect(audio).toHaveValue('Hook');
    expect(within(card).queryByRole('textbox', { name: 'Audio link' })).toBeNull();
    noServiceCalls(main);
  });

  it('"Singing video" is not offered for a short item main has no service link for', async () => {
    const { user, pane } = await details('Hook', (emu) => [song(emu), hook(null), speech, video]);
    const menu = await openMenu(user, pane);
    expect(within(menu).queryByRole('menuitem', { name: 'Singing video' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
  });

  it('"Speak again" opens the Voice panel with the take\'s voice, emotion and text; Speak sends them', async () => {
    const { user, pane, main } = await details('Good morning');
    const menu = await openMenu(user, pane);
    expect(within(menu).queryByRole('menuitem', { name: 'Extend from here' })).toBeNull();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Speak again' }));
    expect(useUiStore.getState().activePanelId).toBe('voice');
    const card = await screen.findByRole('region', { name: 'Speak' });
    expect(within(card).getByRole('textbox', { name: 'Text to speak' })).toHaveValue(
      'Good morning, harbour.',
    );
    expect(within(card).getByRole('combobox', { name: 'Emotion' })).toHaveValue('Cheerful');
    // the take recorded the voice's name; the voice is found by it (not the one chosen first, Ava)
    await waitFor(() => expect(card).toHaveTextContent('Voice: Marcus'));
    expect(screen.getByRole('button', { name: 'Use Marcus' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    noServiceCalls(main);

    await user.click(within(card).getByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(main.callsOf('voices.speak')).toHaveLength(1));
    const [req] = main.callsOf('voices.speak')[0] as [SpeakRequest];
    expect(req).toEqual({
      text: 'Good morning, harbour.',
      speaker: await speakerOf(main, 'Marcus'),
      emotion: 'Cheerful',
    });
    await savedOf(main, 'tts', 2);
  });

  it('offers only what applies: a video has no cover, singing video or speak again; a song no speak again', async () => {
    const { user, pane } = await details('Hook \\(singing video\\)');
    const menu = await openMenu(user, pane);
    for (const name of ['Make a cover', 'Singing video', 'Speak again', 'Extend from here'])
      expect(within(menu).queryByRole('menuitem', { name })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('option', { name: /^Dawn Chorus,/ }));
    const songPane = screen.getByRole('region', { name: 'Item details' });
    const songMenu = await openMenu(user, songPane);
    expect(within(songMenu).getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
    expect(
      within(songMenu).getByRole('menuitem', { name: 'Extend from here' }),
    ).toBeInTheDocument();
    expect(within(songMenu).queryByRole('menuitem', { name: 'Speak again' })).toBeNull();
  });
});

describe('Library search over lyrics', () => {
  // lyrics are in the sidecars (main searches them; the window never holds them)
  const items: SeedItem[] = [
    {
      id: 'itm_a',
      title: 'Paper boats',
      lyrics: '[Verse]\nFolding paper in the lighthouse rain',
      created_at: '2025-03-14T09:00:00.000Z',
    },
    {
      id: 'itm_b',
      title: 'Night drive',
      lyrics: '[Chorus]\nHeadlights on the coast road',
      created_at: '2025-03-15T09:00:00.000Z',
    },
    {
      id: 'itm_c',
      title: 'Lighthouse keeper',
      prompt: 'a lighthouse at night',
      created_at: '2025-03-16T09:00:00.000Z',
    },
  ];

  it('finds items by words only their lyrics hold, as main does, and never by an older search', async () => {
    const { user, main } = await renderMain({ library: items, panels: [libraryPanel] });
    await screen.findByRole('listbox', { name: 'Library items' });
    // asked anew each time: a search that matches nothing shows its no-match state in the list's place
    const list = () => screen.getByRole('listbox', { name: 'Library items' });
    const count = screen.getByTestId('library-count');
    const search = screen.getByRole('searchbox', { name: 'Search the library' });

    // two letters are in nearly every lyric: main is not asked
    await user.type(search, 'li');
    await new Promise((r) => setTimeout(r, 300));
    expect(main.callsOf('library.matching')).toEqual([]);
    await user.type(search, 'ghthouse');
    // the prompt match at once, the lyrics match once main answered
    await waitFor(() => expect(count).toHaveTextContent('2 of 3 items'));
    expect(
      within(list())
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Lighthouse keeper', 'Paper boats']);
    expect(main.callsOf('library.matching').at(-1)).toEqual(['lighthouse']);

    // words from different places of one item match together (lyrics + title)
    await user.clear(search);
    await user.type(search, 'coast night');
    await waitFor(() => expect(count).toHaveTextContent('1 of 3 items'));
    expect(within(list()).getByRole('option')).toHaveAccessibleName(/^Night drive,/);

    // a longer word: the earlier answer does not leak into the new one
    await user.type(search, 'fall');
    await waitFor(() =>
      expect(main.callsOf('library.matching').at(-1)).toEqual(['coast nightfall']),
    );
    await waitFor(() => expect(count).toHaveTextContent('0 of 3 items'));
  });

  it('does not ask main when no item has lyrics', async () => {
    const { user, main } = await renderMain({ library: [items[2]!], panels: [libraryPanel] });
    await screen.findByRole('listbox', { name: 'Library items' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'night');
    await waitFor(() => expect(screen.getByTestId('library-count')).toHaveTextContent(/^1 item$/));
    await new Promise((r) => setTimeout(r, 250));
    expect(main.callsOf('library.matching')).toEqual([]);
  });
});
