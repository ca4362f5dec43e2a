/**
 * The kill -9 trial (issue 13, docs/jobs.md): the built CLI is killed with SIGKILL at 30 seeded
 * random moments across submitting, polling, downloading, renaming and writing the sidecar, then
 * resumed; every paid song must end in the library exactly once.
 *
 *   npm run bench -- kill                       (seed from KILL_TRIAL_SEED, else the date)
 *   KILL_TRIAL_SEED=7 KILL_TRIAL_KILLS=30 npm run bench -- kill
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { failures, formatReport, runKillTrial } from '../test/support/kill-trial/trial';

const root = resolve(__dirname, '..');
const seed = Number(process.env.KILL_TRIAL_SEED ?? Math.floor(Date.now() / 1000) % 100_000);
const kills = Number(process.env.KILL_TRIAL_KILLS ?? 30);

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { cwd: root });
  const report = await runKillTrial({ seed, kills, log: (l) => console.log(l) });
  console.log(`\n${formatReport(report)}`);
  const bad = failures(report);
  console.log(
    `jobs lost ${bad.lost}, duplicates ${bad.duplicates}, partial files ${bad.partial} (all must be 0)`,
  );
  if (bad.lost + bad.duplicates + bad.partial > 0) process.exitCode = 1;
}

void main();
