import { join } from 'node:path';
import type { Core } from '../core';
import { createJobsService, createSubmitters, type JobsService, type Submitters } from '../jobs';
import { createLibrary, type Library } from '../library/library';
import { createSongsService, type SongsService } from './service';

export interface Workspace {
  library: Library;
  jobs: JobsService;
  submit: Submitters;
  songs: SongsService;
  close(): Promise<void>;
}

/**
 * The library, the jobs tracker and the songs service over one core, for a headless process
 * (the CLI). The jobs service takes the data-folder lock when free, so only one process polls
 * and downloads; the other follows the job records.
 */
export async function openWorkspace(
  core: Core,
  opts: { holder: string; pollIntervalMs?: number; watch?: boolean },
): Promise<Workspace> {
  const library = createLibrary({
    dir: core.settings.libraryDir(),
    indexFile: join(core.paths.dataDir, 'library-index.json'),
    watch: opts.watch ?? false,
  });
  await library.open();
  const client = () => core.client();
  const jobs = createJobsService({
    dataDir: core.paths.dataDir,
    library,
    client,
    holder: opts.holder,
    ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}),
  });
  const submit = createSubmitters(jobs, client, library);
  const songs = createSongsService({ jobs, submit, library, client });
  await jobs.open();
  return {
    library,
    jobs,
    submit,
    songs,
    async close() {
      await jobs.close();
      await library.close();
    },
  };
}
