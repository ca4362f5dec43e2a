/**
 * The service-input rules (shared/domain/service-inputs.ts) say each fault by key (issue 27): the
 * renderer shows it in the app's language, main and the CLI keep the English words written beside
 * the key. Those words must be the English catalog's, so every rule is driven here and checked.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFields,
  CloneFieldsSchema,
  CoverFieldsSchema,
  LyricsPromptSchema,
  SingingRulesSchema,
  SongRulesSchema,
  SubtitlesRulesSchema,
  TrainSingerRulesSchema,
  TtsInputSchema,
} from '@shared/domain/service-inputs';
import { englishText } from '@shared/i18n/english';

const CASES: [string, Parameters<typeof checkFields>[0], unknown][] = [
  ['tts empty', TtsInputSchema, { text: ' ', speaker: '' }],
  ['tts long', TtsInputSchema, { text: 'x'.repeat(501), speaker: 'x'.repeat(201), emotion: 'no' }],
  [
    'song',
    SongRulesSchema,
    {
      mode: 'custom',
      prompt: ' ',
      modelVersion: 'v9',
      title: 't'.repeat(81),
      extend: { songId: '', continueAtS: -1 },
    },
  ],
  [
    'song long',
    SongRulesSchema,
    {
      mode: 'custom',
      prompt: 'p'.repeat(181),
      modelVersion: 'v3.0',
      lyrics: 'la '.repeat(1001),
      extend: { songId: 's', continueAtS: 50, songDurationMs: 10_000 },
    },
  ],
  [
    'song model',
    SongRulesSchema,
    { mode: 'auto', prompt: 'p', modelVersion: 'v3.0', extend: { songId: 's', continueAtS: 500 } },
  ],
  ['lyrics prompt', LyricsPromptSchema, { prompt: ' ' }],
  ['lyrics prompt long', LyricsPromptSchema, { prompt: 'x'.repeat(5000) }],
  ['clone', CloneFieldsSchema, { name: ' ', fileCount: 0 }],
  [
    'clone long',
    CloneFieldsSchema,
    { name: 'n'.repeat(500), description: 'd'.repeat(5000), fileCount: 999 },
  ],
  [
    'cover',
    CoverFieldsSchema,
    { singerId: '', tranSemitones: 0.5, hasFile: true, videoSiteUrl: 'https://x' },
  ],
  ['cover none', CoverFieldsSchema, { singerId: 1, hasFile: false }],
  ['cover link', CoverFieldsSchema, { singerId: 1, hasFile: false, videoSiteUrl: 'nope' }],
  ['train', TrainSingerRulesSchema, { urls: [], totalAudioDurationS: 60 }],
  ['train many', TrainSingerRulesSchema, { urls: Array.from({ length: 61 }, () => 'https://x') }],
  ['train bad', TrainSingerRulesSchema, { urls: ['nope'] }],
  ['singing', SingingRulesSchema, { audioUrl: 'nope', imageUrl: 'nope' }],
  [
    'singing big',
    SingingRulesSchema,
    { audioUrl: 'https://a', imageUrl: 'https://i', audioDurationS: 99, imageBytes: 9e6 },
  ],
  ['subtitles', SubtitlesRulesSchema, { videoUrl: 'nope' }],
];

describe('service-input rules', () => {
  it('give every message a key whose English words are the message', () => {
    const keys = new Set<string>();
    for (const [name, schema, input] of CASES) {
      const { fields, fieldKeys } = checkFields(schema, input);
      expect(Object.keys(fields).length, name).toBeGreaterThan(0);
      for (const [field, message] of Object.entries(fields)) {
        const keyed = fieldKeys[field];
        expect(keyed, `${name}: ${field} has no key`).toBeDefined();
        expect(englishText(keyed!.key, keyed!.params), `${name}: ${field}`).toBe(message);
        keys.add(keyed!.key);
      }
    }
    // most rules are reached (the first message per field is the one kept)
    expect(keys.size).toBeGreaterThanOrEqual(28);
  });

  it('writes numbers in English as the catalog does (1,000)', () => {
    const { fields } = checkFields(SongRulesSchema, {
      mode: 'custom',
      prompt: 'p',
      modelVersion: 'v3.0',
      lyrics: 'la '.repeat(1001),
    });
    expect(fields.lyrics).toBe('Model v3.0 takes at most 1,000 words of lyrics (now 1,001).');
  });
});
