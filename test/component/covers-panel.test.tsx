import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoverRequest, Link, TrainRequest } from '@shared/ipc/covers';
import { coversPanel } from '../../src/renderer/panels/covers';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import type { Emulator } from '../emulator';
import { FakeCadenza, makeJobView, makeLibraryItem } from './support/fake-cadenza';
import { expectPlayerPlays } from './support/player-checks';
import { pickItem, pickerTitles } from './support/picker';
import { TEST_KEY, type SeedItem } from './support/main';
import { renderApp, renderMain } from './support/render-app';

const KEY = 'sk-test-covers-0000-9876';

function fake(): FakeCadenza {
  const f = new FakeCadenza({ key: KEY });
  f.covers.singers = [
    { id: 'task-77', name: 'My Alto', custom: true, state: 'ready', jobId: 'job_train000001' },
    { id: null, name: 'Still Learning', custom: true, state: 'training', jobId: 'job_train000002' },
    { id: '101', name: 'Aria Bright', custom: false, state: 'ready', jobId: null },
    { id: '102', name: 'Jonah Reed', custom: false, state: 'ready', jobId: null },
  ];
  f.state.libraryItems = [
    makeLibraryItem({
      id: 'itm_dawn',
      title: 'Dawn Chorus',
      kind: 'song',
      durationMs: 95_000,
      hasServiceUrl: true,
    }),
    makeLibraryItem({
      id: 'itm_local',
      title: 'Voice memo',
      kind: 'tts',
      durationMs: 4_000,
      hasServiceUrl: false,
    }),
  ];
  return f;
}

beforeEach(() => resetCoversStore());

const coverCard = () => screen.getByRole('region', { name: 'Make a cover' });

