/**
 * `cadenza jobs check|adopt|not-mine`: asking the service about a stalled job now, and answering
 * the voices an interrupted clone may have made (offered, never assumed; nothing is sent again).
 */
import type { JobSummary } from '@shared/domain/jobs';
import type { JobsRuntime } from '../../../main/services/core';
import { expectNoMore, parseCommandArgs, UsageError, type CliContext } from '../../command';

export async function reconcileCommand(
  sub: 'check' | 'adopt' | 'not-mine',
  args: string[],
  ctx: CliContext,
  openTracking: (ctx: CliContext) => Promise<JobsRuntime>,
  line: (job: JobSummary) => string,
): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, 'jobs');
  const [id, voice, ...more] = positionals;
  if (!id)
    throw new UsageError(
      `missing job id: cadenza jobs ${sub} JOB${sub === 'adopt' ? ' VOICE' : ''}`,
    );
  if (sub === 'adopt' && !voice)
    throw new UsageError('missing voice: cadenza jobs adopt JOB VOICE');
  expectNoMore(sub === 'adopt' ? more : positionals.slice(1), 'jobs');
  const rt = await openTracking(ctx);
  try {
    const job =
      sub === 'check'
        ? await rt.jobs.checkAgain(id)
        : sub === 'adopt'
          ? await rt.jobs.adoptCandidate(id, voice as string)
          : await rt.jobs.rejectCandidates(id);
    if (sub === 'check' && job.kind === 'clone' && job.state === 'interrupted')
      ctx.note(
        job.candidates.length > 0
          ? `Voices that may be this clone's (adopt one with cadenza jobs adopt ${id} VOICE):`
          : 'No voice with its name was made after it started.',
      );
    ctx.out(line(job));
    return 0;
  } finally {
    await rt.close();
  }
}
