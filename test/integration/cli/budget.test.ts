/**
 * `--budget N` on a spending command (issue 32, point 3; docs/cost.md): the built CLI against the
 * emulator. Over the budget — or not known yet with one — it refuses with one line and exit code
 * 3, and the emulator's log shows nothing was sent. The learned figure comes from the key's own
 * finished jobs, taken by the CLI as by the app.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCliAgainstEmulator, type CliResult } from './run-cli';

const KEY = 'cli-budget-key-5b2e77c1';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 40, counters: { key_music_counts: 10, key_words_counts: 100 } },
  eachTest: (emu) => emu.configure({ stepMs: 40, songDurationMs: 6_000 }),
});
const run = (args: string[]): Promise<CliResult> =>
  runCli(args, { env: cli.env(), timeoutMs: 30_000 });
/** Every request that could spend: anything but reading the key info and the listings. */
const spending = () =>
  cli.emu.log.filter(
    (e) => e.origin === 'service' && e.method === 'POST' && !/key|info/i.test(e.path),
  );

function expectRefused(r: CliResult, line: RegExp): void {
  expect(r.code).toBe(3);
  expect(r.stdout).toBe('');
  // a note the command gave before checking ("not in the voice list") is not the refusal
  const lines = r.stderr.split('\n').filter((l) => l && !l.startsWith('Note: '));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cadenza: refused, nothing sent: /);
  expect(lines[0]).toMatch(line);
}

describe('cadenza --budget N', () => {
  it('refuses before any history (not known yet) and sends nothing', async () => {
    const r = await run(['song', 'create', '--prompt', 'lo-fi rain', '--budget', '5']);
    expectRefused(r, /what 1 submission takes on the songs counter is not known yet.*budget of 5/);
    expect(spending()).toEqual([]);
  });

  it('learns from two finished songs, then refuses a third over the budget and sends nothing', async () => {
    for (const prompt of ['first light', 'second wind']) {
      const done = await run(['song', 'create', '--prompt', prompt, '--wait', '--json']);
      expect(done.code).toBe(0);
    }
    const history = JSON.parse(readFileSync(join(cli.box.dataDir, 'cost-history.json'), 'utf8'));
    expect(Object.values(history.keys)).toEqual([
      { 'song-v2|v4.5-plus': { counter: 'key_music_counts', samples: [1, 1] } },
    ]);
    const submitted = spending().length;
    const r = await run(['song', 'create', '--prompt', 'third time', '--budget', '0']);
    expectRefused(
      r,
      /1 submission usually takes about 1 on the songs counter, more than the budget of 0$/,
    );
    expect(spending()).toHaveLength(submitted);
    // within the budget it goes
    const ok = await run(['song', 'create', '--prompt', 'third time', '--budget', '1']);
    expect(ok.code).toBe(0);
    expect(spending()).toHaveLength(submitted + 1);
  }, 90_000);

  it('follows the Settings budget without --budget; counts speech words from the text', async () => {
    mkdirSync(cli.box.dataDir, { recursive: true });
    writeFileSync(
      join(cli.box.dataDir, 'settings.json'),
      JSON.stringify({
        schema_version: 1,
        baseUrl: 'https://api.example.com',
        spendBudgets: { key_words_counts: 3, key_music_counts: 2 },
      }),
    );
    const speech = await run(['tts', '--text', 'one two three four', '--voice', 'any']);
    expectRefused(
      speech,
      /the text counts 4 on the text-to-speech words counter, more than the budget of 3$/,
    );
    const song = await run(['song', 'create', '--prompt', 'rain']);
    expectRefused(song, /not known yet/);
    expect(spending()).toEqual([]);
    // --budget replaces the Settings value; a bad one is a usage error (2)
    expect((await run(['tts', '--text', 'one', '--voice', 'x', '--budget', '-1'])).code).toBe(2);
  });
});
