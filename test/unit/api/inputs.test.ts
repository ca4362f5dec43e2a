import { countWords } from '@shared/i18n/words';
import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import {
  CoverFieldsSchema,
  SingingRulesSchema,
  SongRulesSchema,
  TrainSingerRulesSchema,
  fieldErrorsOf,
  TTS_TEXT_MAX_CHARS,
  TtsInputSchema,
  type TtsInput,
} from '@shared/domain/service-inputs';
import {
  EMOTIONS,
  MODEL_LIMITS,
  PROMPT_MAX_CHARS,
  TITLE_MAX_CHARS,
} from '@shared/domain/service-limits';
import { createServiceClient, musicV1Body, submitBody } from '../../../src/main/services/api';

describe('client-side limits', () => {
  it('prompt 1–180 and title ≤ 80', () => {
    expect(fieldErrorsOf(SongRulesSchema, { mode: 'auto', prompt: '' }).prompt).toBeDefined();
    expect(
      fieldErrorsOf(SongRulesSchema, { mode: 'auto', prompt: 'a'.repeat(PROMPT_MAX_CHARS) }),
    ).toEqual({});
    expect(
      fieldErrorsOf(SongRulesSchema, { mode: 'auto', prompt: 'a'.repeat(PROMPT_MAX_CHARS + 1) })
        .prompt,
    ).toMatch(/180/);
    expect(
      fieldErrorsOf(SongRulesSchema, {
        mode: 'custom',
        prompt: 'x',
        title: 't'.repeat(TITLE_MAX_CHARS + 1),
      }).title,
    ).toMatch(/80/);
  });

  it('model version in the list; lyrics word limit per model version', () => {
    expect(
      fieldErrorsOf(SongRulesSchema, { mode: 'auto', prompt: 'x', modelVersion: 'v9' as 'v3.5' })
        .modelVersion,
    ).toBeDefined();
    const lyrics = Array.from({ length: 1001 }, () => 'la').join(' ');
    expect(
      fieldErrorsOf(SongRulesSchema, { mode: 'custom', prompt: 'x', modelVersion: 'v3.0', lyrics })
        .lyrics,
    ).toMatch(/1,000/);
    expect(
      fieldErrorsOf(SongRulesSchema, { mode: 'custom', prompt: 'x', modelVersion: 'v4.5', lyrics }),
    ).toEqual({});
    expect(MODEL_LIMITS['v4.5-plus'].maxLyricsWords).toBe(5000);
    // words as Intl.Segmenter finds them (the one counter, shared/i18n/words): 600 words of 你好
    // are 600 words, not 1,200 (one per character, as a second counter had it)
    const chinese = '你好，'.repeat(600);
    expect(countWords(chinese)).toBe(600);
    expect(
      fieldErrorsOf(SongRulesSchema, {
        mode: 'custom',
        prompt: 'x',
        modelVersion: 'v3.0',
        lyrics: chinese,
      }),
    ).toEqual({});
  });

  it('one pass of the song rules names every field at fault', () => {
    const fields = fieldErrorsOf(SongRulesSchema, {
      mode: 'custom',
      prompt: ' ',
      modelVersion: 'v9',
      title: 't'.repeat(TITLE_MAX_CHARS + 1),
      extend: { songId: '', continueAtS: -1 },
    });
    expect(Object.keys(fields).sort()).toEqual(
      ['continueAtS', 'extend', 'modelVersion', 'prompt', 'title'].sort(),
    );
    expect(fields.modelVersion).toMatch(/v4\.5-plus/);
  });

  it('an extension needs continue_at > 0 within the song', () => {
    expect(
      fieldErrorsOf(SongRulesSchema, {
        mode: 'custom',
        prompt: 'x',
        extend: { songId: 's', continueAtS: 0 },
      }).continueAtS,
    ).toBeDefined();
    expect(
      fieldErrorsOf(SongRulesSchema, {
        mode: 'custom',
        prompt: 'x',
        extend: { songId: 's', continueAtS: 200, songDurationMs: 120_000 },
      }).continueAtS,
    ).toMatch(/120/);
    expect(
      fieldErrorsOf(SongRulesSchema, {
        mode: 'custom',
        prompt: 'x',
        extend: { songId: 's', continueAtS: 60, songDurationMs: 120_000 },
      }),
    ).toEqual({});
  });

  it('tts text 1–500, emotions are the spec 17 plus Neutral', () => {
    const checkTts = (input: TtsInput) => fieldErrorsOf(TtsInputSchema, input);
    expect(EMOTIONS).toHaveLength(18);
    expect(EMOTIONS).toContain('Neutral');
    expect(checkTts({ text: '', speaker: 's' }).text).toBeDefined();
    expect(checkTts({ text: 'x'.repeat(TTS_TEXT_MAX_CHARS + 1), speaker: 's' }).text).toMatch(
      /500/,
    );
    expect(checkTts({ text: 'hi', speaker: 's', emotion: 'Bored' as 'Sad' }).emotion).toBeDefined();
    expect(checkTts({ text: 'hi', speaker: 's', emotion: 'Whispering' })).toEqual({});
    expect(checkTts({ text: ' \n ', speaker: ' ' })).toEqual({
      text: 'Type the text to speak.',
      speaker: 'Choose a voice.',
    });
    // characters as a person counts them: 500 emoji are 1,000 UTF-16 units and still fit
    expect(checkTts({ text: '🎵'.repeat(TTS_TEXT_MAX_CHARS), speaker: 's' })).toEqual({});
  });

  it('cover, training and singing inputs', () => {
    expect(fieldErrorsOf(CoverFieldsSchema, { singerId: 1, hasFile: false }).source).toBeDefined();
    expect(
      fieldErrorsOf(CoverFieldsSchema, { singerId: 1, hasFile: true, videoSiteUrl: 'https://v' })
        .source,
    ).toBeDefined();
    expect(
      fieldErrorsOf(CoverFieldsSchema, { singerId: 1, hasFile: true, tranSemitones: 1.5 })
        .tranSemitones,
    ).toBeDefined();
    expect(
      fieldErrorsOf(TrainSingerRulesSchema, { urls: ['https://a/1.mp3'], totalAudioDurationS: 60 })
        .urls,
    ).toMatch(/5 to 45/);
    expect(
      fieldErrorsOf(SingingRulesSchema, {
        audioUrl: 'https://a/x.mp3',
        imageUrl: 'ftp://x',
        audioDurationS: 31,
      }),
    ).toMatchObject({ audioUrl: expect.stringMatching(/2 to 30/), imageUrl: expect.any(String) });
    expect(
      fieldErrorsOf(SingingRulesSchema, {
        audioUrl: 'https://a/x.mp3',
        imageUrl: 'https://a/x.png',
        imageBytes: 5 * 1024 * 1024,
      }).imageUrl,
    ).toMatch(/4\.7 MB/);
  });
});

