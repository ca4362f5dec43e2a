import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoverRequest, Link, TrainRequest } from '@shared/ipc/covers';
import { coversPanel } from '../../src/renderer/panels/covers';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import type { Emulator } from '../emulator';
import { expectPlayerPlays } from './support/player-checks';
import { pickItem, pickerTitles } from './support/picker';
import { TEST_KEY, type Main, type SeedItem, type SeedSinger } from './support/main';
import { renderMain } from './support/render-app';

/** Trained on this computer in an earlier run: one ready, one the service is still training. */
const SINGERS: SeedSinger[] = [
  { name: 'My Alto', jobId: 'job_train000001', state: 'ready' },
  { name: 'Still Learning', jobId: 'job_train000002', state: 'training' },
];
/** The emulator's built-in singers, in its order. */
const BUILT_IN = ['Aria Bright', 'Jonah Reed', 'Mei Lin', 'Rafael Cruz', 'Nova', 'Old Tom'];

const LIBRARY = (emu: Emulator): SeedItem[] => [
  {
    id: 'itm_dawn',
    title: 'Dawn Chorus',
    seconds: 2,
    source_url: `${emu.mediaUrl}/media/tone.wav?seconds=95`,
  },
  { id: 'itm_local', title: 'Voice memo', kind: 'tts', seconds: 1 },
];

/** The Covers panel over the real main, with the singers above and a library. */
function open(library: (emu: Emulator) => SeedItem[] = LIBRARY) {
  return renderMain({ key: TEST_KEY, panels: [coversPanel], singers: SINGERS, library });
}

/** The job main made for the renderer's cover (its one cover job). */
async function coverJob(main: Main) {
  const rt = await main.core.jobsHost.runtime();
  let job = rt.jobs.list().find((j) => j.kind === 'cover');
  await waitFor(() => {
    job = rt.jobs.list().find((j) => j.kind === 'cover');
    expect(job).toBeDefined();
  });
  return job!;
}

/** What the service received for the cover (the multipart form main sent). */
const coverSent = (main: Main) =>
  main.emulator.log.find((e) => e.method === 'POST' && e.path === '/v1/cover')?.multipart;

beforeEach(() => resetCoversStore());

const coverCard = () => screen.getByRole('region', { name: 'Make a cover' });

