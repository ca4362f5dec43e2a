export {
  createSongsService,
  isSongJob,
  SONG_JOB_KINDS,
  type SongsService,
  type SongsServiceDeps,
  type SongsClient,
} from './service';
export { resolveExtension, checkContinueAt, type ResolvedExtension } from './extension';
export { openWorkspace, type Workspace } from './workspace';
export { listHistory, importFromHistory, librarySongs } from './history';
