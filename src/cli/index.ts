/** The `cadenza` executable (bundled to out/cli/cadenza.cjs by scripts/build-cli.mjs). */
import { runCli } from './main';

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

void (async () => {
  let code: number;
  try {
    code = await runCli(process.argv.slice(2), {
      env: process.env,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
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
