import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue, SpeakRequest, VoiceView } from '@shared/ipc/voices';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { FakeCadenza } from './support/fake-cadenza';
import { expectPlayerPlays } from './support/player-checks';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-voice-0000-4321';

const voice = (name: string, over: Partial<VoiceView> = {}): VoiceView => ({
  speaker: `spk-${name.toLowerCase()}`,
  name,
  language: 'English',
  classNames: ['Female', 'Young', 'Narration'],
  classification: 'Narration',
  description: `${name} reads stories`,
  isFree: true,
  isVip: false,
  isNew: false,
  trending: false,
  hasAvatar: true,
  hasSample: true,
  cloned: false,
  ...over,
});

const sampleCatalogue = (): Catalogue => ({
  voices: [
    voice('Ava', { trending: true }),
    voice('Marcus', { classNames: ['Male', 'Middle-aged', 'News'], classification: 'News' }),
    voice('Lily', {
      isFree: false,
      isVip: true,
      isNew: true,
      classNames: ['Female', 'Child', 'Story'],
      classification: 'Story',
    }),
    voice('Xiaomei', {
      language: 'Chinese',
      classNames: ['Female', 'Young', 'Advertising'],
      classification: 'Advertising',
    }),
  ],
  clones: [
    voice('Studio me', {
      cloned: true,
      language: '',
      classNames: [],
      classification: null,
      hasAvatar: false,
      description: 'close mic',
    }),
  ],
  fetchedAt: '2025-03-14T09:00:00.000Z',
  source: 'service',
  error: null,
});

beforeEach(() => resetVoicesStore());

async function open(setup: (fake: FakeCadenza) => void = () => undefined) {
  const fake = new FakeCadenza({ key: KEY });
  fake.voices.catalogue = sampleCatalogue();
  setup(fake);
  const view = await renderApp({ fake, panels: [voicePanel] });
  await screen.findByRole('heading', { name: 'Voice' });
  await screen.findByRole('button', { name: 'Use Ava' });
  return view;
}

const allVoices = () => within(screen.getByRole('region', { name: 'All voices' }));
const names = () =>
  allVoices()
    .queryAllByRole('button', { name: /^Use / })
    .map((b) => b.getAttribute('aria-label')!.slice(4));

