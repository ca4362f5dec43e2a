/**
 * The Videos panel over the real main: library songs with service links (the emulator's media),
 * main's link checks, the emulator's singing and subtitle videos saved into the library.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SingingRequest, SubtitlesRequest } from '@shared/ipc/videos';
import { videosPanel } from '../../src/renderer/panels/videos';
import { resetVideosStore } from '../../src/renderer/stores/videos';
import type { Emulator } from '../emulator';
import { installedEngines } from './support/fake-engine';
import { expectPlayerPlays } from './support/player-checks';
import { pickItem, pickerTitles } from './support/picker';
import { TEST_KEY, type Main, type SeedItem } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => resetVideosStore());

const tone = (emu: Emulator, seconds: number) =>
  `${emu.mediaUrl}/media/tone.mp3?seconds=${seconds}`;

/** Songs with service links: one of 18 s; one too long for a singing video; one without a link. */
const songs = (emu: Emulator): SeedItem[] => [
  { id: 'itm_hook', title: 'Hook', seconds: 18, source_url: tone(emu, 10) },
  { id: 'itm_long', title: 'Hook extended', seconds: 95, source_url: tone(emu, 95) },
  { id: 'itm_mine', title: 'Hook demo', seconds: 12 },
];

async function open(more: (emu: Emulator) => SeedItem[] = () => []) {
  return renderMain({
    key: TEST_KEY,
    panels: [videosPanel],
    library: (emu) => [...songs(emu), ...more(emu)],
  });
}

/** The library item main saved with this kind (waits for it). */
async function savedOf(main: Main, kind: string) {
  let title = '';
  await waitFor(
    async () => {
      const listed = await main.api.library.list();
      const item = listed.ok ? listed.value.find((i) => i.kind === kind) : undefined;
      expect(item).toBeDefined();
      title = item!.title;
    },
    { timeout: 20_000 },
  );
  const listed = await main.api.library.list();
  return listed.ok ? listed.value.find((i) => i.title === title)! : undefined!;
}

