/** Logging for the app and the CLI (plain Node): one logger per process, redacted, rotating. */
export {
  LOG_LEVELS,
  logger,
  logLevel,
  logsDirOf,
  openLog,
  resolveLogLevel,
  setLogLevel,
  type LogLevel,
  type LogName,
  type Logger,
  type OpenedLog,
  type OpenLogOptions,
} from './logger';
export {
  REDACTED,
  createRedactor,
  redactJson,
  redactSecrets,
  rememberSecret,
  type Redactor,
} from './redact';
export { readRecentLogLines, type RecentLog } from './recent';
export { formatLogLine } from './format';
