/**
 * The CLI's dispatcher: global flags, command lookup, and the one rule for failures — exit code 1
 * (2 for usage errors) and a single line `cadenza: <message>` on stderr. Unexpected errors say
 * nothing internal unless CADENZA_DEBUG=1 (the log file, `<data folder>/logs/cli.N.log`, has the
 * details). Every line written passes a redaction guard that replaces any key this process has
 * seen, then the terminal sanitiser (`terminal.ts`: control, bidi and escape characters spelled out
 * as `\uXXXX`, which is also their JSON escape under `--json`). `--verbose`, anywhere before a `--`, logs at debug level and shows the log on stderr.
 */
import type { Readable, Writable } from 'node:stream';
import { isAppError } from '@shared/errors';
import { createCore, type Core } from '../main/services/core';
import { diskFault } from '../main/services/ground/disk-faults';
import { libraryTasks } from '../main/services/library/index-tasks';
import { tasksHere } from '../main/services/worker/here';
import { environmentKey } from '../main/services/secrets';
import {
  formatLogLine,
  logger,
  resolveLogLevel,
  type LogLevel,
  type OpenedLog,
} from '../main/services/log';
import { UsageError, type CliCommand, type CliContext } from './command';
import { commands as registeredCommands } from './commands';
import { readSecret } from './secret-input';
import { terminalSafe } from './terminal';
import { CLI_VERSION } from './version';
import { GENERIC_FAILURE } from './failure';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  /** For tests: wire the services differently. */
  createCore?: (env: NodeJS.ProcessEnv) => Core;
  /** Opens the CLI's log file (the executable passes it; without it nothing is written to disk). */
  openLog?: (options: {
    level: LogLevel;
    echo?: (line: string) => void;
  }) => Promise<Pick<OpenedLog, 'close'>>;
}

/** The CLI's library and jobs: its own lock holder name, no folder watcher. */
const CLI_JOBS = { holder: 'cli', watch: false } as const;

const log = logger('cli');

/** Removes the global `--verbose` flag (before a `--`); says whether it was there. */
function takeVerbose(argv: readonly string[]): { argv: string[]; verbose: boolean } {
  const end = argv.indexOf('--');
  const head = end === -1 ? [...argv] : argv.slice(0, end);
  const tail = end === -1 ? [] : argv.slice(end);
  const kept = head.filter((a) => a !== '--verbose');
  return { argv: [...kept, ...tail], verbose: kept.length !== head.length };
}

function globalHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return `Usage: cadenza <command> [options]

A command line for the Cadenza studio. It shares settings and the stored key with the app.

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Options:
  -h, --help     Show help (cadenza <command> --help for a command)
  -V, --version  Print the version
      --verbose  Log more (debug level) and show the log lines on standard error

Environment:
  CADENZA_API_KEY       API key to use instead of the stored one
  CADENZA_BASE_URL      Service address for this run (overrides the setting)
  CADENZA_LIBRARY       Library folder for this run (overrides the setting)
  CADENZA_HOME          Data folder (settings, jobs); the app's by default
  CADENZA_KEYCHAIN=off  Never use the system keychain
  CADENZA_DEBUG=1       Show details of unexpected errors
  CADENZA_LOG_LEVEL     trace, debug, info (default), warn, error or silent

Logs: <data folder>/logs/cli.N.log (cadenza diagnostics shows where).`;
}

export async function runCli(
  rawArgv: string[],
  io: CliIo,
  commands: readonly CliCommand[] = registeredCommands,
): Promise<number> {
  const { argv, verbose } = takeVerbose(rawArgv);
  const secrets = new Set<string>();
  const envKey = environmentKey(io.env);
  if (envKey) secrets.add(envKey);
  const redact = (text: string): string => {
    let safe = text;
    for (const s of secrets) safe = safe.split(s).join('[redacted]');
    return safe;
  };
  // every line goes out through here: redacted, then made safe for a terminal
  const write = (stream: Writable, text: string): void => {
    stream.write(`${terminalSafe(redact(text))}\n`);
  };

  let core: Core | undefined;
  const ctx: CliContext = {
    env: io.env,
    core: () =>
      (core ??= (
        io.createCore ??
        ((env) => createCore({ env, jobs: CLI_JOBS, libraryWorker: tasksHere(libraryTasks) }))
      )(io.env)),
    out: (text) => write(io.stdout, text),
    note: (text) => write(io.stderr, text),
    async readSecret(prompt) {
      const secret = await readSecret(prompt, io);
      if (secret) secrets.add(secret);
      return secret;
    },
  };

  // help and the version are answered without a log file: they leave no data folder behind
  const opened = answersWithoutLog(argv, commands)
    ? undefined
    : await io
        .openLog?.({
          level: resolveLogLevel(io.env, verbose),
          ...(verbose ? { echo: (line: string) => write(io.stderr, formatLogLine(line)) } : {}),
        })
        .catch((e: unknown) => {
          if (verbose)
            write(io.stderr, `cadenza: no log file: ${e instanceof Error ? e.message : ''}`);
          return undefined;
        });
  try {
    return await dispatch(argv, ctx, commands, write, io);
  } finally {
    // releases the data-folder lock if a command opened the library and jobs
    await core?.close();
    await opened?.close().catch(() => undefined);
  }
}

/** Whether the command line only asks for help or the version (or names no command at all). */
function answersWithoutLog(argv: readonly string[], commands: readonly CliCommand[]): boolean {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-') || first === 'help') return true;
  if (!commands.some((c) => c.name === first)) return true; // a usage error, said and done
  return rest.includes('--help') || rest.includes('-h');
}

async function dispatch(
  argv: string[],
  ctx: CliContext,
  commands: readonly CliCommand[],
  write: (stream: Writable, text: string) => void,
  io: CliIo,
): Promise<number> {
  try {
    const [first, ...rest] = argv;
    if (first === undefined) throw new UsageError('missing command (see cadenza --help)');
    if (first === '-h' || first === '--help' || first === 'help') {
      const topic = first === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
      ctx.out(topic ? topic.help : globalHelp(commands));
      return 0;
    }
    if (first === '-V' || first === '--version') {
      ctx.out(CLI_VERSION);
      return 0;
    }
    if (first.startsWith('-'))
      throw new UsageError(`unknown option '${first}' (see cadenza --help)`);
    const command = commands.find((c) => c.name === first);
    if (!command) throw new UsageError(`unknown command '${first}' (see cadenza --help)`);
    if (rest.includes('--help') || rest.includes('-h')) {
      ctx.out(command.help);
      return 0;
    }
    log.info('command started', { command: first });
    const code = (await command.run(rest, ctx)) ?? 0;
    log.debug('command finished', { command: first, code });
    return code;
  } catch (e) {
    if (e instanceof UsageError) {
      write(io.stderr, `cadenza: ${oneLine(e.message)}`);
      return 2;
    }
    if (isAppError(e)) log.warn('command failed', { code: e.code, message: e.message });
    else log.error('command failed unexpectedly', e);
    // a full disk, a missing or read-only folder, a refused permission: said as such
    const shown = diskFault(e) ?? e;
    write(io.stderr, `cadenza: ${isAppError(shown) ? oneLine(shown.message) : GENERIC_FAILURE}`);
    if (io.env.CADENZA_DEBUG === '1' && e instanceof Error && e.stack) write(io.stderr, e.stack);
    return 1;
  }
}

export function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ').trim();
}
