import { describe, expect, it } from 'vitest';
import { mergeSong } from '@shared/domain/service';
import { keyInfoFromAnswer } from '../../../src/main/services/api/account';
import {
  songFromV1,
  songFromV2,
  songFromV3,
  recordList,
} from '../../../src/main/services/api/song-records';
import { cloneSpeaker, voiceFromRecord } from '../../../src/main/services/api/voices';
import { trainingStatus } from '../../../src/main/services/api/covers';
import {
  findId,
  findUrl,
  AUDIO_URL_NAMES,
  TASK_ID_NAMES,
} from '../../../src/main/services/api/find';
import { redact } from '../../../src/main/services/ground/lenient';

const v2 = (over: Record<string, unknown>) => ({
  song_id: 's1',
  status: 'stream',
  audio: 'https://cdn.example/s1.mp3',
  image: 'https://cdn.example/s1.png',
  audio_duration: -1,
  title: 'Rain',
  lyric: 'line one\\nline two',
  tags: 'lofi',
  ...over,
});

describe('V2 song records', () => {
  it.each([
    ['stream', 'streaming'],
    ['RUNNING', 'streaming'],
    ['running', 'streaming'],
    ['complete', 'complete'],
    ['FINISHED', 'complete'],
    ['COMPLETED', 'complete'],
    ['SUCCESS', 'complete'],
    ['error', 'failed'],
    ['FAILED', 'failed'],
    ['ERROR', 'failed'],
  ])('status %s is %s', (raw, expected) => {
    expect(songFromV2(v2({ status: raw }))?.status).toBe(expected);
  });

  it('queued while there is no audio yet, done once audio_duration > 0', () => {
    expect(songFromV2(v2({ status: 'PENDING', audio: '' }))?.status).toBe('queued');
    expect(songFromV2(v2({ status: 'queued' }))?.status).toBe('queued');
    const done = songFromV2(v2({ status: 'RUNNING', audio_duration: 138280 }));
    expect(done?.status).toBe('complete');
    expect(done?.durationMs).toBe(138280);
  });

  it('keeps the raw status, turns literal \\n into line breaks and never takes -1 as a duration', () => {
    const s = songFromV2(v2({ status: 'RUNNING' }));
    expect(s).toMatchObject({
      id: 's1',
      api: 'v2',
      rawStatus: 'RUNNING',
      title: 'Rain',
      lyrics: 'line one\nline two',
      tags: 'lofi',
    });
    expect(s?.durationMs).toBeUndefined();
  });

  it('drops URLs that are not http(s)', () => {
    const s = songFromV2(v2({ audio: 'file:///etc/passwd', image: 'javascript:alert(1)' }));
    expect(s?.audioUrl).toBeUndefined();
    expect(s?.imageUrl).toBeUndefined();
  });

  it('a later answer with empty title/lyrics keeps the known text', () => {
    const first = songFromV2(v2({}))!;
    const later = songFromV2(
      v2({ status: 'complete', title: '', lyric: '', audio_duration: 60000 }),
    )!;
    const merged = mergeSong(first, later);
    expect(merged).toMatchObject({
      title: 'Rain',
      lyrics: 'line one\nline two',
      status: 'complete',
      durationMs: 60000,
    });
  });
});

describe('V3 task records', () => {
  const rec = (over: Record<string, unknown>) => ({
    id: 't1',
    song_id: 's9',
    title: 'T',
    style: 'jazz',
    duration: 90000,
    audio_url: 'https://m.example/a.mp3',
    cover_url: 'https://m.example/c.png',
    status: 0,
    lyric: 'a\\nb',
    fail_code: null,
    fail_reason: '',
    ...over,
  });
  it.each([
    [0, 'https://m.example/a.mp3', 'complete'],
    [2, 'https://m.example/a.mp3', 'streaming'],
    [4, '', 'queued'],
    [1, '', 'queued'],
    [3, '', 'failed'],
    [-1, '', 'failed'],
  ])('status %i (audio %s) is %s', (status, audio_url, expected) => {
    expect(songFromV3(rec({ status, audio_url }))?.status).toBe(expected);
  });
  it('any fail_code or fail_reason means failed, and says why', () => {
    const s = songFromV3(rec({ status: 4, fail_code: 1002, fail_reason: 'lyrics rejected' }));
    expect(s).toMatchObject({
      status: 'failed',
      failCode: 1002,
      failReason: 'lyrics rejected',
      id: 't1', // the task id (what ?ids= takes); the song id is its own field
      songId: 's9',
      tags: 'jazz',
      lyrics: 'a\nb',
    });
  });
  it('are keyed by the task id; song_id is its own field and "" means absent', () => {
    expect(songFromV3(rec({ status: 4, song_id: '', audio_url: '' }))).toMatchObject({
      id: 't1',
      status: 'queued',
    });
    expect(songFromV3(rec({ status: 4, song_id: '' }))?.songId).toBeUndefined();
    expect(songFromV3(rec({ id: '' }))).toMatchObject({ id: 's9', songId: 's9' });
    expect(songFromV3(rec({ id: 1334851 }))?.id).toBe('1334851');
  });
  it('accepts a bare array or {data: [...]}, and {} as no records', () => {
    expect(recordList([1, 2])).toHaveLength(2);
    expect(recordList({ data: [1] })).toHaveLength(1);
    expect(recordList({})).toEqual([]);
  });
});