describe('Covers panel: make a cover', () => {
  it('drops a file, picks a custom singer and a key change, uploads with progress, and plays the result from the library', async () => {
    const { main, user } = await open();
    const card = coverCard();
    // a searchable list: custom singers first; one still training is named, not offered
    const singer = await within(card).findByRole('combobox', { name: 'Singer' });
    await waitFor(() =>
      expect(singer).toHaveAccessibleDescription(/Still training: \u2068Still Learning\u2069/),
    );
    await user.click(singer);
    await waitFor(() => expect(pickerTitles()).toEqual(['My Alto', ...BUILT_IN]));
    // keyboard: type to narrow, arrows, Escape closes
    await user.type(singer, 'jo');
    expect(pickerTitles()).toEqual(['Jonah Reed']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // a 3 s recording in the creator's folder, dropped from the file manager
    const path = await main.userFile('Night Drive.wav', 3);
    main.dropFile('Night Drive.wav', path);
    const file = new File([new Uint8Array(2048)], 'Night Drive.wav', { type: 'audio/wav' });
    fireEvent.drop(within(card).getByRole('region', { name: 'Drop an audio file here' }), {
      dataTransfer: { files: [file] },
    });
    expect(await within(card).findByText('Night Drive.wav')).toBeInTheDocument();
    await pickItem(user, card, 'Singer', 'My Alto', 'alto');
    const tran = within(card).getByRole('spinbutton', { name: 'Key change (semitones)' });
    await user.clear(tran);
    await user.type(tran, '-4');
    // the service takes its time singing: the upload's end is seen first
    main.emulator.configure({ stepMs: 1500 });
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(main.callsOf('covers.create')).toHaveLength(1));
    const [req] = main.callsOf('covers.create')[0] as [CoverRequest];
    expect(req).toMatchObject({
      singerId: main.singerTasks['My Alto'],
      isCustomSinger: true,
      tranSemitones: -4,
      source: { kind: 'file' },
    });
    await waitFor(() =>
      expect(within(card).getByRole('progressbar', { name: 'Upload progress' })).toHaveValue(100),
    );
    expect(within(card).getByText('Uploaded; the service is singing…')).toBeInTheDocument();
    // the service got the recording itself, for the custom singer, a key lower
    await waitFor(() => {
      const sent = coverSent(main);
      expect(sent?.fields).toMatchObject({
        singer_id: main.singerTasks['My Alto'],
        is_custom_singer: 'true',
        tran: '-4',
      });
      expect(sent?.files.map((f) => [f.filename, f.size])).toEqual([['Night Drive.wav', 48_044]]);
    });
    const play = await within(card).findByRole(
      'button',
      { name: 'Play Night Drive (My Alto cover)' },
      { timeout: 15_000 },
    );
    const job = await coverJob(main);
    const item = (await main.core.jobsHost.runtime()).library.get(job.resultItemIds[0]!);
    expect(item).toMatchObject({ kind: 'cover', title: 'Night Drive (My Alto cover)' });
    await user.click(play);
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(item!.file)}`, {
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
  }, 60_000);

  it('cancel stops the cover while the service is still singing', async () => {
    const { main, user } = await open();
    const card = coverCard();
    await within(card).findByRole('combobox', { name: 'Singer' });
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://video.example.com/w?v=1',
    );
    // the service never answers this one
    main.emulator.inject({ path: '/v1/cover', kind: 'timeout' });
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await user.click(await within(card).findByRole('button', { name: 'Cancel' }));
    const job = await coverJob(main);
    expect(main.callsOf('covers.cancel')).toEqual([[job.id]]);
    expect(await within(card).findByText('Cancelled.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await waitFor(async () =>
      expect((await main.core.jobsHost.runtime()).jobs.get(job.id)?.state).toBe('cancelled'),
    );
  });

  it('a library song as the source; a key change out of range shows main’s message on the field', async () => {
    const { main, user } = await open();
    const card = coverCard();
    await within(card).findByRole('combobox', { name: 'Singer' });
    await user.click(within(card).getByRole('radio', { name: 'A library song' }));
    await pickItem(user, card, 'Library song', 'Dawn Chorus', 'dawn');
    expect(within(card).getByRole('combobox', { name: 'Library song' })).toHaveValue('Dawn Chorus');
    await pickItem(user, card, 'Singer', 'My Alto', 'alto');
    const tran = within(card).getByRole('spinbutton', { name: 'Key change (semitones)' });
    await user.clear(tran);
    await user.type(tran, '15');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    expect(
      await within(card).findByText(
        'Shift the key by a whole number of semitones between -12 and 12.',
      ),
    ).toBeInTheDocument();
    expect(coverSent(main)).toBeUndefined();
    await user.clear(tran);
    await user.type(tran, '3');
    const asked = main.callsOf('covers.create').length;
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    // Make cover asks main's budget check first: the request follows its answer
    await waitFor(() => expect(main.callsOf('covers.create')).toHaveLength(asked + 1));
    const last = main.callsOf('covers.create').at(-1) as [CoverRequest];
    expect(last[0]).toMatchObject({
      source: { kind: 'library', itemId: 'itm_dawn' },
      singerId: main.singerTasks['My Alto'],
      tranSemitones: 3,
    });
    // the library song's own file went up
    await waitFor(() =>
      expect(coverSent(main)?.files.map((f) => f.filename)).toEqual(['Dawn Chorus.wav']),
    );
  });

  it('a cover that just landed in the library is offered as a library song at once', async () => {
    const { main, user } = await open();
    const card = coverCard();
    await within(card).findByRole('combobox', { name: 'Singer' });
    await user.click(within(card).getByRole('radio', { name: 'A library song' }));
    const song = within(card).getByRole('combobox', { name: 'Library song' });
    await user.click(song);
    // newest first
    await waitFor(() => expect(pickerTitles()).toEqual(['Voice memo', 'Dawn Chorus']));
    await user.keyboard('{Escape}');
    const listed = main.callsOf('library.list').length;
    await main.addToLibrary([
      {
        id: 'itm_new',
        title: 'Dawn Chorus (Aria Bright cover)',
        kind: 'cover',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    // the new cover comes first (newest), fetched by its id alone
    await user.type(song, 'chorus');
    await waitFor(() =>
      expect(pickerTitles()).toEqual(['Dawn Chorus (Aria Bright cover)', 'Dawn Chorus']),
    );
    expect(main.callsOf('library.list').slice(listed)).toEqual([[{ ids: ['itm_new'] }]]);
    await user.keyboard('{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(main.callsOf('covers.create')).toHaveLength(1));
    expect((main.callsOf('covers.create')[0] as [CoverRequest])[0]).toMatchObject({
      source: { kind: 'library', itemId: 'itm_new' },
    });
  });

  it('a cover the service finished before main answered still shows its result (updates are not lost)', async () => {
    const { main, user } = await open();
    const card = coverCard();
    await within(card).findByRole('combobox', { name: 'Singer' });
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://v.example/q',
    );
    // main's answer to the create call reaches the window only after the job's own updates
    const release = main.holdAnswer('covers.create');
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    const job = await coverJob(main);
    await waitFor(
      async () => expect((await main.core.jobsHost.runtime()).jobs.get(job.id)?.state).toBe('done'),
      { timeout: 15_000 },
    );
    release();
    const title = 'Video (My Alto cover)';
    await user.click(await within(card).findByRole('button', { name: `Play ${title}` }));
    const item = (await main.core.jobsHost.runtime()).library.get(
      (await main.core.jobsHost.runtime()).jobs.get(job.id)!.resultItemIds[0]!,
    );
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(item!.file)}`);
    expect(within(card).getByRole('listitem', { name: title })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Make cover' })).toBeEnabled();
  }, 30_000);

  it('shows a failed cover in the service’s own words', async () => {
    const { main, user } = await open();
    const card = coverCard();
    await within(card).findByRole('combobox', { name: 'Singer' });
    // the service answers without an audio link
    main.emulator.configure({ shapes: { cover: 'none' } });
    await user.click(within(card).getByRole('radio', { name: 'A video link' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Video link' }),
      'https://v.example/x',
    );
    await user.click(within(card).getByRole('button', { name: 'Make cover' }));
    const alert = await within(card).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(
      'Cadenza couldn\'t read the service\'s answer, so it could not make the cover. It may have been charged: check your library and credits before trying again. The service said: Success — {"state":"done","note":"cover finished"}',
    );
  }, 30_000);
});

describe('Covers panel: train a custom singer', () => {
  it('the training picker lists each recording once and no speech: "Make cover" is the primary button', async () => {
    const song =
      (id: string, title: string, kind: 'song' | 'tts' | 'cover', ms: number) =>
      (emu: Emulator): SeedItem => ({
        id,
        title,
        kind,
        file: `${id}.wav`,
        duration_ms: ms,
        source_url: `${emu.mediaUrl}/media/tone.wav?seconds=${ms / 1000}`,
      });
    const { user } = await open((emu) => [
      song('itm_a1', 'Dawn Chorus', 'song', 95_000)(emu),
      song('itm_a2', 'Dawn Chorus', 'song', 95_000)(emu), // the same recording again
      song('itm_a3', 'Dawn Chorus', 'song', 120_000)(emu), // another take, another length
      song('itm_sp', 'Hello there', 'tts', 95_000)(emu), // speech
      song('itm_cv', 'Dawn Chorus (cover)', 'cover', 95_000)(emu),
      { id: 'itm_nolink', title: 'Dawn Chorus demo', duration_ms: 60_000 },
    ]);
    const card = screen.getByRole('region', { name: 'Train a custom singer' });
    const field = await within(card).findByRole('combobox', {
      name: 'Add a library song or cover (its service link)',
    });
    await user.click(field);
    const listed = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() =>
      expect(listed()).toEqual([
        'Dawn Chorus (cover)Cover · 1:35',
        'Dawn ChorusSong · 2:00',
        'Dawn ChorusSong · 1:35',
      ]),
    );
    // a chosen one leaves the offer and shows in the list to train from, with a way to remove it
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(card).getByRole('list', { name: /^Chosen for training/ });
    expect(within(chosen).getByText('Dawn Chorus')).toBeInTheDocument();
    expect(within(chosen).getByText('Song · 2:00')).toBeInTheDocument();
    expect(chosen).toHaveAccessibleName('Chosen for training (1)');
    // how far the library audio goes towards the 5–45 minutes
    expect(within(card).getByText(/^From your library so far: 2:00\./)).toBeInTheDocument();
    await user.click(field);
    expect(listed()).toEqual(['Dawn Chorus (cover)Cover · 1:35', 'Dawn ChorusSong · 1:35']);
    await user.keyboard('{Escape}');
    await user.click(within(chosen).getByRole('button', { name: 'Remove “Dawn Chorus”' }));
    expect(within(card).queryByRole('list', { name: /^Chosen for training/ })).toBeNull();
    expect(within(coverCard()).getByRole('button', { name: 'Make cover' })).toHaveClass(
      'button-primary',
    );
  });

  it('trains under a name; the singer shows as training and then in the picker when ready', async () => {
    const { main, user } = await open();
    const card = screen.getByRole('region', { name: 'Train a custom singer' });
    const a = `${main.emulator.mediaUrl}/media/tone.mp3?seconds=150`;
    const b = `${main.emulator.mediaUrl}/media/tone.wav?seconds=150`;
    await user.type(
      within(card).getByRole('textbox', { name: 'Audio links (one per line)' }),
      `${a}\n${b}`,
    );
    await user.type(within(card).getByRole('textbox', { name: 'Singer name' }), 'Warm Tenor');
    // the service takes its time training
    main.emulator.holdTrainings(true);
    await user.click(within(card).getByRole('button', { name: 'Train singer' }));
    const [req] = main.callsOf('covers.train')[0] as [TrainRequest];
    expect(req).toEqual({
      name: 'Warm Tenor',
      links: [
        { kind: 'url', url: a },
        { kind: 'url', url: b },
      ],
    });
    const mine = await within(card).findByRole('list', { name: 'Your singers' });
    await waitFor(() => expect(mine).toHaveTextContent('Warm Tenor — training…'));
    const sent = main.emulator.log.find((e) => e.path === '/v1/cover/generate-custom-singer');
    expect(sent?.json).toMatchObject({ urls: [a, b] });
    main.emulator.finishTrainings();
    await waitFor(() => expect(mine).toHaveTextContent('Warm Tenor — ready'), { timeout: 10_000 });
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
  }, 30_000);

  it('a training job started before a restart updates its singer when it finishes, with no click', async () => {
    const { main, user } = await open();
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await waitFor(() => expect(mine).toHaveTextContent('Still Learning — training…'));
    main.emulator.finishTrainings([main.singerTasks['Still Learning']!]);
    await waitFor(() => expect(mine).toHaveTextContent('Still Learning — ready'), {
      timeout: 10_000,
    });
    await user.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('Still Learning');
  }, 30_000);
});