describe('Covers panel: make a cover', () => {
  it('drops a file, picks a custom singer and a key change, uploads with progress, and plays the result from the library', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    // a searchable list: custom singers first; one still training is named, not offered
    const singer = await within(card).findByRole('combobox', { name: 'Singer' });
    expect(singer).toHaveAccessibleDescription(/Still training: Still Learning/);
    await user.click(singer);
    expect(pickerTitles()).toEqual(['My Alto', 'Aria Bright', 'Jonah Reed']);
    // keyboard: type to narrow, arrows, Escape closes
    await user.type(singer, 'jo');
    expect(pickerTitles()).toEqual(['Jonah Reed']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    const file = new File([new Uint8Array(3 * 1048576)], 'Night Drive.mp3', { type: 'audio/mpeg' });
    fireEvent.drop(within(card).getByRole('region', { name: 'Drop an audio file here' }), {
      dataTransfer: { files: [file] },
    });
    expect(await within(card).findByText('Night Drive.mp3')).toBeInTheDocument();
    await pickItem(user, card, 'Singer', 'My Alto', 'alto');
    const tran = within(card).getByRole('spinbutton', { name: 'Key change (semitones)' });
    await user.clear(tran);
    await user.type(tran, '-4');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    const [req] = f.callsOf('covers.create')[0] as [CoverRequest];
    expect(req).toMatchObject({
      singerId: 'task-77',
      isCustomSinger: true,
      tranSemitones: -4,
      source: { kind: 'file' },
    });
    const job = f.state.jobs[0]!;
    f.emitCoverUploadProgress({ jobId: job.id, bytesSent: 1572864, totalBytes: 3145728 });
    expect(await within(card).findByRole('progressbar', { name: 'Upload progress' })).toHaveValue(
      50,
    );
    expect(within(card).getByText(/Uploading… 50%/)).toBeInTheDocument();
    f.state.libraryItems = [
      makeLibraryItem({
        id: 'itm_cover',
        title: 'Night Drive (My Alto cover)',
        kind: 'cover',
        file: 'Night Drive.mp3',
      }),
    ];
    f.emitJobUpdated({ ...job, state: 'done', progress: 1, resultItemIds: ['itm_cover'] });
    await user.click(
      await within(card).findByRole('button', { name: 'Play Night Drive (My Alto cover)' }),
    );
    await expectPlayerPlays('cadenza-media://library/Night%20Drive.mp3', {
      title: 'Night Drive (My Alto cover)',
      origin: 'Covers',
    });
    // the result is a take card: artwork, title, kind and length, Play and a ⋯ menu
    const take = within(card).getByRole('listitem', { name: 'Night Drive (My Alto cover)' });
    expect(take.querySelector('.artwork')).not.toBeNull();
    expect(take).toHaveTextContent(/CoverIn your library/);
    // "Done" is said to screen readers only: the card shows where the cover is
    expect(within(card).getByRole('status')).toHaveClass('visually-hidden');
    await user.click(
      within(take).getByRole('button', { name: 'More for Night Drive (My Alto cover)' }),
    );
    expect(screen.getByRole('menuitem', { name: 'Show in library' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Trim…' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Export…' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('cancel stops the upload', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://video.example.com/w?v=1',
    );
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await user.click(await within(card).findByRole('button', { name: 'Cancel' }));
    expect(f.callsOf('covers.cancel')).toEqual([[f.state.jobs[0]!.id]]);
    expect(await within(card).findByText('Cancelled.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('a library song as the source; a key change out of range shows main’s message on the field', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    await user.click(within(card).getByRole('radio', { name: 'A library song' }));
    await pickItem(user, card, 'Library song', 'Dawn Chorus', 'dawn');
    expect(within(card).getByRole('combobox', { name: 'Library song' })).toHaveValue('Dawn Chorus');
    const tran = within(card).getByRole('spinbutton', { name: 'Key change (semitones)' });
    await user.clear(tran);
    await user.type(tran, '15');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    expect(
      await within(card).findByText(
        'Shift the key by a whole number of semitones between -12 and 12.',
      ),
    ).toBeInTheDocument();
    await user.clear(tran);
    await user.type(tran, '3');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    const last = f.callsOf('covers.create').at(-1) as [CoverRequest];
    expect(last[0]).toMatchObject({
      source: { kind: 'library', itemId: 'itm_dawn' },
      singerId: 'task-77',
      tranSemitones: 3,
    });
  });

  it('a cover that just landed in the library is offered as a library song at once', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    await user.click(within(card).getByRole('radio', { name: 'A library song' }));
    const song = within(card).getByRole('combobox', { name: 'Library song' });
    await user.click(song);
    await waitFor(() => expect(pickerTitles()).toEqual(['Dawn Chorus', 'Voice memo']));
    await user.keyboard('{Escape}');
    f.state.libraryItems = [
      makeLibraryItem({
        id: 'itm_new',
        title: 'Dawn Chorus (Aria Bright cover)',
        kind: 'cover',
        durationMs: 30_000,
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
      ...f.state.libraryItems,
    ];
    f.emitLibraryChanged({ added: ['itm_new'], updated: [], removed: [] });
    // the new cover comes first (newest), fetched by its id alone
    await user.type(song, 'chorus');
    await waitFor(() =>
      expect(pickerTitles()).toEqual(['Dawn Chorus (Aria Bright cover)', 'Dawn Chorus']),
    );
    expect(f.callsOf('library.list').at(-1)).toEqual([{ ids: ['itm_new'] }]);
    await user.keyboard('{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    expect((f.callsOf('covers.create')[0] as [CoverRequest])[0]).toMatchObject({
      source: { kind: 'library', itemId: 'itm_new' },
    });
  });

  it('a cover the service finished before main answered still shows its result (updates are not lost)', async () => {
    const f = fake();
    f.state.libraryItems = [
      makeLibraryItem({
        id: 'itm_quick',
        title: 'Quick (Aria Bright cover)',
        kind: 'cover',
        file: 'Quick.mp3',
      }),
    ];
    // main pushes the job's updates while the create call is still answering
    let jobs = f.state.jobs;
    let emitting = false;
    Object.defineProperty(f.state, 'jobs', {
      configurable: true,
      get: () => jobs,
      set: (next: typeof jobs) => {
        const added = next.find((j) => !jobs.some((o) => o.id === j.id));
        jobs = next;
        if (added && !emitting) {
          emitting = true;
          f.emitJobUpdated({ ...added, state: 'done', progress: 1, resultItemIds: ['itm_quick'] });
          emitting = false;
        }
      },
    });
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://v.example/q',
    );
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await user.click(
      await within(card).findByRole('button', { name: 'Play Quick (Aria Bright cover)' }),
    );
    await expectPlayerPlays('cadenza-media://library/Quick.mp3');
    expect(within(card).getByRole('listitem', { name: 'Quick (Aria Bright cover)' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Make cover' })).toBeEnabled();
  });

  it('shows a failed cover in the service’s own words', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = coverCard();
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://v.example/x',
    );
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    const job = f.state.jobs[0]!;
    const message =
      'The service’s answer could not be read (no audio link in it), so Cadenza could not make the cover. The service said: Success — {"state":"done"}';
    f.emitJobUpdated({ ...job, state: 'failed', error: { code: 'bad_response', message } });
    expect(await within(card).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Covers panel: train a custom singer', () => {
  it('the training picker lists each recording once and no speech: "Make cover" is the primary button', async () => {
    const f = fake();
    const song = (id: string, title: string, kind: 'song' | 'tts' | 'cover', ms: number) =>
      makeLibraryItem({ id, title, kind, durationMs: ms, hasServiceUrl: true });
    f.state.libraryItems = [
      song('itm_a1', 'Dawn Chorus', 'song', 95_000),
      song('itm_a2', 'Dawn Chorus', 'song', 95_000), // the same recording again
      song('itm_a3', 'Dawn Chorus', 'song', 120_000), // another take, another length
      song('itm_sp', 'Hello there', 'tts', 95_000), // speech
      song('itm_cv', 'Dawn Chorus (cover)', 'cover', 95_000),
      makeLibraryItem({ id: 'itm_nolink', title: 'Dawn Chorus demo', durationMs: 60_000 }),
    ];
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = screen.getByRole('region', { name: 'Train a custom singer' });
    const field = await within(card).findByRole('combobox', {
      name: 'Add a library song or cover (its service link)',
    });
    await user.click(field);
    const listed = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(listed()).toEqual([
      'Dawn ChorusSong · 1:35',
      'Dawn ChorusSong · 2:00',
      'Dawn Chorus (cover)Cover · 1:35',
    ]);
    // a chosen one leaves the offer and shows in the list to train from, with a way to remove it
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(card).getByRole('list', { name: /^Chosen for training/ });
    expect(within(chosen).getByText('Dawn Chorus')).toBeInTheDocument();
    expect(within(chosen).getByText('Song · 2:00')).toBeInTheDocument();
    expect(chosen).toHaveAccessibleName('Chosen for training (1)');
    // how far the library audio goes towards the 5–45 minutes
    expect(within(card).getByText(/^From your library so far: 2:00\./)).toBeInTheDocument();
    await user.click(field);
    expect(listed()).toEqual(['Dawn ChorusSong · 1:35', 'Dawn Chorus (cover)Cover · 1:35']);
    await user.keyboard('{Escape}');
    await user.click(within(chosen).getByRole('button', { name: 'Remove “Dawn Chorus”' }));
    expect(within(card).queryByRole('list', { name: /^Chosen for training/ })).toBeNull();
    expect(within(coverCard()).getByRole('button', { name: 'Make cover' })).toHaveClass(
      'button-primary',
    );
  });

  it('trains under a name; the singer shows as training and then in the picker when ready', async () => {
    const f = fake();
    f.covers.trainingCheck = { links: [], totalS: 300, problem: null };
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const card = screen.getByRole('region', { name: 'Train a custom singer' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio links (one per line)' }),
      'https://cdn.example/a.mp3\nhttps://cdn.example/b.wav',
    );
    await user.type(within(card).getByRole('textbox', { name: 'Singer name' }), 'Warm Tenor');
    await user.click(within(card).getByRole('button', { name: 'Train singer' }));
    const [req] = f.callsOf('covers.train')[0] as [TrainRequest];
    expect(req).toEqual({
      name: 'Warm Tenor',
      links: [
        { kind: 'url', url: 'https://cdn.example/a.mp3' },
        { kind: 'url', url: 'https://cdn.example/b.wav' },
      ],
    });
    const mine = await within(card).findByRole('list', { name: 'Your singers' });
    expect(mine).toHaveTextContent('Warm Tenor — training…');
    const job = f.state.jobs[0]!;
    f.covers.singers = f.covers.singers.map((x) =>
      x.jobId === job.id ? { ...x, id: 'task-99', state: 'ready' } : x,
    );
    f.emitJobUpdated({ ...job, state: 'done', progress: 1 });
    await waitFor(() => expect(mine).toHaveTextContent('Warm Tenor — ready'));
    await user.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('Warm Tenor');
    await user.keyboard('{Escape}');
    // the truth about where it is: nothing lands in the library
    const result = within(card).getByRole('group', { name: 'Training result' });
    expect(within(result).getByRole('status')).toHaveTextContent(
      /^Done — the singer is trained\. It lives with the service, on your key \(nothing is added to the library\)/,
    );
    expect(card).not.toHaveTextContent('saved in the library');
    expect(card).toHaveTextContent(
      'Your singers live with the service, on your key — not in the library',
    );
    // and a way to use it
    await user.click(within(mine).getByRole('button', { name: 'Use Warm Tenor in a cover' }));
    expect(within(coverCard()).getByRole('combobox', { name: 'Singer' })).toHaveValue('Warm Tenor');
  });

  it('a training job started before a restart updates its singer when it finishes, with no click', async () => {
    const f = fake();
    await renderApp({ fake: f, panels: [coversPanel] });
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    expect(mine).toHaveTextContent('Still Learning — training…');
    f.covers.singers = f.covers.singers.map((x) =>
      x.jobId === 'job_train000002' ? { ...x, id: 'task-88', state: 'ready' } : x,
    );
    f.emitJobUpdated(
      makeJobView({ id: 'job_train000002', kind: 'custom-singer', state: 'done', progress: 1 }),
    );
    await waitFor(() => expect(mine).toHaveTextContent('Still Learning — ready'));
    await userEvent.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('Still Learning');
  });
});

describe('Covers panel: rename a custom singer', () => {
  it('renames a singer in the list; the picker shows the new name and the id sent stays the same', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(within(mine).getByRole('button', { name: 'Rename My Alto' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for My Alto' });
    expect(field).toHaveValue('My Alto');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '  Velvet Alto {Enter}');
    expect(f.callsOf('covers.renameSinger')).toEqual([['job_train000001', 'Velvet Alto']]);
    await waitFor(() => expect(mine).toHaveTextContent('Velvet Alto — ready'));
    expect(within(mine).queryByRole('textbox')).toBeNull();
    await user.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('Velvet Alto');
    expect(pickerTitles()).not.toContain('My Alto');
    await user.keyboard('{Escape}');
    // a cover with the renamed singer still sends its task id
    await user.click(within(coverCard()).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(coverCard()).getByRole('textbox', { name: 'Video link' }),
      'https://v.example/r',
    );
    await pickItem(user, coverCard(), 'Singer', 'Velvet Alto', 'velvet');
    await user.click(within(coverCard()).getByRole('button', { name: 'Make cover' }));
    expect((f.callsOf('covers.create')[0] as [CoverRequest])[0]).toMatchObject({
      singerId: 'task-77',
      isCustomSinger: true,
    });
  });

  it('a singer still training can be renamed; an empty name cannot be saved; Cancel keeps the old name', async () => {
    const f = fake();
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(within(mine).getByRole('button', { name: 'Rename Still Learning' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for Still Learning' });
    await user.clear(field);
    expect(within(mine).getByRole('button', { name: 'Save name' })).toBeDisabled();
    await user.type(field, 'Never saved');
    await user.click(within(mine).getByRole('button', { name: 'Cancel rename' }));
    expect(mine).toHaveTextContent('Still Learning — training…');
    expect(f.callsOf('covers.renameSinger')).toEqual([]);
    await user.click(within(mine).getByRole('button', { name: 'Rename Still Learning' }));
    await user.type(
      within(mine).getByRole('textbox', { name: 'New name for Still Learning' }),
      '{Escape}',
    );
    expect(within(mine).queryByRole('textbox')).toBeNull();
    expect(f.callsOf('covers.renameSinger')).toEqual([]);
  });

  it('main’s refusal stays on the field and the old name is kept', async () => {
    const f = fake();
    f.failNext('covers.renameSinger', { code: 'validation', message: 'That name is too long.' });
    const { user } = await renderApp({ fake: f, panels: [coversPanel] });
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(within(mine).getByRole('button', { name: 'Rename My Alto' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for My Alto' });
    await user.type(field, ' II');
    await user.click(within(mine).getByRole('button', { name: 'Save name' }));
    expect(await within(mine).findByRole('alert')).toHaveTextContent('That name is too long.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('That name is too long.');
    await user.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('My Alto');
  });
});

/**
 * Training links over the real main: main measures the emulator's media (headers only) and the
 * library songs' service links, and refuses before anything is sent.
 */
describe('Covers panel over the real main: training links', () => {
  const songs = (emu: Emulator): SeedItem[] => [
    {
      id: 'itm_dawn',
      title: 'Dawn Chorus',
      seconds: 6,
      source_url: `${emu.mediaUrl}/media/tone.wav?seconds=148`,
    },
    { id: 'itm_local', title: 'Voice memo', kind: 'tts', seconds: 4 },
  ];
  const open = () => renderMain({ key: TEST_KEY, panels: [coversPanel], library: songs });
  const trainCard = () => screen.getByRole('region', { name: 'Train a custom singer' });

  it('says the service takes links only, measures them, and refuses 4:58 with the reason', async () => {
    const { main, user } = await open();
    const card = trainCard();
    expect(
      within(card).getByText(/only \(http\/https; MP3, WAV or M4A\), 5 to 45 minutes in total/),
    ).toBeInTheDocument();
    const link = `${main.emulator.mediaUrl}/media/tone.wav?seconds=150`;
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio links (one per line)' }),
      link,
    );
    await user.click(
      await within(card).findByRole('combobox', { name: /Add a library song or cover/ }),
    );
    // no service link, and speech: not offered
    await waitFor(() => expect(pickerTitles()).toEqual(['Dawn Chorus']));
    await user.keyboard('{Escape}');
    await pickItem(user, card, /Add a library song or cover/, 'Dawn Chorus');
    await user.click(within(card).getByRole('button', { name: 'Measure links' }));
    const [links] = main.callsOf('covers.checkTraining')[0] as [Link[]];
    expect(links).toEqual([
      { kind: 'url', url: link },
      { kind: 'library', itemId: 'itm_dawn' },
    ]);
    // 150 s + 148 s = 4:58
    const measured = await within(card).findByRole('status', { name: 'Measured training audio' });
    expect(measured).toHaveTextContent(`${link}: 2:30`);
    expect(measured).toHaveTextContent('these links last 4:58. Nothing was sent.');
    expect(within(card).getByRole('button', { name: 'Train singer' })).toBeDisabled();
    expect(main.callsOf('covers.train')).toEqual([]);
    expect(main.emulator.log.filter((e) => e.path.startsWith('/v1/cover'))).toEqual([]);
  });

  it('the measured total reads as the sum of the lines above it (3:19 + 2:40 = 5:59, not 6:00)', async () => {
    const { main, user } = await open();
    const card = trainCard();
    const a = `${main.emulator.mediaUrl}/media/tone.wav?seconds=199.6`;
    const b = `${main.emulator.mediaUrl}/media/tone.wav?seconds=160.6`;
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio links (one per line)' }),
      `${a}\n${b}`,
    );
    await user.click(within(card).getByRole('button', { name: 'Measure links' }));
    const measured = await within(card).findByRole('status', { name: 'Measured training audio' });
    expect(measured).toHaveTextContent(`${a}: 3:19`);
    expect(measured).toHaveTextContent(`${b}: 2:40`);
    expect(measured).toHaveTextContent('Total: 5:59');
  });

  it('a file dropped on the training card is answered: links only, and the library items that can stand in', async () => {
    const { user } = await open();
    const card = trainCard();
    await within(card).findByRole('combobox', {
      name: 'Add a library song or cover (its service link)',
    });
    const file = new File(['x'], 'take.mp3', { type: 'audio/mpeg' });
    fireEvent.drop(card, { dataTransfer: { files: [file], types: ['Files'] } });
    const note = await within(card).findByRole('alert');
    expect(note).toHaveTextContent(
      'Training takes links only: the service cannot receive a file from this computer.',
    );
    const stand = within(note).getByRole('list', { name: 'Library items that can stand in' });
    await waitFor(() =>
      expect(
        within(stand)
          .getAllByRole('listitem')
          .map((li) => li.firstChild?.textContent),
      ).toEqual(['Dawn Chorus']),
    );
    await user.click(within(stand).getByRole('button', { name: 'Use “Dawn Chorus”' }));
    expect(within(card).getByRole('list', { name: /^Chosen for training/ })).toHaveTextContent(
      'Dawn Chorus',
    );
  });

  it('a missing name is shown on the name field; nothing is sent', async () => {
    const { main, user } = await open();
    const card = trainCard();
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio links (one per line)' }),
      `${main.emulator.mediaUrl}/media/tone.wav?seconds=400`,
    );
    await user.click(within(card).getByRole('button', { name: 'Train singer' }));
    expect(
      await within(card).findByText('Name the singer (the name is kept on this computer).'),
    ).toBeInTheDocument();
    expect(main.callsOf('covers.train')).toHaveLength(1);
    expect((await main.core.jobsHost.runtime()).jobs.list()).toEqual([]);
    expect(main.emulator.log.filter((e) => e.path.startsWith('/v1/cover'))).toEqual([]);
  });
});
