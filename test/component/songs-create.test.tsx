import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreateSongRequest } from '@shared/ipc/songs';
import { songsPanel } from '../../src/renderer/panels/songs';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { lyricsFromPrompt, titleFromPrompt } from '../emulator/catalog';
import { jobRecord, startMain, TEST_KEY, type Main, type MainOptions } from './support/main';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

/** The Songs panel over the real main with a key the emulator accepts (50 songs left). */
async function open(options: MainOptions = {}) {
  const main = await startMain({ key: TEST_KEY, ...options });
  const view = await renderMain({ main, panels: [songsPanel] });
  await screen.findByText(`Songs left: ${main.emulator.counters().key_music_counts}`);
  return view;
}

const POSTED_AUTO = { is_auto: 1, model_version: 'v4.5-plus', prompt: 'lo-fi rain' };
/** The title the emulator gives the songs of "neon tide". */
const NEON = titleFromPrompt('neon tide');

/** What the renderer sent main on Create. */
const sent = (main: Main): CreateSongRequest[] =>
  main.callsOf('songs.create').map((a) => a[0] as CreateSongRequest);
/** What main sent the service to create songs (the bodies of /v2/submit and /v1/music). */
const posted = (main: Main) =>
  main.emulator.log.filter((e) => e.method === 'POST' && /\/v[12]\/(submit|music)$/.test(e.path));

