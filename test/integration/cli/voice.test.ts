import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noiseWav as wav } from '../../support/media-fixtures';
import { runCli, useCliAgainstEmulator } from './run-cli';
import { EXIT_SPEND_REFUSED } from '../../../src/main/services/budget';

const KEY = 'cli-voice-key-9b31c2d7';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 20, counters: { key_words_counts: 1000, key_clone_voices: 2 } },
});
const env = cli.env;
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

interface VoiceJson {
  speaker: string;
  name: string;
  language: string;
  cloned: boolean;
}

describe('cadenza voices', () => {
  it('lists the voices, filters them, and shows the kept copy when the service is down', async () => {
    const all = await runCli(['voices', '--json'], { env: env() });
    expect(all.code).toBe(0);
    const listed = JSON.parse(all.stdout) as {
      source: string;
      voices: VoiceJson[];
      clones: VoiceJson[];
    };
    expect(listed.source).toBe('service');
    expect(listed.voices.length).toBeGreaterThanOrEqual(12);
    expect(listed.voices.find((v) => v.name === 'Ava')).toMatchObject({
      language: 'English',
      cloned: false,
    });
    expect(listed.clones).toEqual([]);
    expect(all.stdout).not.toContain('http');

    const chinese = JSON.parse(
      (
        await runCli(['voices', '--json', '--language', 'Chinese', '--gender', 'Female'], {
          env: env(),
        })
      ).stdout,
    ) as { voices: VoiceJson[] };
    expect(chinese.voices.map((v) => v.name)).toContain('Xiaomei');
    expect(chinese.voices.every((v) => v.language === 'Chinese')).toBe(true);

    cli.emu.inject({ path: '/v1/voices_list', kind: 'http500', times: 10 });
    const offline = await runCli(['voices', '--json'], { env: env() });
    expect(offline.code).toBe(0);
    const kept = JSON.parse(offline.stdout) as { source: string; voices: VoiceJson[] };
    expect(kept.source).toBe('cache');
    expect(kept.voices).toHaveLength(listed.voices.length);
    expect(offline.stderr).toMatch(/showing the copy from/);

    const table = await runCli(['voices', '--offline', '--search', 'ava'], { env: env() });
    expect(table.stdout).toMatch(/^Ava\s+English\s+Female/m);
    expect(table.stdout).not.toMatch(/^Marcus/m);
  }, 30_000);
});

describe('cadenza tts', () => {
  it('speaks with an emotion into the library and prints the sidecar', async () => {
    const text = 'Welcome to the studio.';
    const r = await runCli(
      ['tts', '--text', text, '--voice', 'Ava', '--emotion', 'cheerful', '--json'],
      { env: env() },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      words_counts: { before: number; after: number };
      take: {
        kind: string;
        voice: string;
        emotion: string;
        lyrics: string;
        duration_ms: number;
        media_file: string;
        service_ids: Record<string, string>;
      };
    };
    const sent = cli.emu.log.find((e) => e.path === '/v1/text2speech');
    const ava = JSON.parse(
      (await runCli(['voices', '--json', '--offline', '--search', 'Ava'], { env: env() })).stdout,
    ) as { voices: VoiceJson[] };
    expect(sent?.json).toEqual({ text, speaker: ava.voices[0]!.speaker, emotion: 'Cheerful' });
    expect(out.take).toMatchObject({
      kind: 'tts',
      voice: 'Ava',
      emotion: 'Cheerful',
      lyrics: text,
      service_ids: { speaker: ava.voices[0]!.speaker },
    });
    // the emulator makes 300 ms + 60 ms per character
    expect(out.take.duration_ms).toBe(300 + 60 * text.length);
    expect(out.take.media_file.startsWith(cli.box.libraryDir)).toBe(true);
    expect(readFileSync(out.take.media_file).subarray(0, 4).toString()).toBe('RIFF');
    expect(existsSync(`${out.take.media_file}.json`)).toBe(true);
    expect(out.words_counts.before - out.words_counts.after).toBe(text.length);
    expect(r.stdout).not.toContain(KEY);
  }, 30_000);

  it('running out of words is refused before sending, in one line naming the counter; nothing lands in the library', async () => {
    cli.emu.setCounter('key_words_counts', 3);
    const r = await runCli(['tts', '--text', 'Far too many words for three.', '--voice', 'Ava'], {
      env: env(),
    });
    // the text counts more words than the key has left: refused before anything is sent (exit 3)
    expect(r.code).toBe(EXIT_SPEND_REFUSED);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^cadenza: refused, nothing sent: .*text-to-speech words/i);
    expect(cli.emu.log.filter((e) => e.path === '/v1/text2speech')).toEqual([]);
    expect(
      existsSync(cli.box.libraryDir)
        ? readdirSync(cli.box.libraryDir).filter((n) => n.endsWith('.wav'))
        : [],
    ).toEqual([]);
  }, 30_000);

  it('refuses text over 500 characters and an unknown emotion before sending', async () => {
    const long = await runCli(['tts', '--text', 'a'.repeat(501), '--voice', 'Ava'], { env: env() });
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/500 characters or fewer/);
    const bad = await runCli(['tts', '--text', 'hi', '--voice', 'Ava', '--emotion', 'Grumpy'], {
      env: env(),
    });
    expect(bad.code).toBe(2);
    expect(cli.emu.log.filter((e) => e.path === '/v1/text2speech')).toEqual([]);
  }, 30_000);
});

