export {
  createUpdateController,
  CHECK_INTERVAL_MS,
  RETRY_DELAY_MS,
  START_DELAY_MS,
  type FeedInfo,
  type UpdateController,
  type UpdateControllerDeps,
  type UpdaterEvent,
  type UpdaterPort,
  type UpdateSettings,
} from './controller';
export { describeUpdateError } from './errors';
export { releaseNotesToText, noteToText, MAX_RELEASE_NOTES_CHARS } from './release-notes';