describe('Songs: the Create form', () => {
  it('a balance refusal reads key info again: the counter beside it says the service disagreed', async () => {
    const { user, main } = await open();
    const infoReads = () =>
      main.emulator.log.filter((e) => e.path === '/v1/get_api_key_info').length;
    const readsBefore = infoReads();
    main.emulator.inject({ path: '/v2/submit', kind: 'entitlement', times: 1 });
    await user.type(screen.getByLabelText('Song description'), 'lo-fi rain');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Your key has no songs left/)).toBeInTheDocument();
    // key info was read again, and it still says 50: not "Songs left: 50" beside the refusal
    expect(
      await screen.findByText('Songs left: 50 — but the service said none are left'),
    ).toBeInTheDocument();
    expect(infoReads()).toBeGreaterThan(readsBefore);
    expect(screen.queryByText('Songs left: 50')).not.toBeInTheDocument();
  });

  it('the Description/Custom switch hides the fields the mode does not use (no repeated hints); counters and model limits are live', async () => {
    const { user } = await open();
    const mode = screen.getByRole('radiogroup', { name: 'Mode' });
    expect(within(mode).getByRole('radio', { name: 'Description' })).toBeChecked();
    // description mode: no title, lyrics or instrumental at all (not disabled with a hint)
    for (const label of ['Title', 'Lyrics', /Instrumental/, 'Lyrics idea'])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.queryByText(/switch to Custom/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/Quick mode|\/v1\/music/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Song description'), 'lo-fi rain');
    expect(screen.getByLabelText('Song description')).toHaveAccessibleDescription(
      '10 / 180 characters',
    );
    // the default model is v4.5-plus
    expect(screen.getByLabelText('Model')).toHaveValue('v4.5-plus');
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription(
      'Up to 8 min per song · lyrics up to 5,000 words',
    );
    await user.selectOptions(screen.getByLabelText('Model'), 'v3.0');
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription(
      'Up to 2 min per song · lyrics up to 1,000 words',
    );

    // the switch by keyboard: arrow to Custom
    within(mode).getByRole('radio', { name: 'Description' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(mode).getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByLabelText('Style of music')).toHaveValue('lo-fi rain');
    expect(screen.getByLabelText('Title')).toBeEnabled();
    expect(screen.getByLabelText('Lyrics')).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Section tags' })).toBeInTheDocument();
    // instrumental hides the lyrics; what was typed comes back with them
    await user.type(screen.getByLabelText('Lyrics'), 'drip drop');
    await user.click(screen.getByLabelText(/Instrumental/));
    expect(screen.queryByLabelText('Lyrics')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/Instrumental/));
    expect(screen.getByLabelText('Lyrics')).toHaveValue('drip drop');
    // "both songs in one wait" has no model choice: the model field goes away
    await user.click(screen.getByLabelText('Both songs in one wait'));
    expect(screen.queryByLabelText('Model')).not.toBeInTheDocument();
  });

  it('sends only prompt and model in description mode, even after typing custom fields (rule 1)', async () => {
    const { main, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Title'), 'Rainy Day');
    await user.type(screen.getByLabelText('Lyrics'), 'drip drop');
    await user.click(screen.getByRole('radio', { name: 'Description' }));
    await user.type(screen.getByLabelText('Song description'), 'lo-fi rain');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    expect(sent(main)[0]).toEqual({
      api: 'v2',
      mode: 'auto',
      prompt: 'lo-fi rain',
      modelVersion: 'v4.5-plus',
    });
    await waitFor(() => expect(posted(main)).toHaveLength(1));
    expect(posted(main)[0]!.json).toEqual(POSTED_AUTO);
  });

  it('keeps what was typed while the creator looks at another panel and comes back', async () => {
    const main = await startMain({ key: TEST_KEY });
    const { user } = await renderMain({ main, panels: [songsPanel, settingsPanel] });
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Style of music'), 'city pop');
    await user.type(screen.getByLabelText('Title'), 'Harbour Lights');
    await user.type(screen.getByLabelText('Lyrics'), 'lanterns on the water');
    await user.type(screen.getByLabelText('Lyrics idea'), 'a night ferry');
    await user.click(screen.getByRole('button', { name: /^Settings/ }));
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Songs/ }));
    expect(await screen.findByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByLabelText('Style of music')).toHaveValue('city pop');
    expect(screen.getByLabelText('Title')).toHaveValue('Harbour Lights');
    expect(screen.getByLabelText('Lyrics')).toHaveValue('lanterns on the water');
    expect(screen.getByLabelText('Lyrics idea')).toHaveValue('a night ferry');
    // and what comes back is what is sent
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    expect(sent(main)[0]).toMatchObject({
      mode: 'custom',
      prompt: 'city pop',
      title: 'Harbour Lights',
      lyrics: 'lanterns on the water',
    });
  });

  it('custom + instrumental leaves lyrics out (rule 3); section tags insert on their own line; Ctrl+Enter submits', async () => {
    const { main, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Style of music'), 'city pop');
    await user.click(screen.getByRole('button', { name: 'Insert [Verse]' }));
    await user.type(screen.getByLabelText('Lyrics'), 'Neon lights');
    await user.click(screen.getByRole('button', { name: 'Insert [Chorus]' }));
    expect(screen.getByLabelText('Lyrics')).toHaveValue('[Verse]\nNeon lights\n[Chorus]\n');
    await user.type(screen.getByLabelText('Title'), 'Neon Tide');
    await user.click(screen.getByLabelText('Instrumental'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    expect(sent(main)[0]).toEqual({
      api: 'v2',
      mode: 'custom',
      prompt: 'city pop',
      modelVersion: 'v4.5-plus',
      instrumental: true,
      title: 'Neon Tide',
    });
    await waitFor(() => expect(posted(main)).toHaveLength(1));
    expect(posted(main)[0]!.json).toMatchObject({
      is_auto: 0,
      instrumental: 1,
      title: 'Neon Tide',
    });
    expect(posted(main)[0]!.json).not.toHaveProperty('lyrics');
  });

  it('refuses a prompt over 180, a title over 80 and lyrics over the model limit before sending', async () => {
    const { main, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Style of music'), {
      target: { value: 'x'.repeat(181) },
    });
    expect(screen.getByLabelText('Style of music')).toHaveAccessibleDescription(
      '181 / 180 characters',
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 't'.repeat(81) } });
    await user.selectOptions(screen.getByLabelText('Model'), 'v3.0');
    fireEvent.change(screen.getByLabelText('Lyrics'), { target: { value: 'la '.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Keep the style to 180 characters or fewer (now 181).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Keep the title to 80 characters or fewer (now 81).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Model v3.0 takes at most 1,000 words of lyrics (now 1,001).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(main)).toHaveLength(0);
  });

  it('"Write lyrics" fills lyrics and title from /v1/lyrics and switches to custom mode', async () => {
    const { main, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Lyrics idea'), 'paper boats in the rain');
    await user.click(screen.getByRole('button', { name: 'Write lyrics' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Lyrics')).toHaveValue(
        lyricsFromPrompt('paper boats in the rain'),
      ),
    );
    expect(screen.getByLabelText('Title')).toHaveValue(titleFromPrompt('paper boats in the rain'));
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(main.callsOf('songs.writeLyrics')).toEqual([['paper boats in the rain']]);
  });

  it('shows the remaining music count before and the change after submitting; quick mode sends api v1', async () => {
    const { main, user } = await open();
    await user.click(screen.getByLabelText('Both songs in one wait'));
    expect(screen.queryByLabelText('Model')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Song description'), 'sea shanty');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    expect(sent(main)[0]).toEqual({ api: 'v1', mode: 'auto', prompt: 'sea shanty' });
    // the emulator spends one song per submission; once both songs are in, the count is read again
    expect(
      await screen.findByText('Songs left: 49 (was 50)', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(main.emulator.counters().key_music_counts).toBe(49);
  });

  it('Create sends at once: no key-info round trip before songs.create (main records the count it last knew)', async () => {
    const { main, user } = await open();
    await user.type(screen.getByLabelText('Song description'), 'harbour lights');
    // a key-info read would wait here for ever: Create must not wait for one before it sends
    const release = main.holdNext('account.getKeyInfo');
    const from = main.calls.length;
    const clickAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    const before = main.calls.slice(from).map((c) => c.method);
    // Create asks main only the budget check (answered from the counts main last knew, no
    // service call) and then sends: no key-info read before songs.create
    expect(before.slice(0, before.indexOf('songs.create') + 1)).toEqual([
      'cost.check',
      'songs.create',
    ]);
    await waitFor(() => expect(posted(main)).toHaveLength(1));
    // nor of the service: no key-info read between the click and the POST
    const submitAt = posted(main)[0]!.at;
    const reads = main.emulator.log.filter((e) => e.path === '/v1/get_api_key_info');
    expect(reads.filter((r) => r.at >= clickAt && r.at <= submitAt)).toEqual([]);
    const job = await jobOf(main);
    expect(job.countsBefore?.counts.key_music_counts).toBe(50);
    release();
  });

  it("shows main's field errors next to the field", async () => {
    const { main, user } = await open();
    main.refuseNext('songs.create', {
      code: 'validation',
      message: 'bad',
      fields: { prompt: 'The service says: string too long' },
    });
    await user.type(screen.getByLabelText('Song description'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The service says: string too long')).toBeInTheDocument();
    expect(posted(main)).toHaveLength(0);
  });
});

describe('Songs: progress', () => {
  it('takes show their status and play while streaming; the card has a progress bar, a time estimate and a "Cancel" button', async () => {
    // the emulator's songs move a step per minute of its clock: the test moves it
    const { main, user } = await open({ emulator: { stepMs: 60_000 } });
    await user.type(screen.getByLabelText('Song description'), 'neon tide');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted(main)).toHaveLength(1));
    // queued, processing, then streaming, 40 % of the way through its streaming step
    main.emulator.advance(2 * 60_000 + 24_000);
    const card = await screen.findByRole('listitem', { name: 'Song: neon tide' });
    const take1 = await within(card).findByRole('listitem', { name: `${NEON} · Take 1` });
    await waitFor(() =>
      expect(within(take1).getByTestId('take-status')).toHaveTextContent(
        'Take 1Generating — you can play it already',
      ),
    );
    expect(within(card).getByRole('listitem', { name: `${NEON} · Take 2` })).toBeInTheDocument();
    expect(
      within(card).getByRole('progressbar', { name: 'Progress of neon tide' }),
    ).toHaveAttribute('aria-valuenow', '50');
    // no finished song job of this model yet: the documented default, said as "usually"
    expect(within(card).getByTestId('job-state')).toHaveTextContent(
      'Generating · Usually takes 3 min',
    );
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(take1).getByRole('button', { name: `Play ${NEON} · Take 1` }));
    await waitFor(
      () =>
        expect(playerBar().getAttribute('data-src')).toMatch(
          /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/,
        ),
      { timeout: 20_000 },
    );
    await expectPlayerPlays(playerBar().getAttribute('data-src')!, {
      title: `${NEON} · Take 1`,
      origin: 'Songs · not in the queue',
    });
    expect(
      within(take1).getByRole('button', { name: `Pause ${NEON} · Take 1` }),
    ).toBeInTheDocument();
    const jobId = (await jobOf(main)).id;
    expect(main.callsOf('songs.preview')).toEqual([[jobId, 0]]);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(main.callsOf('jobs.cancel')).toEqual([[jobId]]));
    await waitFor(async () => expect((await jobOf(main)).state).toBe('cancelled'));
  });

  it('failed takes say why once, on the card, and have no Play button', async () => {
    const { user } = await open();
    // the emulator fails both songs of a prompt containing #fail
    await user.type(screen.getByLabelText('Song description'), 'storm #fail');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const card = await screen.findByRole('listitem', { name: 'Song: storm #fail' });
    const title = titleFromPrompt('storm #fail');
    const take2 = await within(card).findByRole('listitem', { name: `${title} · Take 2` });
    await waitFor(() => expect(within(card).getByTestId('job-state')).toHaveTextContent('Failed'));
    // the service gave no reason: the card says what to try
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'The service stopped without saying why. Try again in a moment; if it fails again, change what you asked for.',
    );
    // the same reason is not repeated on each take
    expect(within(take2).queryByRole('alert')).not.toBeInTheDocument();
    for (const take of within(card).getAllByTestId('take'))
      expect(within(take).queryByRole('button', { name: /Play/ })).not.toBeInTheDocument();
  });

  it('the estimate is the median of this user’s finished jobs of the same kind and model', async () => {
    const t0 = Date.now() - 60 * 60_000;
    const done = (tookS: number, modelVersion: string) =>
      jobRecord({
        label: `old ${tookS}`,
        request: { api: 'v2', mode: 'auto', prompt: `old ${tookS}`, modelVersion },
        createdAt: new Date(t0).toISOString(),
        submittedAt: new Date(t0).toISOString(),
        finishedAt: new Date(t0 + tookS * 1000).toISOString(),
      });
    const { main, user } = await open({
      emulator: { stepMs: 60_000 },
      jobs: [
        done(200, 'v4.5-plus'),
        done(240, 'v4.5-plus'),
        done(260, 'v4.5-plus'),
        done(20, 'v3.5'),
      ],
    });
    await user.type(screen.getByLabelText('Song description'), 'fresh one');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const card = await screen.findByRole('listitem', { name: 'Song: fresh one' });
    await waitFor(() => expect(posted(main)).toHaveLength(1));
    main.emulator.advance(2 * 60_000); // generating
    // median of 200, 240, 260 s = 4 min (the 20 s v3.5 job is another model)
    await waitFor(() =>
      expect(within(card).getByTestId('job-state')).toHaveTextContent(
        'Generating · About 4 min left',
      ),
    );
  });
});

/** The one job main recorded in this test. */
async function jobOf(main: Main) {
  const jobs = (await main.core.jobsHost.runtime()).jobs.list();
  const fresh = jobs.filter((j) => !j.label.startsWith('old '));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}
