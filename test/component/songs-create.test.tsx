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
  it('description mode disables and explains the fields it ignores; counters and model limits are live', async () => {
    const { user } = await open();
    expect(screen.getByRole('radio', { name: 'Description' })).toBeChecked();
    for (const label of ['Title', 'Lyrics', 'Instrumental']) {
      const field = screen.getByLabelText(label);
      expect(field).toBeDisabled();
    }
    expect(
      screen.getAllByText(/Description mode sends only the style prompt and model/),
    ).toHaveLength(3);

    await user.type(screen.getByLabelText('Style prompt'), 'lo-fi rain');
    expect(screen.getByLabelText('Style prompt')).toHaveAccessibleDescription(
      '10 / 180 characters',
    );
    expect(screen.getByLabelText('Model version')).toHaveAccessibleDescription(
      'Up to 4 min per song · lyrics up to 3,000 words',
    );
    await user.selectOptions(screen.getByLabelText('Model version'), 'v3.0');
    expect(screen.getByLabelText('Model version')).toHaveAccessibleDescription(
      'Up to 2 min per song · lyrics up to 1,000 words',
    );
    await user.selectOptions(screen.getByLabelText('Model version'), 'v4.5-plus');
    expect(screen.getByLabelText('Model version')).toHaveAccessibleDescription(
      'Up to 8 min per song · lyrics up to 5,000 words',
    );

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByLabelText('Title')).toBeEnabled();
    expect(screen.getByLabelText('Lyrics')).toBeEnabled();
    await user.click(screen.getByLabelText('Instrumental'));
    expect(screen.getByLabelText('Lyrics')).toBeDisabled();
    expect(screen.getByLabelText('Lyrics')).toHaveAccessibleDescription(
      'Instrumental songs have no vocals: the service ignores lyrics.',
    );
  });

  it('sends only prompt and model in description mode, even after typing custom fields (rule 1)', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Title'), 'Rainy Day');
    await user.type(screen.getByLabelText('Lyrics'), 'drip drop');
    await user.click(screen.getByRole('radio', { name: 'Description' }));
    await user.type(screen.getByLabelText('Style prompt'), 'lo-fi rain');
    await user.click(screen.getByRole('button', { name: 'Create songs' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({
      api: 'v2',
      mode: 'auto',
      prompt: 'lo-fi rain',
      modelVersion: 'v3.5',
    });
  });

  it('custom + instrumental leaves lyrics out (rule 3); section tags insert on their own line; Ctrl+Enter submits', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Style prompt'), 'city pop');
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
      modelVersion: 'v3.5',
      instrumental: true,
      title: 'Neon Tide',
    });
  });

  it('refuses a prompt over 180, a title over 80 and lyrics over the model limit before sending', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Style prompt'), { target: { value: 'x'.repeat(181) } });
    expect(screen.getByLabelText('Style prompt')).toHaveAccessibleDescription(
      '181 / 180 characters',
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 't'.repeat(81) } });
    await user.selectOptions(screen.getByLabelText('Model version'), 'v3.0');
    fireEvent.change(screen.getByLabelText('Lyrics'), { target: { value: 'la '.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Create songs' }));
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
    await user.click(screen.getByLabelText(/Quick mode/));
    expect(screen.getByLabelText('Model version')).toBeDisabled();
    await user.type(screen.getByLabelText('Style prompt'), 'sea shanty');
    await user.click(screen.getByRole('button', { name: 'Create songs' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({ api: 'v1', mode: 'auto', prompt: 'sea shanty' });
    const job = fake.state.jobs[0]!;
    fake.emitJobUpdated({
      ...job,
      state: 'done',
      progress: 1,
      updatedAt: new Date().toISOString(),
    });
    expect(
      await screen.findByText('Songs left: 40 (was 41 before your last submission)'),
    ).toBeInTheDocument();
  });

  it("shows main's field errors next to the field", async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('songs.create', {
      code: 'validation',
      message: 'bad',
      fields: { prompt: 'The service says: string too long' },
    });
    const { user } = await open(fake);
    await user.type(screen.getByLabelText('Style prompt'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Create songs' }));
    expect(await screen.findByText('The service says: string too long')).toBeInTheDocument();
  });
});

describe('Songs: progress', () => {
  it('shows both takes with their status, plays a streaming take, and shows a failure reason', async () => {
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
      outputs: [
        { ...base, status: 'streaming', durationMs: null, failReason: null },
        {
          ...base,
          status: 'failed',
          durationMs: null,
          failReason: 'Generation failed: the audio could not be produced',
        },
      ],
    });
    fake.emitJobUpdated(job);
    const card = await screen.findByRole('listitem', { name: 'Song job: Neon Tide' });
    const take1 = within(card).getByRole('listitem', { name: 'Neon Tide (take 1)' });
    const take2 = within(card).getByRole('listitem', { name: 'Neon Tide (take 2)' });
    expect(within(take1).getByTestId('take-status')).toHaveTextContent(
      'Generating — playable while it streams',
    );
    expect(within(take2).getByRole('alert')).toHaveTextContent(
      'Generation failed: the audio could not be produced',
    );
    expect(within(take2).queryByRole('button', { name: /Play/ })).not.toBeInTheDocument();
    await user.click(within(take1).getByRole('button', { name: 'Play Neon Tide (take 1)' }));
    await waitFor(() =>
      expect(playerBar().getAttribute('data-src')).toMatch(
        /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/,
      ),
    );
    await expectPlayerPlays(playerBar().getAttribute('data-src')!, {
      title: 'Neon Tide (take 1)',
      origin: 'Songs · not in the queue',
    });
    expect(
      within(take1).getByRole('button', { name: 'Pause Neon Tide (take 1)' }),
    ).toBeInTheDocument();
    expect(fake.callsOf('songs.preview')).toEqual([[job.id, 0]]);
  });
});
