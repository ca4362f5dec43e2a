/**
 * Issue 13 point 10: the seeded kill -9 trial, fast variant — one SIGKILL in each phase
 * (submitting, polling, downloading, renaming, writing the sidecar) of the real CLI against the
 * emulator, then `cadenza jobs resume --wait`. The full 30-kill trial is `npm run bench -- kill`.
 */
import { describe, expect, it } from 'vitest';
import { buildCli } from '../cli/run-cli';
import { failures, formatReport, PHASES, runKillTrial } from '../../support/kill-trial/trial';

const SEED = Number(process.env.KILL_TRIAL_SEED ?? 20261124);

describe('kill -9 trial (fast: one kill per phase)', () => {
  it('every paid song ends in the library exactly once: nothing lost, nothing sent twice, nothing partial', async () => {
    await buildCli();
    const report = await runKillTrial({ seed: SEED, kills: PHASES.length });
    console.log(formatReport(report));
    expect(failures(report)).toEqual({ lost: 0, duplicates: 0, partial: 0 });
    for (const phase of PHASES) {
      const f = report.byPhase[phase];
      expect(f.kills, phase).toBe(1);
      // each kill fell on a live process, and each paid job is accounted for
      expect(f.landed, phase).toBe(1);
      expect(f.inLibraryOnce + f.interruptedHonest, phase).toBe(f.paidJobs);
    }
    // past the submission, the service has been paid and the songs must be in the library
    for (const phase of ['polling', 'downloading', 'renaming', 'sidecar'] as const)
      expect(report.byPhase[phase].inLibraryOnce, phase).toBe(1);
  }, 120_000);
});
