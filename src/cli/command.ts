/**
 * What a CLI command is. Each command is one module under commands/ (a folder for one with
 * subcommands) exporting a CliCommand, plus one line in commands/index.ts. Commands print through
 * the context (never console.*), so the key redaction guard and the exit-code rules apply to
 * everything.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Core } from '../main/services/core';

export interface CliContext {
  readonly env: NodeJS.ProcessEnv;
  /** The wired services, created on first use (so --help touches no files). */
  core(): Core;
  /** One line (or block) of normal output on stdout. */
  out(text: string): void;
  /** A note for the user on stderr (hints, warnings), never the result itself. */
  note(text: string): void;
  /** Reads a secret: from a terminal with echo off, or all of a piped stdin. */
  readSecret(prompt: string): Promise<string>;
}

export interface CliCommand {
  /** The first word: `cadenza <name> ...`. */
  readonly name: string;
  /** One line for `cadenza --help`. */
  readonly summary: string;
  /** Full help for `cadenza <name> --help`. */
  readonly help: string;
  /** Runs with the words after the command name; returns the exit code (default 0). */
  run(args: string[], ctx: CliContext): Promise<number | void>;
}

/** Wrong use of the command line: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `--tran -3` reads as an option followed by an unknown flag to parseArgs; a negative number after
 * an option that takes a value is that option's value, so join it as `--tran=-3`.
 */
function joinNegativeValues(args: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (
      name &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-\d+(\.\d+)?$/.test(next)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** node:util parseArgs with strict checking, turning its errors into UsageErrors. */
export function parseCommandArgs<O extends Options>(args: string[], options: O, command: string) {
  try {
    return parseArgs({
      args: joinNegativeValues(args, options),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    const message = e instanceof Error ? e.message.split('\n')[0] : 'invalid arguments';
    throw new UsageError(`${message} (see cadenza ${command} --help)`);
  }
}

/** Fails with a usage error when extra words follow the expected ones. */
export function expectNoMore(rest: string[], command: string): void {
  if (rest.length > 0)
    throw new UsageError(`unexpected argument '${rest[0]}' (see cadenza ${command} --help)`);
}

/** Left-aligned two-column rows. */
export function formatRows(rows: ReadonlyArray<readonly [string, string]>, indent = ''): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${indent}${label.padEnd(width)}  ${value}`).join('\n');
}
