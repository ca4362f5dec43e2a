/**
 * `cadenza diagnostics` through the real CLI (built, a child process) after real work against the
 * emulator: the report names the version, the OS, the settings, the job states and the recent
 * lines of cli.N.log — and never the key. Also the CLI's log itself: --verbose, CADENZA_LOG_LEVEL,
 * and a crash outside any command (one line, exit 1, logged).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, filesUnder, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-diag-key-5a0f7e21';

const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 60, counters: { key_music_counts: 10 } },
});

function cliLog(): string {
  const dir = join(cli.box.dataDir, 'logs');
  return readdirSync(dir)
    .filter((f) => /^cli\.\d+\.log$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('');
}

interface Report {
  app: { version: string; process: string; node: string; electron: string | null };
  os: { platform: string; arch: string };
  settings: { serviceAddress: string; keyStorage: string; environment: string[] };
  folders: { logs: string };
  jobs: { counts: Record<string, number>; recent: { id: string; kind: string; state: string }[] };
  logs: { file: string; lines: string[] }[];
}

describe('cadenza diagnostics', () => {
  it('reports versions, settings without the key, job states and recent log lines', async () => {
    const made = await runCli(['song', 'create', '--prompt', 'rain on tin', '--wait', '--json'], {
      env: cli.env(),
      timeoutMs: 30_000,
    });
    expect(made.code, made.stderr).toBe(0);
    const jobId = (JSON.parse(made.stdout) as { job_id: string }).job_id;

    const json = await runCli(['diagnostics', '--json'], { env: cli.env() });
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.app).toMatchObject({
      process: 'cli',
      node: process.versions.node,
      electron: null,
    });
    expect(report.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.os).toMatchObject({ platform: process.platform, arch: process.arch });
    expect(report.settings).toMatchObject({
      serviceAddress: cli.emu.url,
      keyStorage: 'environment',
    });
    expect(report.settings.environment).toContain('CADENZA_API_KEY'); // the name, not the value
    expect(report.folders.logs).toBe(join(cli.box.dataDir, 'logs'));
    expect(report.jobs.counts.done).toBe(1);
    expect(report.jobs.recent[0]).toMatchObject({ id: jobId, kind: 'song-v2', state: 'done' });
    const cliLines = report.logs.find((l) => l.file.startsWith('cli.'))?.lines.join('\n') ?? '';
    expect(cliLines).toContain('command started {"command":"song"}');

    const text = await runCli(['diagnostics'], { env: cli.env() });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Cadenza diagnostic report');
    expect(text.stdout).toContain(`Service address: ${cli.emu.url}`);
    expect(text.stdout).toMatch(/Jobs: done 1/);
    expect(text.stdout).toContain(jobId);
    expect(text.stdout).toContain('Recent log lines (cli.');

    // the key is nowhere: not in either report, not in a log file, not in any file of the data folder
    for (const out of [json.stdout, json.stderr, text.stdout, text.stderr])
      expect(out).not.toContain(KEY);
    for (const f of filesUnder(cli.box.dataDir))
      expect(f.bytes.includes(Buffer.from(KEY)), f.path).toBe(false);
  }, 60_000);

  it('refuses extra words (usage error, exit 2)', async () => {
    const r = await runCli(['diagnostics', 'now'], { env: cli.env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("cadenza: unexpected argument 'now' (see cadenza diagnostics --help)\n");
  });
});

describe('the CLI log', () => {
  it('writes cli.N.log at info by default; --verbose adds debug lines and shows them on stderr', async () => {
    const quiet = await runCli(['jobs', 'list'], { env: cli.env() });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('command started');
    expect(cliLog()).toContain('"msg":"command started"');
    expect(cliLog()).not.toContain('"msg":"command finished"');

    const verbose = await runCli(['jobs', 'list', '--verbose'], { env: cli.env() });
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stderr).toMatch(/DEBUG cli: command finished \{"command":"jobs","code":0\}/);
    expect(cliLog()).toContain('"msg":"command finished"');
    expect(readdirSync(join(cli.box.dataDir, 'logs')).every((f) => f.startsWith('cli.'))).toBe(
      true,
    );
  });

  it('CADENZA_LOG_LEVEL=warn leaves info lines out', async () => {
    const r = await runCli(['jobs', 'list'], { env: cli.env({ CADENZA_LOG_LEVEL: 'warn' }) });
    expect(r.code).toBe(0);
    expect(cliLog()).not.toContain('command started');
  });

  it.each([
    [
      'an uncaught exception',
      'setTimeout(() => { throw new Error("boom " + process.env.CADENZA_API_KEY) }, 0);',
    ],
    [
      'an unhandled rejection',
      'setTimeout(() => { Promise.reject(new Error("boom " + process.env.CADENZA_API_KEY)) }, 0);',
    ],
  ])('%s outside any command: logged, one line on stderr, exit 1', async (_what, code) => {
    const preload = join(cli.box.root, 'crash.cjs');
    writeFileSync(preload, code);
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['--require', preload, CLI, 'jobs', 'resume', '--wait'], {
      env: cli.env(),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'cadenza: something went wrong inside Cadenza (set CADENZA_DEBUG=1 for details)\n',
    );
    const log = cliLog();
    expect(log).toMatch(/"level":60.*"msg":"(uncaught exception|unhandled rejection)"/);
    expect(log).toContain('boom [redacted]');
    expect(log).not.toContain(KEY);
  });
});
