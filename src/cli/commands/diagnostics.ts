/**
 * `cadenza diagnostics [--json]`: the same diagnostic report as the app's "Copy diagnostic
 * report" — versions, OS, settings without secrets, job states, recent log lines — on stdout.
 * Read-only: it reads the job records and the logs and changes nothing.
 */
import { join } from 'node:path';
import { summarizeJob } from '@shared/domain/jobs';
import { keyOrigin } from '../../main/services/account';
import { buildDiagnosticReport, formatDiagnosticReport } from '../../main/services/diagnostics';
import { JobStore } from '../../main/services/jobs';
import { logsDirOf } from '../../main/services/log';
import { expectNoMore, parseCommandArgs, type CliCommand } from '../command';
import { CLI_VERSION } from '../version';

const help = `Usage: cadenza diagnostics [--json]

Prints a report to attach to a bug report: the version, the OS, the settings (never the key),
how many jobs are in each state and the latest ones, and the recent lines of the app's and the
CLI's logs. Keys and anything that looks like one are removed.

      --json   The report as JSON

The logs themselves are in the data folder's logs/ folder (main.N.log for the app, cli.N.log
for the command line); the report names the folder.`;

export const diagnosticsCommand: CliCommand = {
  name: 'diagnostics',
  summary: 'Print a diagnostic report (versions, settings without secrets, jobs, recent logs)',
  help,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(
      args,
      { json: { type: 'boolean' } },
      'diagnostics',
    );
    expectNoMore(positionals, 'diagnostics');
    const core = ctx.core();
    const { dataDir } = core.paths;
    const report = await buildDiagnosticReport({
      process: 'cli',
      appVersion: CLI_VERSION,
      settings: core.settings,
      env: ctx.env,
      dataDir,
      logsDir: logsDirOf(dataDir),
      async jobs() {
        const store = new JobStore(join(dataDir, 'jobs'));
        await store.open();
        return store.list().map(summarizeJob);
      },
      keyStorage: async () =>
        (await core.keys.describe(keyOrigin(core.settings.baseUrl()))).storage,
    });
    ctx.out(
      values.json ? JSON.stringify(report, null, 2) : formatDiagnosticReport(report).trimEnd(),
    );
  },
};
