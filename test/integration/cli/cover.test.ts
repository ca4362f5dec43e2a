import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mp3Frame } from '../../support/media-fixtures';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-cover-key-4e7d1a90';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: {
    stepMs: 20,
    counters: { key_cover_counts: 10, key_vc_counts: 5, key_singing_credits: 10 },
  },
  pollIntervalMs: 60,
});
const env = (): NodeJS.ProcessEnv => cli.env();
const service = (path?: string) =>
  cli.emu.log.filter((e) => e.origin === 'service' && (!path || e.path === path));
const tone = (s: number) => `${cli.emu.mediaUrl}/media/tone.mp3?seconds=${s}`;

interface ItemJson {
  job_id: string;
  item: {
    kind: string;
    title: string;
    singer: string;
    media_file: string;
    parent_id: string | null;
  };
}

describe('cadenza cover', () => {
  it('uploads a file (the service gets its exact bytes) and saves the cover in the library', async () => {
    // an ID3 tag and MPEG frames (the cover check probes for audio), payloads random
    const frames = Array.from({ length: 6250 }, () => {
      const f = mp3Frame();
      randomBytes(56).copy(f, 40);
      return f;
    });
    const bytes = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), ...frames]);
    const file = join(cli.box.root, 'Night Drive.mp3');
    writeFileSync(file, bytes);
    const r = await runCli(['cover', file, '--singer', 'Mei Lin', '--tran', '-2', '--json'], {
      env: env(),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ItemJson & {
      cover_counts: { before: number; after: number };
    };
    expect(out.item).toMatchObject({
      kind: 'cover',
      title: 'Night Drive (Mei Lin cover)',
      singer: 'Mei Lin',
    });
    expect(out.cover_counts).toEqual({ before: 10, after: 9 });
    // the saved file is tagged (title, recipe…); the audio after its ID3v2 tag is the service's
    const saved = readFileSync(out.item.media_file);
    expect(saved.subarray(0, 3).toString('latin1')).toBe('ID3');
    const tagEnd = 10 + ((saved[6]! << 21) | (saved[7]! << 14) | (saved[8]! << 7) | saved[9]!);
    expect(saved.length - tagEnd).toBe(1250 * 96);
    const sent = service('/v1/cover')[0]!.multipart!;
    expect(sent.fields).toMatchObject({ singer_id: '103', tran: '-2', is_custom_singer: 'false' });
    expect(sent.files[0]!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(r.stdout).not.toContain(KEY);
  });

  it('a link, a wrong tran and an unknown answer shape', async () => {
    const ok = await runCli(
      ['cover', '--link', 'https://video.example.com/w?v=1', '--singer', '101'],
      { env: env() },
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Title\s+Video \(Aria Bright cover\)/);
    const bad = await runCli(
      ['cover', '--link', 'https://video.example.com/w?v=1', '--singer', '101', '--tran', '13'],
      { env: env() },
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/between -12 and 12/);
    cli.emu.configure({ shapes: { cover: 'none' } });
    const odd = await runCli(
      ['cover', '--link', 'https://video.example.com/w?v=2', '--singer', '101'],
      { env: env() },
    );
    expect(odd.code).toBe(1);
    expect(odd.stderr).toContain(
      'The service said: Success — {"state":"done","note":"cover finished"}',
    );
    expect(service('/v1/cover')).toHaveLength(2);
  });
});

describe('cadenza singer', () => {
  it('4:59 of audio is refused with no request to the service; 5:00 trains, and the singer sings a cover by name', async () => {
    const short = await runCli(['singer', 'train', tone(120), tone(179), '--name', 'Tenor'], {
      env: env(),
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(
      /must last 5 to 45 minutes in total; these links last 4:58\. Nothing was sent\./,
    );
    expect(service()).toEqual([]);

    const r = await runCli(
      ['singer', 'train', tone(120), tone(180), '--name', 'Tenor', '--wait', '--json'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      singer_id: string;
      name: string;
      state: string;
      vc_counts: { before: number; after: number };
    };
    expect(out).toMatchObject({
      name: 'Tenor',
      state: 'ready',
      vc_counts: { before: 5, after: 4 },
    });
    expect(service('/v1/cover/generate-custom-singer')[0]!.json).toEqual({
      urls: [tone(120), tone(180)],
    });

    const list = JSON.parse(
      (await runCli(['singer', 'list', '--json'], { env: env() })).stdout,
    ) as Array<{ id: string; name: string; custom: boolean }>;
    expect(list[0]).toMatchObject({ id: out.singer_id, name: 'Tenor', custom: true });
    const cover = await runCli(
      ['cover', '--link', 'https://video.example.com/w?v=3', '--singer', 'tenor', '--json'],
      { env: env() },
    );
    expect(cover.code).toBe(0);
    expect((JSON.parse(cover.stdout) as ItemJson).item.singer).toBe('Tenor');
    expect(service('/v1/cover')[0]!.multipart!.fields).toMatchObject({
      singer_id: out.singer_id,
      is_custom_singer: 'true',
    });
  });

  it('without --wait returns once accepted; check measures only', async () => {
    const check = await runCli(['singer', 'check', tone(300)], { env: env() });
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/OK: 5:00 of audio/);
    expect(service()).toEqual([]);
    const r = await runCli(['singer', 'train', tone(400), '--name', 'Quick', '--json'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Quick', task_id: expect.any(String) });
  });
});

describe('cadenza video', () => {
  it('sing: measured links, the MP4 in the library; refused before sending when the audio is too long', async () => {
    const r = await runCli(
      [
        'video',
        'sing',
        '--audio',
        tone(8),
        '--image',
        `${cli.emu.mediaUrl}/media/photo.png`,
        '--title',
        'Me singing',
        '--json',
      ],
      { env: env() },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ItemJson;
    expect(out.item).toMatchObject({ kind: 'singing-video', title: 'Me singing' });
    expect(readFileSync(out.item.media_file).toString('latin1', 4, 8)).toBe('ftyp');
    const long = await runCli(
      ['video', 'sing', '--audio', tone(45), '--image', `${cli.emu.mediaUrl}/media/photo.png`],
      { env: env() },
    );
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/2 to 30 seconds \(it lasts 45\.0 s\)/);
    expect(service('/v1/singing/generate')).toHaveLength(1);
  });

  it('subtitles: the video lands in the library', async () => {
    const r = await runCli(
      ['video', 'subtitles', '--video', `${cli.emu.mediaUrl}/media/video/in.mp4`, '--json'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as ItemJson).item).toMatchObject({
      kind: 'subtitle-video',
      title: 'Subtitle video',
    });
  });
});