describe('Covers panel: rename a custom singer', () => {
  it('renames a singer in the list; the picker shows the new name and the id sent stays the same', async () => {
    const { main, user } = await open();
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(await within(mine).findByRole('button', { name: 'Rename My Alto' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for My Alto' });
    expect(field).toHaveValue('My Alto');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '  Velvet Alto {Enter}');
    expect(main.callsOf('covers.renameSinger')).toEqual([['job_train000001', 'Velvet Alto']]);
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
    // main checks the spend against the budget first (cost:check), then the cover is sent
    await waitFor(() => expect(main.callsOf('covers.create')).toHaveLength(1));
    expect((main.callsOf('covers.create')[0] as [CoverRequest])[0]).toMatchObject({
      singerId: main.singerTasks['My Alto'],
      isCustomSinger: true,
    });
    await waitFor(() =>
      expect(coverSent(main)?.fields).toMatchObject({
        singer_id: main.singerTasks['My Alto'],
        is_custom_singer: 'true',
      }),
    );
  });

  it('a singer still training can be renamed; an empty name cannot be saved; Cancel keeps the old name', async () => {
    const { main, user } = await open();
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(await within(mine).findByRole('button', { name: 'Rename Still Learning' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for Still Learning' });
    await user.clear(field);
    expect(within(mine).getByRole('button', { name: 'Save name' })).toBeDisabled();
    await user.type(field, 'Never saved');
    await user.click(within(mine).getByRole('button', { name: 'Cancel rename' }));
    expect(mine).toHaveTextContent('Still Learning — training…');
    expect(main.callsOf('covers.renameSinger')).toEqual([]);
    await user.click(within(mine).getByRole('button', { name: 'Rename Still Learning' }));
    await user.type(
      within(mine).getByRole('textbox', { name: 'New name for Still Learning' }),
      '{Escape}',
    );
    expect(within(mine).queryByRole('textbox')).toBeNull();
    expect(main.callsOf('covers.renameSinger')).toEqual([]);
  });

  it('main’s refusal stays on the field and the old name is kept', async () => {
    const { main, user } = await open();
    main.refuseNext('covers.renameSinger', {
      code: 'validation',
      message: 'That name is too long.',
    });
    const mine = await screen.findByRole('list', { name: 'Your singers' });
    await user.click(await within(mine).findByRole('button', { name: 'Rename My Alto' }));
    const field = within(mine).getByRole('textbox', { name: 'New name for My Alto' });
    await user.type(field, ' II');
    await user.click(within(mine).getByRole('button', { name: 'Save name' }));
    expect(await within(mine).findByRole('alert')).toHaveTextContent('That name is too long.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('That name is too long.');
    await user.click(within(coverCard()).getByRole('combobox', { name: 'Singer' }));
    expect(pickerTitles()).toContain('My Alto');
    await user.keyboard('{Escape}');
    await user.click(within(mine).getByRole('button', { name: 'Cancel rename' }));
    expect(mine).toHaveTextContent('My Alto — ready');
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
