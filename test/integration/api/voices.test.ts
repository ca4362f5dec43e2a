import { createHash } from 'node:crypto';
import { audioLike } from '../../support/media-fixtures';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMOTIONS } from '@shared/domain/service-limits';
import { caught, KEY, logged, useEmulator } from './harness';

const h = useEmulator();
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe.each(['spec', 'camel'])('voice list (%s spelling)', (voices) => {
  it('normalises voices with language, flags and media URLs', async () => {
    h.emu.configure({ shapes: { voices } });
    const list = await h.client.voices.list();
    expect(list.length).toBeGreaterThan(3);
    for (const v of list) {
      expect(v.speaker).toMatch(/^[0-9a-f-]{36}$/);
      expect(v.language).not.toBe('');
      expect(v.classNames.length).toBeGreaterThan(0);
      expect(v.sampleUrl?.startsWith(h.emu.mediaUrl)).toBe(true);
      expect(v.avatarUrl?.startsWith(h.emu.mediaUrl)).toBe(true);
    }
    expect(list.some((v) => v.isFree)).toBe(true);
  });
});

describe('text to speech', () => {
  it('speaks with an emotion and the WAV downloads without the key', async () => {
    const [voice] = await h.client.voices.list();
    const r = await h.client.voices.tts({
      text: 'Hello there, creator.',
      speaker: voice!.speaker,
      emotion: 'Cheerful',
    });
    expect(logged(h.emu, '/v1/text2speech')[0]?.json).toEqual({
      text: 'Hello there, creator.',
      speaker: voice!.speaker,
      emotion: 'Cheerful',
    });
    expect(r.name).toBe(voice!.name);
    const dest = join(h.dir, 'hello.wav');
    const d = await h.client.download(r.audioUrl, dest);
    const wav = await readFile(dest);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(d.bytes).toBe(wav.length);
    const media = h.emu.log.filter((e) => e.origin === 'media');
    expect(media).toHaveLength(1);
    expect(media[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('Neutral is accepted like the spec emotions', async () => {
    const [voice] = await h.client.voices.list();
    expect(EMOTIONS).toContain('Neutral');
    await expect(
      h.client.voices.tts({ text: 'Plain.', speaker: voice!.speaker, emotion: 'Neutral' }),
    ).resolves.toMatchObject({ speaker: voice!.speaker });
  });

  it('running out of words names key_words_counts (status 400, "left counts")', async () => {
    const [voice] = await h.client.voices.list();
    h.emu.setCounter('key_words_counts', 3);
    const e = await caught(
      h.client.voices.tts({
        text: 'This is far too long for three words.',
        speaker: voice!.speaker,
      }),
    );
    expect(e.code).toBe('entitlement');
    expect(e.counter).toBe('key_words_counts');
  });

  it('an unknown speaker is in-band with the service message', async () => {
    const e = await caught(h.client.voices.tts({ text: 'hi', speaker: 'no-such-voice' }));
    expect(e.code).toBe('in_band');
    expect(e.message).toContain('speaker not exist');
  });

  it('an injected 422 maps to the text field', async () => {
    h.emu.inject({ path: '/v1/text2speech', kind: 'http422' });
    const e = await caught(h.client.voices.tts({ text: 'hi', speaker: 'x' }));
    expect(e.fields).toEqual({ text: 'Value error, text is not acceptable' });
  });
});

describe('cloning', () => {
  it('uploads name, description and the files; the service receives exactly the bytes', async () => {
    const a = audioLike('wav', 700_000);
    const b = audioLike('mp3', 40_000);
    await writeFile(join(h.dir, 'take one.wav'), a);
    await writeFile(join(h.dir, 'take2.mp3'), b);
    let last = { bytesSent: 0, totalBytes: -1 };
    const r = await h.client.voices.clone(
      {
        name: 'Studio me',
        description: 'close mic',
        files: [join(h.dir, 'take one.wav'), join(h.dir, 'take2.mp3')],
      },
      { onProgress: (p) => (last = p) },
    );
    expect(last.bytesSent).toBe(last.totalBytes);
    const entry = logged(h.emu, '/v1/clone')[0]!;
    expect(entry.headers['x-api-key']).toBe(KEY);
    expect(entry.multipart?.fields).toMatchObject({ name: 'Studio me', description: 'close mic' });
    expect(entry.multipart?.files.map((f) => [f.field, f.filename, f.size, f.sha256])).toEqual([
      ['files', 'take one.wav', a.length, sha(a)],
      ['files', 'take2.mp3', b.length, sha(b)],
    ]);
    expect(h.emu.cloneVoices()).toEqual([
      { speaker: r.speaker, name: 'Studio me', description: 'close mic' },
    ]);
    const mine = await h.client.voices.listClones();
    expect(mine).toEqual([
      expect.objectContaining({ speaker: r.speaker, name: 'Studio me', description: 'close mic' }),
    ]);
  });

  it.each(['data_speaker', 'data_speaker_id', 'speaker', 'speaker_id'])(
    'reads the new voice from the %s shape',
    async (clone) => {
      h.emu.configure({ shapes: { clone } });
      await writeFile(join(h.dir, 'v.wav'), audioLike('wav', 4096));
      const r = await h.client.voices.clone({ name: 'V', files: [join(h.dir, 'v.wav')] });
      expect(r.speaker).toBe(h.emu.cloneVoices()[0]?.speaker);
    },
  );

  it('delete removes the voice; deleting it again ("speaker not exist") still succeeds', async () => {
    await writeFile(join(h.dir, 'v.wav'), audioLike('wav', 4096));
    const { speaker } = await h.client.voices.clone({
      name: 'Gone soon',
      files: [join(h.dir, 'v.wav')],
    });
    await h.client.voices.deleteClone(speaker);
    expect(h.emu.cloneVoices()).toEqual([]);
    await expect(h.client.voices.deleteClone(speaker)).resolves.toBeUndefined();
    expect(logged(h.emu, `/v1/clone_voice_del/${speaker}`)).toHaveLength(2);
  });

  it('no clones left names key_clone_voices', async () => {
    h.emu.setCounter('key_clone_voices', 0);
    await writeFile(join(h.dir, 'v.wav'), audioLike('wav', 4096));
    const e = await caught(h.client.voices.clone({ name: 'V', files: [join(h.dir, 'v.wav')] }));
    expect(e).toMatchObject({ code: 'entitlement', counter: 'key_clone_voices' });
  });

  it('cancelling during the upload stops it: nothing is cloned or charged', async () => {
    await writeFile(join(h.dir, 'big.wav'), audioLike('wav', 16 * 1024 * 1024));
    const before = h.emu.counters().key_clone_voices;
    const ctl = new AbortController();
    const e = await caught(
      h.client.voices.clone(
        { name: 'Big', files: [join(h.dir, 'big.wav')] },
        {
          signal: ctl.signal,
          onProgress: (p) => {
            if (p.bytesSent > 1024 * 1024) ctl.abort();
          },
        },
      ),
    );
    expect(e.code).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 100));
    expect(h.emu.cloneVoices()).toEqual([]);
    expect(h.emu.counters().key_clone_voices).toBe(before);
    const entry = logged(h.emu, '/v1/clone')[0];
    expect(entry?.multipart?.files ?? []).toEqual([]);
  });
});
