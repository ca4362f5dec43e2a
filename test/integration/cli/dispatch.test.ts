/** The dispatcher in-process: failure formatting, CADENZA_DEBUG and the output redaction guard. */
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { CliCommand } from '../../../src/cli/command';
import { runCli } from '../../../src/cli/main';

function io(env: NodeJS.ProcessEnv, input = '') {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  return {
    io: { env, stdin: Readable.from([input]), stdout, stderr },
    output: () => ({ out, err }),
  };
}

const command = (run: CliCommand['run']): CliCommand => ({
  name: 'probe',
  summary: 'test',
  help: 'probe help',
  run,
});

describe('CLI dispatcher', () => {
  it('hides unexpected errors behind a generic line, with details only under CADENZA_DEBUG=1', async () => {
    const boom = command(async () => {
      throw new Error('internal detail at /some/path');
    });
    const quiet = io({});
    expect(await runCli(['probe'], quiet.io, [boom])).toBe(1);
    expect(quiet.output().err).toBe(
      'cadenza: something went wrong inside Cadenza (set CADENZA_DEBUG=1 for details)\n',
    );

    const debug = io({ CADENZA_DEBUG: '1' });
    expect(await runCli(['probe'], debug.io, [boom])).toBe(1);
    const lines = debug.output().err.split('\n');
    expect(lines[0]).toBe(
      'cadenza: something went wrong inside Cadenza (set CADENZA_DEBUG=1 for details)',
    );
    expect(debug.output().err).toContain('internal detail at /some/path');
    expect(debug.output().err).toMatch(/\n\s+at /);
  });

  it('prints an AppError message on one line and returns the command’s exit code', async () => {
    const multi = command(async () => {
      throw new AppError('network', 'Could not reach\n  the service.');
    });
    const r = io({});
    expect(await runCli(['probe'], r.io, [multi])).toBe(1);
    expect(r.output().err).toBe('cadenza: Could not reach the service.\n');
    const three = io({});
    expect(await runCli(['probe'], three.io, [command(async () => 3)])).toBe(3);
  });

  it('redacts any key it has seen (environment or stdin) from everything it prints', async () => {
    const leaky = command(async (_args, ctx) => {
      const typed = await ctx.readSecret('key: ');
      ctx.out(`env ${ctx.env.CADENZA_API_KEY} typed ${typed}`);
      throw new AppError('internal', `oops ${typed}`);
    });
    const r = io({ CADENZA_API_KEY: 'env-secret-11112222' }, 'typed-secret-33334444\n');
    expect(await runCli(['probe'], r.io, [leaky])).toBe(1);
    const { out, err } = r.output();
    expect(out).toBe('env [redacted] typed [redacted]\n');
    expect(err).toBe('cadenza: oops [redacted]\n');
  });

  it('opens its log file (in the data folder) for a command, never for help, the version or a usage error', async () => {
    const opened: string[][] = [];
    const run = (argv: string[]) => {
      const r = io({});
      return runCli(
        argv,
        {
          ...r.io,
          openLog: async () => {
            opened.push(argv);
            return { close: async () => undefined } as never;
          },
        },
        [command(async () => 0)],
      );
    };
    for (const argv of [['--help'], ['-V'], ['help', 'probe'], ['probe', '--help'], ['nope'], []])
      await run(argv);
    expect(opened).toEqual([]);
    expect(await run(['probe'])).toBe(0);
    expect(opened).toEqual([['probe']]);
  });
});