describe('Voice browser', () => {
  it('searches by name and filters by language, gender, style, plan, new and trending', async () => {
    const { user } = await open();
    expect(names()).toEqual(['Ava', 'Marcus', 'Lily', 'Xiaomei']);
    await user.type(screen.getByLabelText('Search voices'), 'mar');
    expect(names()).toEqual(['Marcus']);
    await user.clear(screen.getByLabelText('Search voices'));

    await user.selectOptions(screen.getByLabelText('Language'), 'Chinese');
    expect(names()).toEqual(['Xiaomei']);
    await user.selectOptions(screen.getByLabelText('Language'), '');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    expect(names()).toEqual(['Marcus']);
    await user.selectOptions(screen.getByLabelText('Gender'), '');
    await user.selectOptions(screen.getByLabelText('Style'), 'Story');
    expect(names()).toEqual(['Lily']);
    await user.selectOptions(screen.getByLabelText('Style'), '');
    await user.selectOptions(screen.getByLabelText('Plan'), 'vip');
    expect(names()).toEqual(['Lily']);
    await user.selectOptions(screen.getByLabelText('Plan'), 'free');
    expect(names()).toEqual(['Ava', 'Marcus', 'Xiaomei']);
    await user.selectOptions(screen.getByLabelText('Plan'), '');
    await user.click(screen.getByRole('checkbox', { name: 'Trending' }));
    expect(names()).toEqual(['Ava']);
    await user.click(screen.getByRole('checkbox', { name: 'Trending' }));
    await user.click(screen.getByRole('checkbox', { name: 'New' }));
    expect(names()).toEqual(['Lily']);
  });

  it('shows the cloned voices in their own group and deletes one after confirming', async () => {
    const { user, fake } = await open();
    const group = within(screen.getByRole('region', { name: 'Your cloned voices' }));
    expect(group.getByText('Studio me')).toBeInTheDocument();
    expect(allVoices().queryByText('Studio me')).not.toBeInTheDocument();
    await user.click(group.getByRole('button', { name: 'Delete Studio me' }));
    expect(fake.callsOf('voices.deleteClone')).toEqual([]);
    await user.click(group.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Your cloned voices' })).not.toBeInTheDocument(),
    );
    expect(fake.callsOf('voices.deleteClone')).toEqual([['spk-studio me']]);
  });

  it('favourites are kept through main and filter the list; samples and avatars play from the media cache', async () => {
    const { user, fake } = await open();
    await user.click(allVoices().getByRole('button', { name: 'Favourite Marcus' }));
    await waitFor(() =>
      expect(allVoices().getByRole('button', { name: 'Favourite Marcus' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(fake.callsOf('voices.setFavourite')).toEqual([['spk-marcus', true]]);
    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    expect(names()).toEqual(['Marcus']);

    await user.click(allVoices().getByRole('button', { name: 'Play sample of Marcus' }));
    await expectPlayerPlays('cadenza-media://cache/sample-spk-marcus', {
      title: 'Marcus',
      origin: 'Voice sample · not in the queue',
    });
    await waitFor(() =>
      expect(fake.callsOf('voices.media')).toContainEqual(['spk-marcus', 'avatar']),
    );
    const img = allVoices().getByRole('listitem').querySelector('img');
    expect(img).toHaveAttribute('src', 'cadenza-media://cache/avatar-spk-marcus');
  });

  it('says when it shows the kept copy because the service cannot be reached, and refreshes on request', async () => {
    const { user, fake } = await open((f) => {
      f.voices.catalogue = {
        ...sampleCatalogue(),
        source: 'cache',
        error: { code: 'network', message: 'You appear to be offline.' },
      };
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      /Could not reach the service \(You appear to be offline\.\)\. Showing the voices kept from/,
    );
    expect(names()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Refresh voices' }));
    await waitFor(() =>
      expect(fake.callsOf('voices.catalogue').at(-1)).toEqual([{ refresh: true }]),
    );
  });
});

describe('Speak', () => {
  it('counts characters against 500 and words beside the words left, says the unit is not documented, and Ctrl+Enter speaks with the emotion', async () => {
    const { user, fake } = await open();
    await user.click(allVoices().getByRole('button', { name: 'Use Marcus' }));
    const text = screen.getByLabelText('Text to speak');
    await user.type(text, 'Hello there');
    expect(text).toHaveAccessibleDescription(
      /11 \/ 500 characters · 2 words · 12,500 text-to-speech words left/,
    );
    expect(text).toHaveAccessibleDescription(
      /doesn't document whether its speech balance counts characters or words/,
    );
    await user.selectOptions(screen.getByLabelText('Emotion'), 'Whispering');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(fake.callsOf('voices.speak')).toHaveLength(1));
    expect(fake.callsOf('voices.speak')[0]![0] as SpeakRequest).toEqual({
      text: 'Hello there',
      speaker: 'spk-marcus',
      emotion: 'Whispering',
    });
    expect(screen.getByRole('button', { name: 'Speaking…' })).toBeDisabled();
  });

  it('counts a Chinese paragraph as its words, not as one word between spaces, for the words gate', async () => {
    const { user } = await open((f) => {
      f.state.keyInfo = { ...f.state.keyInfo, key_words_counts: 3 };
    });
    await user.click(allVoices().getByRole('button', { name: 'Use Xiaomei' }));
    const text = screen.getByLabelText('Text to speak');
    fireEvent.change(text, { target: { value: '我们明天早上一起去公园散步。' } });
    expect(screen.getByRole('button', { name: 'Speak' })).toBeDisabled();
    expect(screen.getByText(/left on your key; this needs \d+\./)).toBeInTheDocument();
    fireEvent.change(text, { target: { value: 'Three short words' } });
    expect(screen.getByRole('button', { name: 'Speak' })).toBeEnabled();
  });

  it('offers the 17 emotions plus Neutral and refuses more than 500 characters', async () => {
    await open();
    const options = within(screen.getByLabelText('Emotion'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(18);
    expect(options[0]).toBe('Neutral');
    expect(options).toContain('Disgust');
    fireEvent.change(screen.getByLabelText('Text to speak'), {
      target: { value: 'a'.repeat(501) },
    });
    expect(screen.getByText('501 / 500 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speak' })).toBeDisabled();
  });

  it('a finished take shows as saved and is listed with its voice, emotion and text; a failure names the counter', async () => {
    const { user, fake } = await open();
    await user.type(screen.getByLabelText('Text to speak'), 'First take');
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(fake.callsOf('voices.speak')).toHaveLength(1));
    const job = fake.state.jobs[0]!;
    fake.voices.takes = [
      {
        itemId: 'itm_take1',
        title: 'First take',
        text: 'First take',
        voice: 'Ava',
        emotion: 'Neutral',
        durationMs: 960,
        createdAt: '2025-03-14T09:01:00.000Z',
        mediaUrl: 'cadenza-media://library/First%20take.wav',
      },
    ];
    // main saves the take into the library (a library change) and finishes the job
    act(() => fake.emitLibraryChanged({ added: ['itm_take1'], updated: [], removed: [] }));
    // the service spent 10 of its (undocumented) units: key info read after the take says so
    fake.state.keyInfo = { ...fake.state.keyInfo, key_words_counts: 12490 };
    fake.emitJobUpdated({
      ...job,
      state: 'done',
      progress: 1,
      resultItemIds: ['itm_take1'],
      countsBefore: { counts: { key_words_counts: 12500 }, readAt: '2025-03-14T09:00:00.000Z' },
    });
    expect(await screen.findByText('Saved to the library.')).toBeInTheDocument();
    expect(
      await screen.findByText('Changed on your key: Text-to-speech words 12,500 → 12,490'),
    ).toBeInTheDocument();
    const take = await screen.findByRole('listitem', { name: 'Take: First take' });
    expect(take).toHaveTextContent(/Ava · Neutral · 1\.0 s/);
    await user.click(within(take).getByRole('button', { name: 'Play take: First take' }));
    await expectPlayerPlays('cadenza-media://library/First%20take.wav', {
      title: 'First take',
      origin: 'Voice take',
    });

    await user.click(screen.getByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(fake.callsOf('voices.speak')).toHaveLength(2));
    const second = fake.state.jobs[0]!;
    fake.emitJobUpdated({
      ...second,
      state: 'failed',
      error: {
        code: 'entitlement',
        counter: 'key_words_counts',
        message: 'No text-to-speech words left on this key.',
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No text-to-speech words left on this key.',
    );
  });
});

describe('Clone', () => {
  it('drops recordings, shows their checks, uploads with progress, and the new voice is selected', async () => {
    const { user, fake } = await open((f) => {
      f.voices.checks = { 'me.wav': { durationMs: 3200, problem: null } };
    });
    expect(screen.getByText('3 voice clones left')).toBeInTheDocument();
    const drop = screen.getByRole('region', { name: 'Drop recordings here' });
    const file = new File([new Uint8Array(2048)], 'me.wav', { type: 'audio/wav' });
    fireEvent.drop(drop, { dataTransfer: { files: [file] } });
    const list = await screen.findByRole('list', { name: 'Recordings' });
    expect(list).toHaveTextContent('me.wav — 2 KB, 3.2 s');
    expect(fake.callsOf('files.registerDropped')).toEqual([[['me.wav'], 'audio']]);

    await user.type(screen.getByLabelText('Voice name'), 'Me again');
    await user.click(screen.getByRole('button', { name: 'Clone voice' }));
    await waitFor(() => expect(fake.callsOf('voices.clone')).toHaveLength(1));
    const job = fake.state.jobs[0]!;
    fake.emitUploadProgress({ jobId: job.id, bytesSent: 1024, totalBytes: 2048 });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'value',
        '50',
      ),
    );
    expect(screen.getByText(/Uploading… 50% of 2 KB/)).toBeInTheDocument();

    fake.voices.catalogue = {
      ...sampleCatalogue(),
      clones: [
        ...sampleCatalogue().clones,
        voice('Me again', { cloned: true, speaker: 'spk-new' }),
      ],
    };
    fake.emitJobUpdated({ ...job, state: 'done', progress: 1 });
    // the success is said next to the new voice, in its group (not far away in the clone card)
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your cloned voices' })).getByRole('status'),
      ).toHaveTextContent('“Me again” is ready to speak.'),
    );
    expect(screen.getAllByText('“Me again” is ready to speak.')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your cloned voices' })).getByRole('button', {
          name: 'Use Me again',
        }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('region', { name: 'Speak' })).toHaveTextContent('Voice: Me again');
  });

  it('a recording that fails its check blocks cloning; cancelling an upload says no voice was made', async () => {
    const { user, fake } = await open((f) => {
      f.voices.checks = {
        'blip.wav': {
          durationMs: 400,
          problem: 'The recording lasts 0.4 s; use at least 2.0 s of speech.',
        },
      };
      f.pickedFiles = [f.fileInfo('blip.wav', 1500), f.fileInfo('long.wav', 90_000)];
    });
    await user.click(screen.getByRole('button', { name: 'Choose recordings…' }));
    expect(await screen.findByText(/use at least 2\.0 s of speech/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Voice name'), 'Blip');
    expect(screen.getByRole('button', { name: 'Clone voice' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove blip.wav' }));
    expect(screen.getByRole('button', { name: 'Clone voice' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clone voice' }));
    await waitFor(() => expect(fake.callsOf('voices.clone')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(fake.callsOf('voices.cancelClone')).toHaveLength(1));
    const job = fake.state.jobs[0]!;
    fake.emitJobUpdated(job);
    expect(await screen.findByText('Upload cancelled; no voice was created.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
