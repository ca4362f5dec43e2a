import type { Core, JobsRuntime } from '../core';
import { createSongsService, type SongsService } from './service';

export interface Workspace extends JobsRuntime {
  songs: SongsService;
}

/**
 * The library and jobs tracker of a core (core.openJobs) plus the songs service over them, for a
 * headless process (the CLI). The jobs service takes the data-folder lock when free, so only one
 * process polls and downloads; the other follows the job records.
 */
export async function openWorkspace(
  core: Core,
  opts: { holder: string; pollIntervalMs?: number },
): Promise<Workspace> {
  const rt = await core.openJobs({
    holder: opts.holder,
    watch: false,
    ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}),
  });
  const songs = createSongsService({
    jobs: rt.jobs,
    submit: rt.submit,
    library: rt.library,
    client: () => core.client(),
  });
  return { library: rt.library, jobs: rt.jobs, submit: rt.submit, close: () => rt.close(), songs };
}
