/**
 * Issue 26 point 8: `--timeout S` on every waiting command, not only the `--wait` ones. `cover`,
 * `video` and `tts` always wait for their result: against a service whose jobs never finish, each
 * ends after S seconds with exit 1 and one line naming what the job still waits for, and the job is
 * kept for `cadenza jobs resume --wait`. A bad value is a usage error (exit 2) before anything is
 * sent (`clone` too).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCliAgainstEmulator } from './run-cli';

const cli = useCliAgainstEmulator({
  key: 'wait-timeout-all-key-61c',
  emulator: {
    stepMs: 20,
    counters: { key_cover_counts: 10, key_singing_credits: 10, key_words_counts: 1000 },
  },
  pollIntervalMs: 60,
  // every job stays queued for the whole test
  eachTest: (emu) => emu.configure({ stepMs: 600_000 }),
});
const tone = (s: number) => `${cli.emu.mediaUrl}/media/tone.mp3?seconds=${s}`;

const TIMED_OUT =
  /^cadenza: Job (\S+) did not finish within 1\.5 s \(still \w+\); run cadenza jobs resume --wait to continue\.$/;

const commands: Record<string, () => string[]> = {
  cover: () => ['cover', '--link', 'https://video.example.com/w?v=9', '--singer', '101'],
  video: () => [
    'video',
    'sing',
    '--audio',
    tone(8),
    '--image',
    `${cli.emu.mediaUrl}/media/photo.png`,
  ],
  tts: () => ['tts', '--text', 'Slowly, please.', '--voice', 'Ava'],
};

describe('--timeout on the commands that always wait', () => {
  for (const [name, argv] of Object.entries(commands)) {
    it(`${name} --timeout ends in time with one line and keeps the job`, async () => {
      const env = cli.env();
      const started = Date.now();
      const r = await runCli([...argv(), '--timeout', '1.5'], { env });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(r.code, r.stderr).toBe(1);
      const last = r.stderr.trim().split('\n').at(-1) ?? '';
      expect(last).toMatch(TIMED_OUT);
      const jobId = TIMED_OUT.exec(last)![1]!;
      const listed = await runCli(['jobs', 'list'], { env });
      expect(listed.stdout).toContain(jobId);
    }, 60_000);
  }

  it('a bad --timeout is a usage error before anything is sent', async () => {
    const env = cli.env();
    const wav = join(cli.box.root, 'me.wav');
    writeFileSync(wav, Buffer.alloc(64));
    const before = cli.emu.log.filter((e) => e.origin === 'service').length;
    for (const argv of [
      ...Object.values(commands).map((a) => a()),
      ['clone', '--name', 'Me', wav],
    ]) {
      const r = await runCli([...argv, '--timeout', 'soon'], { env });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain('--timeout takes a number of seconds greater than 0');
    }
    expect(cli.emu.log.filter((e) => e.origin === 'service').length).toBe(before);
  }, 60_000);
});