describe('request bodies', () => {
  it('auto mode sends only prompt and model_version', () => {
    expect(
      submitBody({ mode: 'auto', prompt: 'lofi', title: 'ignored', lyrics: 'ignored' }),
    ).toEqual({ is_auto: 1, prompt: 'lofi', model_version: 'v4.5-plus' });
  });
  it('an extension is forced into custom mode (is_auto=0) with continue_at and continue_song_id', () => {
    expect(
      submitBody({
        mode: 'auto',
        prompt: 'lofi',
        modelVersion: 'v4.0',
        extend: { songId: 'abc', continueAtS: 42.5 },
      }),
    ).toEqual({
      is_auto: 0,
      prompt: 'lofi',
      model_version: 'v4.0',
      instrumental: 0,
      continue_song_id: 'abc',
      continue_at: 42.5,
    });
  });
  it('instrumental drops the lyrics', () => {
    expect(
      musicV1Body({ mode: 'custom', prompt: 'p', lyrics: 'la', title: 't', instrumental: true }),
    ).toEqual({ is_auto: 0, prompt: 'p', instrumental: 1, title: 't' });
  });
  it('invalid input throws validation before any request', async () => {
    let asked = false;
    const client = createServiceClient({
      baseUrl: 'http://127.0.0.1:9',
      getKey: async () => ((asked = true), 'k'),
    });
    const e = await client.songs
      .submit({ mode: 'custom', prompt: '', extend: { songId: 's', continueAtS: 0 } })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('validation');
    expect(Object.keys((e as AppError).fields ?? {}).sort()).toEqual(['continueAtS', 'prompt']);
    expect(asked).toBe(false);
  });
});
