import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SingingRequest, SubtitlesRequest } from '@shared/ipc/videos';
import { videosPanel } from '../../src/renderer/panels/videos';
import { resetVideosStore } from '../../src/renderer/stores/videos';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';
import { installedEngines } from './support/fake-engine';
import { expectPlayerPlays } from './support/player-checks';
import { pickItem, pickerTitles } from './support/picker';
import { renderApp } from './support/render-app';

beforeEach(() => resetVideosStore());

function fake(): FakeCadenza {
  const f = new FakeCadenza({ key: 'sk-test-videos-0000-1111' });
  f.state.libraryItems = [
    makeLibraryItem({ id: 'itm_hook', title: 'Hook', durationMs: 18_000, hasServiceUrl: true }),
    // too long for a singing video, and one without a service link: neither is offered
    makeLibraryItem({
      id: 'itm_long',
      title: 'Hook extended',
      durationMs: 95_000,
      hasServiceUrl: true,
    }),
    makeLibraryItem({ id: 'itm_mine', title: 'Hook demo', durationMs: 12_000 }),
  ];
  return f;
}

describe('Videos panel', () => {
  it('singing video: says links only, offers a 2–30 s library song, checks the links, and plays the video from the library', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [videosPanel] });
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
    await user.type(
      within(card).getByRole('textbox', { name: 'Photo link' }),
      'https://img.example/face.png',
    );
    await user.click(within(card).getByRole('button', { name: 'Check links' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Audio: MP3, 10.0 s · Photo: PNG, 0.09 MB',
    );
    await user.click(within(card).getByRole('button', { name: 'Make singing video' }));
    const [req] = f.callsOf('videos.singing')[0] as [SingingRequest];
    expect(req).toEqual({
      audio: { kind: 'library', itemId: 'itm_hook' },
      imageUrl: 'https://img.example/face.png',
    });
    const job = f.state.jobs[0]!;
    f.state.libraryItems = [
      ...f.state.libraryItems,
      makeLibraryItem({
        id: 'itm_vid',
        title: 'Hook (singing video)',
        kind: 'singing-video',
        file: 'Hook (singing video).mp4',
      }),
    ];
    f.emitJobUpdated({ ...job, state: 'done', progress: 1, resultItemIds: ['itm_vid'] });
    await user.click(
      await within(card).findByRole('button', { name: 'Play Hook (singing video)' }),
    );
    await expectPlayerPlays('cadenza-media://library/Hook%20(singing%20video).mp4', {
      title: 'Hook (singing video)',
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
    const f = fake();
    f.covers.singingCheck = {
      audio: { label: 'x', format: 'mp3', durationS: 45, sizeBytes: 180_000, problem: null },
      image: { label: 'y', format: 'png', durationS: null, sizeBytes: 5_242_880, problem: null },
      fields: {
        audioUrl: 'The audio must last 2 to 30 seconds (it lasts 45.0 s).',
        imageUrl: 'The photo must be at most 4.7 MB (it is 5.0 MB).',
      },
    };
    const { user } = await renderApp({ fake: f, panels: [videosPanel] });
    const card = screen.getByRole('region', { name: 'Singing photo video' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio link' }),
      'https://cdn.example/long.mp3',
    );
    await user.type(
      within(card).getByRole('textbox', { name: 'Photo link' }),
      'https://img.example/big.png',
    );
    await user.click(within(card).getByRole('button', { name: 'Make singing video' }));
    expect(
      await within(card).findByText('The audio must last 2 to 30 seconds (it lasts 45.0 s).'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('The photo must be at most 4.7 MB (it is 5.0 MB).'),
    ).toBeInTheDocument();
    expect(f.state.jobs).toEqual([]);
  });

  it('subtitle video: a link in, the failure in the service’s words, then a playable result', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [videosPanel] });
    const card = screen.getByRole('region', { name: 'Subtitle video' });
    await user.type(within(card).getByRole('textbox', { name: 'Video link' }), 'ftp://nope');
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    expect(
      await within(card).findByText('Paste a full http(s) link to the video.'),
    ).toBeInTheDocument();
    await user.clear(within(card).getByRole('textbox', { name: 'Video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://cdn.example/clip.mp4',
    );
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    expect(f.callsOf('videos.subtitles').at(-1)).toEqual([
      { videoUrl: 'https://cdn.example/clip.mp4' } satisfies SubtitlesRequest,
    ]);
    const job = f.state.jobs[0]!;
    f.emitJobUpdated({
      ...job,
      state: 'failed',
      error: {
        code: 'bad_response',
        message: 'The service said: Success — {"job":"accepted","eta_s":30}',
      },
    });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      '{"job":"accepted","eta_s":30}',
    );
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    const again = f.state.jobs[0]!;
    f.state.libraryItems = [
      makeLibraryItem({
        id: 'itm_sub',
        title: 'Subtitle video',
        kind: 'subtitle-video',
        file: 'Subtitle video.mp4',
      }),
    ];
    f.emitJobUpdated({ ...again, state: 'done', progress: 1, resultItemIds: ['itm_sub'] });
    await user.click(await within(card).findByRole('button', { name: 'Play Subtitle video' }));
    await expectPlayerPlays('cadenza-media://library/Subtitle%20video.mp4', { origin: 'Videos' });
  });

  it('subtitle video from a library video: its service link is sent, the link field goes away', async () => {
    const f = fake();
    f.state.libraryItems.push(
      makeLibraryItem({
        id: 'itm_sing',
        title: 'Hook (singing video)',
        kind: 'singing-video',
        durationMs: 18_000,
        hasServiceUrl: true,
      }),
    );
    const { user } = await renderApp({ fake: f, panels: [videosPanel] });
    const card = screen.getByRole('region', { name: 'Subtitle video' });
    await pickItem(user, card, 'Library video (its service link)', 'Hook (singing video)', 'hook');
    expect(within(card).queryByRole('textbox', { name: 'Video link' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Make subtitle video' }));
    await waitFor(() => expect(f.callsOf('videos.subtitles')).toHaveLength(1));
    const [req] = f.callsOf('videos.subtitles')[0] as [SubtitlesRequest];
    expect(req).toEqual({ video: { kind: 'library', itemId: 'itm_sing' } });
  });

  it('a file dropped on either card is answered: links only, and the library items that can stand in', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [videosPanel] });
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
