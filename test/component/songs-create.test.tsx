import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreateSongRequest } from '@shared/ipc/songs';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { FakeCadenza, makeJobView } from './support/fake-cadenza';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-songs-0000-1234';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

async function open(fake = new FakeCadenza({ key: KEY })) {
  const view = await renderApp({ fake, panels: [songsPanel] });
  await screen.findByText('Songs left: 41');
  return view;
}

const sent = (fake: FakeCadenza): CreateSongRequest[] =>
  fake.callsOf('songs.create').map((a) => a[0] as CreateSongRequest);

describe('Songs: the Create form', () => {
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
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Title'), 'Rainy Day');
    await user.type(screen.getByLabelText('Lyrics'), 'drip drop');
    await user.click(screen.getByRole('radio', { name: 'Description' }));
    await user.type(screen.getByLabelText('Song description'), 'lo-fi rain');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({
      api: 'v2',
      mode: 'auto',
      prompt: 'lo-fi rain',
      modelVersion: 'v4.5-plus',
    });
  });

  it('custom + instrumental leaves lyrics out (rule 3); section tags insert on their own line; Ctrl+Enter submits', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Style of music'), 'city pop');
    await user.click(screen.getByRole('button', { name: 'Insert [Verse]' }));
    await user.type(screen.getByLabelText('Lyrics'), 'Neon lights');
    await user.click(screen.getByRole('button', { name: 'Insert [Chorus]' }));
    expect(screen.getByLabelText('Lyrics')).toHaveValue('[Verse]\nNeon lights\n[Chorus]\n');
    await user.type(screen.getByLabelText('Title'), 'Neon Tide');
    await user.click(screen.getByLabelText('Instrumental'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({
      api: 'v2',
      mode: 'custom',
      prompt: 'city pop',
      modelVersion: 'v4.5-plus',
      instrumental: true,
      title: 'Neon Tide',
    });
  });

  it('refuses a prompt over 180, a title over 80 and lyrics over the model limit before sending', async () => {
    const { fake, user } = await open();
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
    expect(sent(fake)).toHaveLength(0);
  });

  it('"Write lyrics" fills lyrics and title from /v1/lyrics and switches to custom mode', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Lyrics idea'), 'paper boats in the rain');
    await user.click(screen.getByRole('button', { name: 'Write lyrics' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Lyrics')).toHaveValue(
        '[Verse]\nFolding paper boats in the rain\n[Chorus]\nPaper boats',
      ),
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Paper Boats');
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(fake.callsOf('songs.writeLyrics')).toEqual([['paper boats in the rain']]);
  });

  it('shows the remaining music count before and the change after submitting; quick mode sends api v1', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByLabelText('Both songs in one wait'));
    expect(screen.queryByLabelText('Model')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Song description'), 'sea shanty');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({ api: 'v1', mode: 'auto', prompt: 'sea shanty' });
    const job = fake.state.jobs[0]!;
    fake.emitJobUpdated({
      ...job,
      state: 'done',
      progress: 1,
      updatedAt: new Date().toISOString(),
    });
    expect(await screen.findByText('Songs left: 40 (was 41)')).toBeInTheDocument();
  });

  it("shows main's field errors next to the field", async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('songs.create', {
      code: 'validation',
      message: 'bad',
      fields: { prompt: 'The service says: string too long' },
    });
    const { user } = await open(fake);
    await user.type(screen.getByLabelText('Song description'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The service says: string too long')).toBeInTheDocument();
  });
});

describe('Songs: progress', () => {
  it('takes show their status, play while streaming, a failure reason; the card has a progress bar, a time estimate and a "Cancel" button', async () => {
    const fake = new FakeCadenza({ key: KEY });
    const { user } = await open(fake);
    const base = {
      title: 'Neon Tide',
      libraryKind: 'song' as const,
      libraryItemId: null,
      receivedBytes: 0,
      totalBytes: null,
    };
    const job = makeJobView({
      label: 'Neon Tide',
      state: 'running',
      progress: 0.4,
      submittedAt: new Date().toISOString(),
      asked: [{ label: 'Model', value: 'v4.5-plus' }],
      outputs: [
        { ...base, status: 'streaming', durationMs: null, failReason: null },
        {
          ...base,
          title: 'Neon Tide (Take 2)',
          status: 'failed',
          durationMs: null,
          failReason: 'Generation failed: the audio could not be produced',
        },
      ],
    });
    fake.emitJobUpdated(job);
    const card = await screen.findByRole('listitem', { name: 'Song: Neon Tide' });
    const take1 = within(card).getByRole('listitem', { name: 'Neon Tide, take 1' });
    // the service's "(Take 2)" is not repeated: the title is the song's, the take a badge
    const take2 = within(card).getByRole('listitem', { name: 'Neon Tide, take 2' });
    expect(within(take2).getByText('Neon Tide')).toBeInTheDocument();
    expect(within(take1).getByTestId('take-status')).toHaveTextContent(
      'Take 1Generating — you can play it already',
    );
    expect(
      within(card).getByRole('progressbar', { name: 'Progress of Neon Tide' }),
    ).toHaveAttribute('aria-valuenow', '40');
    // no finished song job of this model yet: the documented default, said as "usually"
    expect(within(card).getByTestId('job-state')).toHaveTextContent(
      'Generating · Usually takes 3 min',
    );
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(take2).getByRole('alert')).toHaveTextContent(
      'Generation failed: the audio could not be produced',
    );
    expect(within(take2).queryByRole('button', { name: /Play/ })).not.toBeInTheDocument();
    await user.click(within(take1).getByRole('button', { name: 'Play Neon Tide, take 1' }));
    await waitFor(() =>
      expect(playerBar().getAttribute('data-src')).toMatch(
        /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/,
      ),
    );
    await expectPlayerPlays(playerBar().getAttribute('data-src')!, {
      title: 'Neon Tide, take 1',
      origin: 'Songs · not in the queue',
    });
    expect(
      within(take1).getByRole('button', { name: 'Pause Neon Tide, take 1' }),
    ).toBeInTheDocument();
    expect(fake.callsOf('songs.preview')).toEqual([[job.id, 0]]);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.callsOf('jobs.cancel')).toEqual([[job.id]]));
  });

  it('the estimate is the median of this user’s finished jobs of the same kind and model', async () => {
    const fake = new FakeCadenza({ key: KEY });
    await open(fake);
    const t0 = Date.now() - 10 * 60_000;
    const done = (tookS: number, model: string) =>
      makeJobView({
        label: `old ${tookS}`,
        state: 'done',
        asked: [{ label: 'Model', value: model }],
        submittedAt: new Date(t0).toISOString(),
        finishedAt: new Date(t0 + tookS * 1000).toISOString(),
        outputs: [],
      });
    for (const j of [
      done(200, 'v4.5-plus'),
      done(240, 'v4.5-plus'),
      done(260, 'v4.5-plus'),
      done(20, 'v3.5'),
    ])
      fake.emitJobUpdated(j);
    fake.emitJobUpdated(
      makeJobView({
        label: 'Fresh one',
        state: 'running',
        asked: [{ label: 'Model', value: 'v4.5-plus' }],
        submittedAt: new Date().toISOString(),
        outputs: [],
      }),
    );
    const card = await screen.findByRole('listitem', { name: 'Song: Fresh one' });
    // median of 200, 240, 260 s = 4 min (the 20 s v3.5 job is another model)
    expect(within(card).getByTestId('job-state')).toHaveTextContent(
      'Generating · About 4 min left',
    );
  });
});
