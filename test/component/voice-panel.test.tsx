/**
 * The Voice panel over the real main: the emulator's voice catalogue and clones, main's favourites
 * and kept copy of the catalogue, takes spoken by the emulator and saved into the library, and
 * recordings checked and uploaded by main.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SpeakRequest } from '@shared/ipc/voices';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { startMain, type Main, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

const KEY = 'sk-test-voice-0000-4321';

beforeEach(() => resetVoicesStore());

/**
 * The Voice panel over a main whose key has 12,500 speech words and 3 clones left; `before` runs
 * on the started main before the window opens (e.g. a clone the key already has).
 */
async function open(before: (main: Main) => unknown = () => undefined, options: MainOptions = {}) {
  const main = await startMain({
    key: KEY,
    ...options,
    emulator: { counters: { key_words_counts: 12_500, key_clone_voices: 3 }, ...options.emulator },
  });
  await before(main);
  const view = await renderMain({ main, panels: [voicePanel] });
  await screen.findByRole('heading', { name: 'Voice' });
  await screen.findByRole('button', { name: 'Use Ava' }, { timeout: 15_000 });
  return view;
}

/** The speaker id main lists for a voice (the emulator's, stable per name). */
async function speakerOf(main: Main, name: string): Promise<string> {
  const listed = await main.api.voices.catalogue({});
  if (!listed.ok) throw new Error(listed.error.message);
  const found = [...listed.value.voices, ...listed.value.clones].find((v) => v.name === name);
  if (!found) throw new Error(`main lists no voice ${name}`);
  return found.speaker;
}

const allVoices = () => within(screen.getByRole('region', { name: 'All voices' }));
const names = () =>
  allVoices()
    .queryAllByRole('button', { name: /^Use / })
    .map((b) => b.getAttribute('aria-label')!.slice(4));

