/**
 * Issue 13 points 7 and 8 from the command line: `cadenza clone` killed with SIGKILL while the
 * service makes the voice leaves an interrupted job; `cadenza jobs check` offers the voice made
 * after it started, `cadenza jobs adopt` finishes the job with it — nothing is sent again.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noiseWav as wav } from '../../support/media-fixtures';
import { CLI, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-reconcile-key-0c6e';
const cli = useCliAgainstEmulator({
  key: KEY,
  // the service takes 5 s to make the voice once it has the upload: time enough to kill the CLI
  // before it answers, even when a loaded machine is slow to run this test
  emulator: { stepMs: 5000, counters: { key_clone_voices: 3 } },
});

const until = async (ok: () => boolean, ms = 15_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('cadenza jobs check / adopt / not-mine', () => {
  it('a clone killed mid-call is offered its voice by name, never assumed, and adopted on request', async () => {
    const file = join(cli.box.root, 'me.wav');
    writeFileSync(file, wav(3));
    const child = spawn(process.execPath, [CLI, 'clone', '--name', 'Night voice', file], {
      env: cli.env(),
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.on('exit', r));
    // the whole upload has reached the service and it has charged the key: the process dies before
    // the answer. (The log names the request as soon as its headers arrive; killing the CLI then
    // can cut the upload short, and the service never makes a voice.)
    await until(() => cli.emu.counters().key_clone_voices === 2);
    child.kill('SIGKILL');
    await exited;
    await until(() => cli.emu.cloneVoices().some((c) => c.name === 'Night voice'));
    const speaker = cli.emu.cloneVoices().find((c) => c.name === 'Night voice')!.speaker;

    const listed = await runCli(['jobs', 'list', '--json'], { env: cli.env() });
    const [job] = JSON.parse(listed.stdout) as Array<{ id: string; kind: string }>;
    expect(job!.kind).toBe('clone');

    const check = await runCli(['jobs', 'check', job!.id], { env: cli.env() });
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('interrupted — may have been charged');
    expect(check.stdout).toContain(`may be its voice: ${speaker} "Night voice"`);
    expect(check.stderr).toContain(`cadenza jobs adopt ${job!.id} VOICE`);

    const wrong = await runCli(['jobs', 'adopt', job!.id, 'someone-else'], { env: cli.env() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('cadenza: That voice is no longer offered for this job.');

    const adopt = await runCli(['jobs', 'adopt', job!.id, speaker], { env: cli.env() });
    expect(adopt.code, adopt.stderr).toBe(0);
    const after = JSON.parse(
      (await runCli(['jobs', 'list', '--json'], { env: cli.env() })).stdout,
    ) as Array<{
      id: string;
      state: string;
      serviceIds: string[];
    }>;
    expect(after[0]).toMatchObject({ id: job!.id, state: 'done', serviceIds: [speaker] });
    expect(cli.emu.log.filter((e) => e.method === 'POST' && e.path === '/v1/clone')).toHaveLength(
      1,
    );
  }, 60_000);
});
