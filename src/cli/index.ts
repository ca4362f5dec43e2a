/** The `cadenza` executable (bundled to out/cli/cadenza.cjs by scripts/build-cli.mjs). */
import { installCliCrashHandlers } from './crash';
import { runCli } from './main';
import { resolvePaths } from '../main/services/paths';
import { logsDirOf, openLog, type OpenedLog } from '../main/services/log';

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/** The log file as it opens: a crash waits for it (briefly) so its lines reach the disk. */
let logOpening: Promise<unknown> = Promise.resolve();

installCliCrashHandlers({
  proc: process,
  stderr: process.stderr,
  env: process.env,
  exit: (code) => {
    const settled = Promise.race([
      logOpening.catch(() => undefined),
      new Promise((r) => setTimeout(r, 2000).unref()),
    ]);
    void settled
      .then(() => Promise.all([flush(process.stdout), flush(process.stderr)]))
      .finally(() => process.exit(code));
  },
});

void (async () => {
  let code: number;
  try {
    code = await runCli(process.argv.slice(2), {
      env: process.env,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      // the CLI's own file family: the app writes main.N.log in the same folder
      openLog: ({ level, echo }) => {
        const opening: Promise<OpenedLog> = openLog({
          dir: logsDirOf(resolvePaths({ env: process.env }).dataDir),
          name: 'cli',
          level,
          ...(echo ? { echo } : {}),
        });
        logOpening = opening;
        return opening;
      },
    });
  } catch {
    process.stderr.write(
      'cadenza: something went wrong inside Cadenza (set CADENZA_DEBUG=1 for details)\n',
    );
    code = 1;
  }
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  // Exit now: open keep-alive sockets or a keychain connection must not keep a finished command alive.
  process.exit(code);
})();