describe('Voice browser', () => {
  it('searches by name and filters by language, gender, style, plan, new and trending', async () => {
    const { user } = await open();
    // the emulator's twelve voices, in the service's order
    expect(names()).toEqual([
      'Ava',
      'Marcus',
      'Lily',
      'Xiaomei',
      'Wei',
      'Haruka',
      'Kenji',
      'Lucía',
      'Étienne',
      'Greta',
      'Min-jun',
      'Beatriz',
    ]);
    await user.type(screen.getByLabelText('Search voices'), 'mar');
    expect(names()).toEqual(['Marcus']);
    await user.clear(screen.getByLabelText('Search voices'));

    await user.selectOptions(screen.getByLabelText('Language'), 'Chinese');
    expect(names()).toEqual(['Xiaomei', 'Wei']);
    await user.selectOptions(screen.getByLabelText('Language'), '');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    expect(names()).toEqual(['Marcus', 'Wei', 'Kenji', 'Étienne', 'Min-jun']);
    await user.selectOptions(screen.getByLabelText('Gender'), '');
    await user.selectOptions(screen.getByLabelText('Style'), 'Story');
    expect(names()).toEqual(['Lily']);
    await user.selectOptions(screen.getByLabelText('Style'), '');
    await user.selectOptions(screen.getByLabelText('Plan'), 'vip');
    expect(names()).toEqual(['Lily', 'Wei', 'Étienne']);
    await user.selectOptions(screen.getByLabelText('Plan'), 'free');
    expect(names()).toEqual(['Ava', 'Marcus', 'Xiaomei', 'Haruka', 'Lucía', 'Greta', 'Beatriz']);
    await user.selectOptions(screen.getByLabelText('Plan'), '');
    await user.click(screen.getByRole('checkbox', { name: 'Trending' }));
    expect(names()).toEqual(['Ava', 'Xiaomei', 'Haruka', 'Min-jun']);
    await user.click(screen.getByRole('checkbox', { name: 'Trending' }));
    await user.click(screen.getByRole('checkbox', { name: 'New' }));
    expect(names()).toEqual(['Lily', 'Haruka', 'Étienne', 'Min-jun']);
  });

  it('shows the cloned voices in their own group and deletes one after confirming', async () => {
    let speaker = '';
    const { user, main } = await open((m) => {
      speaker = m.emulator.addClone('Studio me', 'close mic');
    });
    const group = within(await screen.findByRole('region', { name: 'Your cloned voices' }));
    expect(group.getByText('Studio me')).toBeInTheDocument();
    expect(allVoices().queryByText('Studio me')).not.toBeInTheDocument();
    await user.click(group.getByRole('button', { name: 'Delete Studio me' }));
    expect(main.callsOf('voices.deleteClone')).toEqual([]);
    await user.click(group.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Your cloned voices' })).not.toBeInTheDocument(),
    );
    expect(main.callsOf('voices.deleteClone')).toEqual([[speaker]]);
    // gone at the service too
    expect(main.emulator.cloneVoices()).toEqual([]);
  });

  it('favourites are kept through main and filter the list; samples and avatars play from the media cache', async () => {
    const { user, main } = await open();
    const marcus = await speakerOf(main, 'Marcus');
    await user.click(allVoices().getByRole('button', { name: 'Favourite Marcus' }));
    await waitFor(() =>
      expect(allVoices().getByRole('button', { name: 'Favourite Marcus' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(main.callsOf('voices.setFavourite')).toEqual([[marcus, true]]);
    await waitFor(async () => {
      const prefs = await main.api.voices.prefs();
      expect(prefs.ok && prefs.value.favourites).toEqual([marcus]);
    });
    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    expect(names()).toEqual(['Marcus']);

    await user.click(allVoices().getByRole('button', { name: 'Play sample of Marcus' }));
    // main fetched the sample from the service into its media cache first
    let sample = '';
    await waitFor(() => {
      sample = playerBar().getAttribute('data-src') ?? '';
      expect(sample).toMatch(/^cadenza-media:\/\/cache\/./);
    });
    await expectPlayerPlays(sample, { title: 'Marcus', origin: 'Voice sample · not in the queue' });
    await waitFor(() => expect(main.callsOf('voices.media')).toContainEqual([marcus, 'avatar']));
    await waitFor(() =>
      expect(allVoices().getByRole('listitem').querySelector('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^cadenza-media:\/\/cache\/./),
      ),
    );
    expect(main.emulator.log.some((e) => e.path === `/media/avatar/${marcus}.png`)).toBe(true);
  });

  it('says when it shows the kept copy because the service cannot be reached, and refreshes on request', async () => {
    const { user, main } = await open();
    // main kept the catalogue it fetched; now the service cannot be reached
    await main.emulator.goOffline();
    await user.click(screen.getByRole('button', { name: 'Refresh voices' }));
    await waitFor(() =>
      expect(main.callsOf('voices.catalogue').at(-1)).toEqual([{ refresh: true }]),
    );
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      /Could not reach the service \(.+\)\. Showing the voices kept from/,
    );
    expect(names()).toHaveLength(12);
  });
});

describe('Speak', () => {
  it('counts characters against 500 and words beside the words left, says the unit is not documented, and Ctrl+Enter speaks with the emotion', async () => {
    const { user, main } = await open();
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
    // the service takes its time: the take is still being spoken below
    main.emulator.configure({ stepMs: 3000 });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(main.callsOf('voices.speak')).toHaveLength(1));
    expect(main.callsOf('voices.speak')[0]![0] as SpeakRequest).toEqual({
      text: 'Hello there',
      speaker: await speakerOf(main, 'Marcus'),
      emotion: 'Whispering',
    });
    expect(await screen.findByRole('button', { name: 'Speaking…' })).toBeDisabled();
    await waitFor(() =>
      expect(main.emulator.log.find((e) => e.path === '/v1/text2speech')?.json).toMatchObject({
        text: 'Hello there',
        emotion: 'Whispering',
      }),
    );
  });

  it('counts a Chinese paragraph as its words, not as one word between spaces, for the words gate', async () => {
    const { user } = await open(undefined, {
      emulator: { counters: { key_words_counts: 3, key_clone_voices: 3 } },
    });
    await user.click(allVoices().getByRole('button', { name: 'Use Xiaomei' }));
    const text = screen.getByLabelText('Text to speak');
    await waitFor(() => expect(text).toHaveAccessibleDescription(/3 text-to-speech words left/));
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
    const { user, main } = await open();
    await user.click(allVoices().getByRole('button', { name: 'Use Ava' }));
    await user.type(screen.getByLabelText('Text to speak'), 'First take');
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(main.callsOf('voices.speak')).toHaveLength(1));
    // the emulator spent one word per character: 12,500 → 12,490, as key info read after says
    expect(
      await screen.findByText('Saved to the library.', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Changed on your key: Text-to-speech words 12,500 → 12,490'),
    ).toBeInTheDocument();
    // main saved the take into the library (300 ms + 60 ms a character of speech)
    const take = await screen.findByRole('listitem', { name: 'Take: First take' });
    expect(take).toHaveTextContent(/Ava · Neutral · 0\.9 s/);
    const listed = await main.api.library.list();
    const saved = listed.ok ? listed.value.find((i) => i.kind === 'tts') : undefined;
    expect(saved).toMatchObject({ title: 'First take' });
    await user.click(within(take).getByRole('button', { name: 'Play take: First take' }));
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(saved!.file)}`, {
      title: 'First take',
      origin: 'Voice take',
    });

    // no words left at the service (the window still believes 12,490)
    main.emulator.setCounter('key_words_counts', 0);
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    // the service refuses it; or, when main's key info was refreshed meanwhile (the account's
    // liveness poll, under load), main's spend check refuses it first and nothing is sent
    const refusedFirst = () => screen.queryByRole('dialog', { name: 'Not enough left' });
    await waitFor(() =>
      expect(main.callsOf('voices.speak').length === 2 || refusedFirst() !== null).toBe(true),
    );
    const said = refusedFirst() ?? (await screen.findByRole('alert', {}, { timeout: 15_000 }));
    expect(said).toHaveTextContent(/text-to-speech words/i);
  }, 120_000);
});

describe('Clone', () => {
  it('drops recordings, shows their checks, uploads with progress, and the new voice is selected', async () => {
    const { user, main } = await open();
    expect(await screen.findByText('3 voice clones left')).toBeInTheDocument();
    // a 3.2 s recording in the creator's folder, dropped from the file manager
    const path = await main.userFile('me.wav', 3.2);
    main.dropFile('me.wav', path);
    const drop = screen.getByRole('region', { name: 'Drop recordings here' });
    const file = new File([new Uint8Array(2048)], 'me.wav', { type: 'audio/wav' });
    fireEvent.drop(drop, { dataTransfer: { files: [file] } });
    const list = await screen.findByRole('list', { name: 'Recordings' });
    // main's check of the file itself: 8 kHz 16-bit mono, 3.2 s
    await waitFor(() => expect(list).toHaveTextContent('me.wav — 50 KB, 3.2 s'));
    // the window sent main the dropped file's path (the preload asked Electron for it)
    expect(main.callsOf('files.registerDropped')).toEqual([[[path], 'audio']]);

    await user.type(screen.getByLabelText('Voice name'), 'Me again');
    // the service takes its time making the voice: the upload's end is seen first
    main.emulator.configure({ stepMs: 1500 });
    await user.click(screen.getByRole('button', { name: 'Clone voice' }));
    await waitFor(() => expect(main.callsOf('voices.clone')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'value',
        '100',
      ),
    );
    expect(screen.getByText('Uploaded; the service is making the voice…')).toBeInTheDocument();
    // the service got the recording itself, under the voice's name
    await waitFor(() => {
      const sent = main.emulator.log.find((e) => e.path === '/v1/clone')?.multipart;
      expect(sent?.fields.name).toBe('Me again');
      expect(sent?.files.map((f) => [f.filename, f.size])).toEqual([['me.wav', 51_244]]);
    });

    // the success is said next to the new voice, in its group (not far away in the clone card)
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('region', { name: 'Your cloned voices' })).getByRole('status'),
        ).toHaveTextContent(`“${iso('Me again')}” is ready to speak.`),
      { timeout: 15_000 },
    );
    expect(screen.getAllByText(`“${iso('Me again')}” is ready to speak.`)).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your cloned voices' })).getByRole('button', {
          name: 'Use Me again',
        }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('region', { name: 'Speak' })).toHaveTextContent('Voice: Me again');
    expect(main.emulator.cloneVoices().map((c) => c.name)).toEqual(['Me again']);
  }, 120_000);

  it('a recording that fails its check blocks cloning; cancelling an upload says no voice was made', async () => {
    const { user, main } = await open();
    main.double.dialogs.answerOpenDialog([
      await main.userFile('blip.wav', 0.4),
      await main.userFile('long.wav', 90),
    ]);
    await user.click(screen.getByRole('button', { name: 'Choose recordings…' }));
    expect(await screen.findByText(/use at least 2\.0 s of speech/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Voice name'), 'Blip');
    expect(screen.getByRole('button', { name: 'Clone voice' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove blip.wav' }));
    expect(screen.getByRole('button', { name: 'Clone voice' })).toBeEnabled();
    // the service holds the upload's answer long enough to cancel
    main.emulator.configure({ stepMs: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Clone voice' }));
    await waitFor(() => expect(main.callsOf('voices.clone')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(main.callsOf('voices.cancelClone')).toHaveLength(1));
    expect(
      await screen.findByText('Upload cancelled; no voice was created.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(main.emulator.cloneVoices()).toEqual([]);
  });
});
