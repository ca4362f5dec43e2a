/**
 * The app's log: `<data folder>/logs/main.N.log`, opened as soon as this instance holds the
 * single-instance lock (a second instance that quits at once never touches the file). An app run
 * from source (not packaged) also prints each line, formatted, on stdout.
 */
import {
  formatLogLine,
  logsDirOf,
  openLog,
  resolveLogLevel,
  type OpenedLog,
} from '../services/log';

export interface AppLog {
  readonly dir: string;
  /** Writes buffered lines to disk now (a crash is about to end the process). */
  flush(): void;
  close(): Promise<void>;
}

export function startAppLog(opts: {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  echo: boolean;
}): AppLog {
  const dir = logsDirOf(opts.dataDir);
  const opening: Promise<OpenedLog | undefined> = openLog({
    dir,
    name: 'main',
    level: resolveLogLevel(opts.env),
    ...(opts.echo
      ? { echo: (line: string) => void process.stdout.write(`${formatLogLine(line)}\n`) }
      : {}),
  }).catch((e: unknown) => {
    process.stderr.write(
      `Cadenza: no log file in ${dir}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return undefined;
  });
  let opened: OpenedLog | undefined;
  void opening.then((o) => (opened = o));
  return {
    dir,
    flush: () => opened?.flush(),
    close: async () => {
      await (await opening)?.close();
    },
  };
}