describe('Videos panel', () => {
  it('singing video: says links only, offers a 2–30 s library song, checks the links, and plays the video from the library', async () => {
    const { main, user } = await open();
    const card = screen.getByRole('region', { name: 'Singing photo video' });
    expect(within(card).getByText(/takes/)).toHaveTextContent('The service takes links only');
    const picker = await within(card).findByRole('combobox', {
      name: 'Library audio (its service link)',
    });
    await user.click(picker);
    expect(pickerTitles()).toEqual(['Hook']);
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Hook');
    expect(within(card).getByText('Song · 0:18')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'Audio link' })).toBeNull();
    const photo = `${main.emulator.mediaUrl}/media/photo.png`;
    await user.type(within(card).getByRole('textbox', { name: 'Photo link' }), photo);
    await user.click(within(card).getByRole('button', { name: 'Check links' }));
    // main measured the song's link (a 10 s MP3) and the photo
    expect(await within(card).findByRole('status')).toHaveTextContent(
      /^Audio: MP3, 10\.0 s · Photo: PNG, [\d.]+ MB$/,
    );
    await user.click(within(card).getByRole('button', { name: 'Make singing video' }));
    await waitFor(() => expect(main.callsOf('videos.singing')).toHaveLength(1));
    const [req] = main.callsOf('videos.singing')[0] as [SingingRequest];
    expect(req).toEqual({ audio: { kind: 'library', itemId: 'itm_hook' }, imageUrl: photo });
    // the service got the song's link, never a file
    await waitFor(() => {
      const sent = main.emulator.log.find((e) => e.path === '/v1/singing/generate');
      expect(JSON.stringify(sent?.json ?? sent?.multipart ?? null)).toContain(
        tone(main.emulator, 10),
      );
    });

    const video = await savedOf(main, 'singing-video');
    await user.click(
      await within(card).findByRole('button', { name: `Play ${video.title}` }, { timeout: 10_000 }),
    );
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(video.file)}`, {
      title: video.title,
      origin: 'Videos',
    });
    // in the player's viewer: the engine's <video>, the only one
    const viewer = await screen.findByRole('region', { name: 'Video viewer' });
    expect(installedEngines().last().source.video).toBe(true);
    await waitFor(() =>
      expect(viewer.querySelector('video')).toBe(installedEngines().last().element),
    );
    expect(card.querySelector('video')).toBeNull();
  });

  it('singing video: what main refuses is shown on the fields, nothing is made', async () => {
    const { main, user } = await open();
    const card = screen.getByRole('region', { name: 'Singing photo video' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio link' }),
      tone(main.emulator, 45),
    );
    await user.type(
      within(card).getByRole('textbox', { name: 'Photo link' }),
      `${main.emulator.mediaUrl}/media/big?bytes=5242880`,
    );
    await user.click(within(card).getByRole('button', { name: 'Make singing video' }));
    expect(
      await within(card).findByText(/The audio must last 2 to 30 seconds \(it lasts 45\.0 s\)\./),
    ).toBeInTheDocument();
    expect(within(card).getByText(/4\.7 MB/)).toBeInTheDocument();
    expect((await (await main.core.jobsHost.runtime()).jobs.list()).length).toBe(0);
    expect(main.emulator.log.filter((e) => e.path.startsWith('/v1/singing'))).toEqual([]);
  });

  it('subtitle video: a link in, the failure in main’s and the service’s words, then a playable result', async () => {
    const { main, user } = await open();
    const card = screen.getByRole('region', { name: 'Subtitle video' });
    await user.type(within(card).getByRole('textbox', { name: 'Video link' }), 'ftp://nope');
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    expect(
      await within(card).findByText('Paste a full http(s) link to the video.'),
    ).toBeInTheDocument();
    const clip = `${main.emulator.mediaUrl}/media/video/clip.mp4`;
    await user.clear(within(card).getByRole('textbox', { name: 'Video link' }));
    await user.type(within(card).getByRole('textbox', { name: 'Video link' }), clip);
    // the service accepts the task but answers no video link
    main.emulator.configure({ shapes: { subtitles: 'none' } });
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    await waitFor(() =>
      expect(main.callsOf('videos.subtitles').at(-1)).toEqual([
        { videoUrl: clip } satisfies SubtitlesRequest,
      ]),
    );
    const failure = await within(card).findByRole('alert', {}, { timeout: 10_000 });
    // main's words, then the service's own answer
    expect(failure).toHaveTextContent(
      'could not make the subtitle video. It may have been charged',
    );
    expect(failure).toHaveTextContent('The service said: Success — {"job":"accepted","eta_s":30}');

    main.emulator.configure({ shapes: { subtitles: 'video_url' } });
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    const video = await savedOf(main, 'subtitle-video');
    await user.click(
      await within(card).findByRole('button', { name: `Play ${video.title}` }, { timeout: 10_000 }),
    );
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(video.file)}`, {
      origin: 'Videos',
    });
    // the result is a card like a song's take: its kind, where it is, and a ⋯ menu (no "Done" line)
    const result = within(card).getByRole('listitem', { name: video.title });
    expect(result).toHaveTextContent('Subtitle video');
    expect(result).toHaveTextContent('In your library');
    expect(within(result).getByRole('button', { name: `More for ${video.title}` })).toBeVisible();
    expect(within(card).getByRole('status')).toHaveClass('visually-hidden');
  });

  it('subtitle video from a library video: its service link is sent, the link field goes away', async () => {
    const { main, user } = await open((emu) => [
      {
        id: 'itm_sing',
        title: 'Hook (singing video)',
        kind: 'singing-video' as const,
        seconds: 18,
        source_url: `${emu.mediaUrl}/media/video/sing.mp4`,
      },
    ]);
    const card = screen.getByRole('region', { name: 'Subtitle video' });
    await pickItem(user, card, 'Library video (its service link)', 'Hook (singing video)', 'hook');
    expect(within(card).queryByRole('textbox', { name: 'Video link' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    await waitFor(() => expect(main.callsOf('videos.subtitles')).toHaveLength(1));
    const [req] = main.callsOf('videos.subtitles')[0] as [SubtitlesRequest];
    expect(req).toEqual({ video: { kind: 'library', itemId: 'itm_sing' } });
    await waitFor(() =>
      expect(
        JSON.stringify(
          main.emulator.log.find((e) => e.path.startsWith('/v1/singing/generate-subtitles'))?.json,
        ),
      ).toContain('/media/video/sing.mp4'),
    );
  });

  it('a file dropped on either card is answered: links only, and the library items that can stand in', async () => {
    const { user } = await open();
    const singing = screen.getByRole('region', { name: 'Singing photo video' });
    await within(singing).findByRole('combobox', { name: 'Library audio (its service link)' });
    const file = new File(['x'], 'voice.mp3', { type: 'audio/mpeg' });
    fireEvent.drop(singing, { dataTransfer: { files: [file], types: ['Files'] } });
    const note = await within(singing).findByRole('alert');
    expect(note).toHaveTextContent(
      'Singing videos take links only: the service cannot receive a file from this computer.',
    );
    const stand = within(note).getByRole('list', { name: 'Library items that can stand in' });
    expect(
      within(stand)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Hook']);
    await user.click(within(stand).getByRole('button', { name: 'Use “Hook”' }));
    expect(
      within(singing).getByRole('combobox', { name: 'Library audio (its service link)' }),
    ).toHaveValue('Hook');
    expect(within(singing).queryByRole('alert')).toBeNull();

    const subtitles = screen.getByRole('region', { name: 'Subtitle video' });
    fireEvent.drop(subtitles, {
      dataTransfer: { files: [new File(['x'], 'clip.mp4')], types: ['Files'] },
    });
    expect(await within(subtitles).findByRole('alert')).toHaveTextContent(
      'Subtitle videos take links only: the service cannot receive a file from this computer.',
    );
  });
});