describe('V1 music records', () => {
  it('are complete songs keyed by item_uuid', () => {
    const s = songFromV1({
      item_uuid: 'u1',
      audio_file: 'https://m.example/u1.mp3',
      image_file: 'https://m.example/u1.png',
      title: 'X',
      lyric: 'a\\nb',
      tags: 'pop',
    });
    expect(s).toMatchObject({
      id: 'u1',
      api: 'v1',
      status: 'complete',
      lyrics: 'a\nb',
      audioUrl: 'https://m.example/u1.mp3',
    });
  });
});

describe('voices', () => {
  it('reads the spec spelling and camelCase', () => {
    const spec = voiceFromRecord({
      Languagename: 'English',
      speaker: 'uuid-1',
      name: 'Ann',
      isFree: true,
      isvip: false,
      avatar_url: 'https://a/x.png',
      urllist: 'https://a/s.mp3',
      classnamearray: 'calm;warm',
    });
    const camel = voiceFromRecord({
      languageName: 'English',
      speaker: 'uuid-1',
      name: 'Ann',
      isFree: 'true',
      isVip: 0,
      avatarUrl: 'https://a/x.png',
      urlList: 'https://a/s.mp3',
      classNameArray: 'calm;warm',
    });
    expect(spec).toEqual(camel);
    expect(spec).toMatchObject({
      language: 'English',
      classNames: ['calm', 'warm'],
      isFree: true,
      isVip: false,
      sampleUrl: 'https://a/s.mp3',
    });
  });
  it('clone result: speaker, speaker_id, data.speaker or data.speaker_id', () => {
    expect(cloneSpeaker({ speaker: 'a' })).toBe('a');
    expect(cloneSpeaker({ speaker_id: 'b' })).toBe('b');
    expect(cloneSpeaker({ status: 200, data: { speaker: 'c' } })).toBe('c');
    expect(cloneSpeaker({ status: 200, data: { speaker_id: 'd' } })).toBe('d');
  });
});

describe('undocumented shapes', () => {
  it('finds an audio URL by likely names, nested too', () => {
    for (const name of ['audio_url', 'audio', 'oss_url', 'url', 'audio_file']) {
      expect(findUrl({ [name]: 'https://m/x.mp3' }, AUDIO_URL_NAMES)).toBe('https://m/x.mp3');
    }
    expect(findUrl({ result: { audio_url: 'https://m/y.mp3' } }, AUDIO_URL_NAMES)).toBe(
      'https://m/y.mp3',
    );
    expect(findUrl({ state: 'done' }, AUDIO_URL_NAMES)).toBeUndefined();
  });
  it('finds a task id as a string, by name, or nested', () => {
    expect(findId('abc', TASK_ID_NAMES)).toBe('abc');
    expect(findId({ task_id: 't' }, TASK_ID_NAMES)).toBe('t');
    expect(findId({ task: { id: 'n', status: 'pending' } }, TASK_ID_NAMES)).toBe('n');
    expect(findId({ accepted: true }, TASK_ID_NAMES)).toBeUndefined();
  });
  it('maps training statuses', () => {
    expect(trainingStatus('pending')).toBe('queued');
    expect(trainingStatus('RUNNING')).toBe('running');
    expect(trainingStatus('success')).toBe('complete');
    expect(trainingStatus('failed')).toBe('failed');
    expect(trainingStatus('??')).toBe('unknown');
  });
});

describe('key info', () => {
  it('drops x_api_key and coerces numbers sent as strings', () => {
    const info = keyInfoFromAnswer(
      {
        x_api_key: 'sk-secret-1234',
        key_status: '0',
        key_words_counts: '1200',
        key_clone_voices: 3,
        key_cover_counts: '7',
        key_vc_counts: 0,
        key_music_counts: '48',
        key_singing_credits: 5,
        email: 'a@b.c',
        member_id: 42,
        key_created_at: '2024-01-02 03:04:05',
      },
      'sk-secret-1234',
    );
    expect(info).toEqual({
      key_status: 0,
      key_words_counts: 1200,
      key_clone_voices: 3,
      key_cover_counts: 7,
      key_vc_counts: 0,
      key_music_counts: 48,
      key_singing_credits: 5,
      email: 'a@b.c',
      member_id: '42',
      key_created_at: '2024-01-02 03:04:05',
    });
    expect(JSON.stringify(info)).not.toContain('sk-secret');
  });
  it('redact removes the key anywhere in a raw body', () => {
    expect(
      redact(
        { x_api_key: 'k3y-abcdef', note: 'your key k3y-abcdef is bad', list: ['k3y-abcdef'] },
        'k3y-abcdef',
      ),
    ).toEqual({
      note: 'your key [redacted] is bad',
      list: ['[redacted]'],
    });
  });
});
