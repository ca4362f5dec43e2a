export {
  createSongsService,
  songSubmitters,
  isSongJob,
  SONG_JOB_KINDS,
  type SongsService,
  type SongsServiceDeps,
  type SongsRuntime,
  type SongsClient,
} from './service';
export { resolveExtension, checkContinueAt, type ResolvedExtension } from './extension';
export { listHistory, importFromHistory } from './history';
