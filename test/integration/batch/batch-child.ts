/**
 * A separate process running the real core (the app's composition root) for the batch crash test:
 * it starts a batch one submission at a time and kills itself with SIGKILL (no clean-up of any
 * kind runs) inside the crash window of its second submission — the slot written `sending` on
 * disk and its job recorded, but the slot not yet written `active`.
 *
 * The window is held open by holding the rename that would write the slot `active` (every record
 * is written temp-then-rename): with CRASH_AT=answered the process dies once the service has
 * answered the submission (its job is `submitted`, the request was charged); with
 * CRASH_AT=recorded it dies once the file GO_FILE exists (the test writes it when the request
 * reached the service, which does not answer it): the job is still `pending`.
 *
 * env: CADENZA_HOME, CADENZA_LIBRARY, CADENZA_BASE_URL, CADENZA_API_KEY, BATCH_TEXT, BATCH_NAME,
 *      CRASH_AT (answered | recorded), GO_FILE
 * stdout: one JSON line per event ({"event":"created","id":…}, {"event":"crashing",…}).
 */
import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createCore } from '../../../src/main/services/core';

const env = process.env;
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const dataDir = env.CADENZA_HOME as string;
const CRASH_SLOT = 1;

/** The state of the job recorded for the crash slot's first attempt, if any. */
function crashSlotJob(): string | null {
  const dir = join(dataDir, 'jobs');
  for (const name of readdirSync(dir)) {
    if (!/^job_[^.]+\.json$/.test(name)) continue;
    try {
      const job = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        state: string;
        meta?: Record<string, string>;
      };
      if (job.meta?.batch_slot === `${CRASH_SLOT}.1`) return job.state;
    } catch {
      // a record being replaced: read it on the next look
    }
  }
  return null;
}

const crash = async (): Promise<never> => {
  if (env.CRASH_AT === 'answered')
    // the service answered and the answer is recorded: the submission was charged
    while (crashSlotJob() !== 'submitted') await new Promise((r) => setTimeout(r, 5));
  // the request is on the wire, unanswered: the submission may have been charged
  else while (!existsSync(env.GO_FILE as string)) await new Promise((r) => setTimeout(r, 5));
  say({ event: 'crashing', job: crashSlotJob() });
  process.kill(process.pid, 'SIGKILL');
  return new Promise<never>(() => undefined);
};

// every batch record is written temp-then-rename: the rename that writes the crash slot `active`
// is where this process dies, so the record on disk still says `sending`
const rename = fs.rename.bind(fs);
fs.rename = async (from, to) => {
  const target = String(to);
  if (basename(dirname(target)) === 'batches' && /^bat_.*\.json$/.test(basename(target))) {
    const next = JSON.parse(await fs.readFile(from, 'utf8')) as {
      slots: Array<{ state: string }>;
    };
    if (next.slots[CRASH_SLOT]?.state === 'active') await crash();
  }
  return rename(from, to);
};

async function main(): Promise<void> {
  const core = createCore({
    env: { ...env, CADENZA_KEYCHAIN: 'off' },
    keychainBackend: null,
    jobs: { holder: 'child', watch: false },
  });
  const batch = await core.batches.create({
    name: env.BATCH_NAME as string,
    text: env.BATCH_TEXT as string,
    perPrompt: 1,
    concurrency: 1,
    spendConfirmed: true,
  });
  say({ event: 'created', id: batch.id });
  core.batches.start();
}

main().catch((e: unknown) => {
  say({ event: 'error', message: e instanceof Error ? e.message : String(e) });
  process.exit(1);
});
