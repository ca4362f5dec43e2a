/**
 * The one logger of a process (the app's main process or the CLI), on pino. Modules take a named
 * logger at import time (`const log = logger('jobs')`); the process opens the log once
 * (`openLog`) and from then on every line goes — redacted — to a rotating file in the log folder:
 * `main.N.log` for the app, `cli.N.log` for the CLI, so two processes never rotate one file.
 * Before `openLog` (unit tests, scripts), warnings and errors go to stderr, redacted as well; when
 * the file cannot be opened, lines go only to the echo (if any).
 *
 * pino-roll is used as a plain stream on this thread (no worker transport: main is bundled).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger as PinoLogger } from 'pino';
import pinoRoll from 'pino-roll';
import { processRedactor } from './redact';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Which process writes: each has its own file family in the log folder. */
export type LogName = 'main' | 'cli';

export type LogDetail = Error | Record<string, unknown> | unknown;

export interface Logger {
  trace(message: string, detail?: LogDetail): void;
  debug(message: string, detail?: LogDetail): void;
  info(message: string, detail?: LogDetail): void;
  warn(message: string, detail?: LogDetail): void;
  error(message: string, detail?: LogDetail): void;
  fatal(message: string, detail?: LogDetail): void;
}

export interface OpenLogOptions {
  /** The log folder (`<dataDir>/logs`, or Electron's logs path). Created when missing. */
  dir: string;
  name: LogName;
  level?: LogLevel;
  /** Rotate when the file reaches this size (default 5 MB). */
  maxBytes?: number;
  /** Rotated files kept besides the current one (default 4). */
  keepFiles?: number;
  /** Also receives every written line (already redacted): the dev console, `--verbose`. */
  echo?: (line: string) => void;
}

export interface OpenedLog {
  readonly dir: string;
  readonly name: LogName;
  /** Writes what is buffered to disk now (synchronously when possible). */
  flush(): void;
  close(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_KEEP_FILES = 4;
/** Lines kept while the file opens (pino-roll opens asynchronously). */
const PENDING_LIMIT = 1000;

/** CADENZA_LOG_LEVEL when valid; `verbose` (the CLI's --verbose) means at least debug. */
export function resolveLogLevel(env: NodeJS.ProcessEnv, verbose = false): LogLevel {
  const fromEnv = env.CADENZA_LOG_LEVEL?.trim().toLowerCase();
  const level = LOG_LEVELS.find((l) => l === fromEnv) ?? 'info';
  if (verbose && LOG_LEVELS.indexOf(level) > LOG_LEVELS.indexOf('debug')) return 'debug';
  return level;
}

interface LineSink {
  write(line: string): void;
}

/** The stream pino writes to: swapped by openLog, so loggers taken earlier follow along. */
const sink: { target: LineSink } = {
  target: { write: (line) => void process.stderr.write(line) },
};

const root: PinoLogger = pino(
  {
    level: process.env.CADENZA_LOG_LEVEL ? resolveLogLevel(process.env) : 'warn',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: pino.stdSerializers.err },
    // the final JSON line, redacted before any stream sees it
    hooks: { streamWrite: (line) => processRedactor.redact(line) },
  },
  { write: (line: string) => sink.target.write(line) },
);

function toFields(detail: LogDetail): Record<string, unknown> | undefined {
  if (detail === undefined) return undefined;
  if (detail instanceof Error) return { err: detail };
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const fields = { ...(detail as Record<string, unknown>) };
    if (fields.error instanceof Error) {
      fields.err = fields.error;
      delete fields.error;
    }
    return fields;
  }
  return { detail: String(detail) };
}

/** A logger whose lines carry `component`. Cheap; take one per module. */
export function logger(component: string): Logger {
  const child = root.child({ component });
  const at =
    (level: Exclude<LogLevel, 'silent'>) =>
    (message: string, detail?: LogDetail): void => {
      const fields = toFields(detail);
      if (fields) child[level](fields, message);
      else child[level](message);
    };
  return {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
  };
}

export function setLogLevel(level: LogLevel): void {
  root.level = level;
}

export function logLevel(): LogLevel {
  return root.level as LogLevel;
}

interface RollStream {
  write(data: string): boolean;
  flushSync(): void;
  end(): void;
  once(event: 'close' | 'error', listener: () => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/**
 * Opens `<dir>/<name>.N.log` (rotating by size) and sends every line there from now on; lines
 * logged while it opens are kept and written first. Call once per process.
 */
export async function openLog(options: OpenLogOptions): Promise<OpenedLog> {
  const pending: string[] = [];
  let stream: RollStream | null = null;
  const echo = options.echo;
  const deferred: LineSink = {
    write(line) {
      echo?.(line);
      if (stream) stream.write(line);
      else if (pending.length < PENDING_LIMIT) pending.push(line);
    },
  };
  sink.target = deferred;
  if (options.level) setLogLevel(options.level);
  try {
    mkdirSync(options.dir, { recursive: true });
    stream = (await pinoRoll({
      file: join(options.dir, `${options.name}.log`),
      size: `${Math.max(1, Math.round((options.maxBytes ?? DEFAULT_MAX_BYTES) / 1024))}k`,
      limit: { count: options.keepFiles ?? DEFAULT_KEEP_FILES },
      mkdir: true,
      // every line reaches the disk as it is logged: a crash must not lose the lines before it
      sync: true,
    })) as unknown as RollStream;
  } catch (e) {
    // no log file (read-only or full disk, a data folder that is a file): the process keeps
    // running; lines go only to the echo, and the caller decides how to say so (the CLI's
    // stderr stays one line)
    sink.target = { write: (line) => echo?.(line) };
    pending.length = 0;
    throw e;
  }
  stream.on('error', () => undefined); // a failing disk must not crash the process
  for (const line of pending.splice(0)) stream.write(line);
  const opened = stream;
  return {
    dir: options.dir,
    name: options.name,
    flush() {
      try {
        opened.flushSync();
      } catch {
        // nothing more can be done for a failing disk
      }
    },
    close() {
      if (sink.target === deferred) sink.target = { write: () => undefined };
      return new Promise<void>((resolve) => {
        opened.once('close', resolve);
        opened.once('error', resolve);
        opened.end();
      });
    },
  };
}

/** The folder a process logs into: `<dataDir>/logs`. */
export function logsDirOf(dataDir: string): string {
  return join(dataDir, 'logs');
}
