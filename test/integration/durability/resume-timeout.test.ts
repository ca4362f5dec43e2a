/**
 * Issue 13 point 8 (bounded waits, the CLI part): `jobs resume --wait --timeout S` gives up after S
 * seconds with exit 1 and one line saying why; the job keeps its state for a later resume.
 */
import { describe, expect, it } from 'vitest';
import { runCli, useCliAgainstEmulator } from '../cli/run-cli';

const KEY = 'resume-timeout-key-4c1';
// the emulator's clock barely moves: a song stays queued for the whole test
const cli = useCliAgainstEmulator({ key: KEY, emulator: { stepMs: 600_000 } });

describe('jobs resume --wait --timeout', () => {
  it('exits 1 with a one-line reason when the jobs do not finish in time, and keeps them', async () => {
    cli.emu.configure({ stepMs: 600_000 });
    const env = cli.env();
    const sent = await runCli(['song', 'create', '--prompt', 'slow dawn'], { env });
    expect(sent.code, sent.stderr).toBe(0);
    const jobId = sent.stdout.trim();
    const started = Date.now();
    const r = await runCli(['jobs', 'resume', '--wait', '--timeout', '1.5'], { env });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(r.code).toBe(1);
    const last = r.stderr.trim().split('\n').at(-1);
    expect(last).toBe(
      'cadenza: 1 of 1 jobs did not finish within 1.5 s (still queued); run cadenza jobs resume to continue.',
    );
    const listed = await runCli(['jobs', 'list'], { env });
    expect(listed.stdout).toMatch(new RegExp(`${jobId} +song-v2 +queued`));
    const bad = await runCli(['jobs', 'resume', '--wait', '--timeout', 'soon'], { env });
    expect(bad.code).toBe(2);
  });
});