describe('cadenza clone', () => {
  it('uploads the exact bytes, the new voice speaks, lists and deletes', async () => {
    const a = wav(3.2);
    const b = wav(2.5);
    writeFileSync(join(cli.box.root, 'take one.wav'), a);
    writeFileSync(join(cli.box.root, 'take2.wav'), b);
    const r = await runCli(
      [
        'clone',
        '--name',
        'Studio me',
        '--description',
        'close mic',
        join(cli.box.root, 'take one.wav'),
        join(cli.box.root, 'take2.wav'),
        '--json',
      ],
      { env: env() },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      speaker: string;
      files: { name: string; duration_ms: number }[];
      clone_voices: { before: number; after: number };
    };
    expect(out.files).toEqual([
      { name: 'take one.wav', size_bytes: a.length, duration_ms: 3200 },
      { name: 'take2.wav', size_bytes: b.length, duration_ms: 2500 },
    ]);
    expect(out.clone_voices).toEqual({ before: 2, after: 1 });
    const upload = cli.emu.log.find((e) => e.path === '/v1/clone');
    expect(upload?.multipart?.fields).toMatchObject({
      name: 'Studio me',
      description: 'close mic',
    });
    expect(upload?.multipart?.files.map((f) => [f.filename, f.sha256])).toEqual([
      ['take one.wav', sha(a)],
      ['take2.wav', sha(b)],
    ]);
    expect(cli.emu.cloneVoices()).toEqual([
      { speaker: out.speaker, name: 'Studio me', description: 'close mic' },
    ]);

    const listed = JSON.parse(
      (await runCli(['voices', '--json', '--offline'], { env: env() })).stdout,
    ) as { clones: VoiceJson[] };
    expect(listed.clones).toEqual([
      expect.objectContaining({ speaker: out.speaker, name: 'Studio me', cloned: true }),
    ]);

    const spoken = await runCli(['tts', '--text', 'It is me.', '--voice', 'Studio me', '--json'], {
      env: env(),
    });
    expect(spoken.code).toBe(0);
    expect((JSON.parse(spoken.stdout) as { take: { voice: string } }).take.voice).toBe('Studio me');
    expect(cli.emu.log.filter((e) => e.path === '/v1/text2speech').at(-1)?.json).toMatchObject({
      speaker: out.speaker,
    });

    const del = await runCli(['voices', 'delete', out.speaker], { env: env() });
    expect(del.code).toBe(0);
    expect(cli.emu.cloneVoices()).toEqual([]);
    // already gone counts as deleted
    expect((await runCli(['voices', 'delete', out.speaker], { env: env() })).code).toBe(0);
  }, 40_000);

  it('refuses a recording that is too short before spending anything', async () => {
    writeFileSync(join(cli.box.root, 'blip.wav'), wav(0.5));
    const r = await runCli(['clone', '--name', 'Blip', join(cli.box.root, 'blip.wav')], {
      env: env(),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^cadenza: blip\.wav: The recording lasts 0\.5 s; use at least 2\.0 s/m,
    );
    expect(cli.emu.log.filter((e) => e.path === '/v1/clone')).toEqual([]);
    expect(cli.emu.counters().key_clone_voices).toBe(2);
  }, 30_000);

  it('usage errors: missing --name or files', async () => {
    expect((await runCli(['clone', 'x.wav'], { env: env() })).code).toBe(2);
    expect((await runCli(['clone', '--name', 'X'], { env: env() })).code).toBe(2);
  });
});
