/**
 * `cadenza library list [--json]` answered before the CLI's code is loaded (out/cli/cadenza-list.cjs,
 * required by the launcher, src/cli/launch.ts, for these two command lines only): a folder of
 * files added outside the app, every one of them known to the probe cache, is listed from that
 * cache (library/found-listing.ts). Loading the CLI's code — the schemas, the logger, the
 * services — cost more CPU than such a listing's own work, and kept the second listing of a
 * found folder from being ten times cheaper than the first (issue 30).
 *
 * Everything else is left to the CLI (`answerQuickly` answers false, having written nothing): a
 * settings file that names a library folder (only the CLI's schema knows whether it counts), a
 * saved index (the app's), a sidecar, a file the cache does not know. The output is the CLI's, byte for byte
 * (test/integration/cli/quick-list.test.ts): the same JSON, rows, redaction and terminal guard. It
 * writes nothing to disk; a listing answered here leaves no line in the CLI's log.
 */
import { statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listFoundFromCache } from '../main/services/library/found-listing';
import { PROBE_CACHE_NAME } from '../main/services/library/probe-cache-lines';
import { READ_CAPS, readRegularTextSync } from '../main/services/ground/regular-file';
import { resolvePaths } from '../main/services/paths';
import { GENERIC_FAILURE } from './failure';
import { emptyLibraryNote, listText } from './list-text';
import { terminalSafe } from './terminal';

/** The data folder's files that make this path step aside (settings/store.ts, core.ts). */
const SETTINGS_FILE = 'settings.json';
const SAVED_INDEX_FILE = 'library-index.json';

const there = (path: string): boolean => statSync(path, { throwIfNoEntry: false }) !== undefined;

/**
 * Whether the settings file leaves the library folder to the default (settings/store.ts
 * `libraryDir`): when it names none, the folder is the default whether the file is valid or not
 * (a file that cannot be read or parsed, or that the schema refuses, reads as the defaults,
 * which name none). One that names a folder — valid or not, which only the schema can say — is
 * left to the CLI.
 */
function settingsNameNoFolder(file: string): boolean {
  if (!there(file)) return true;
  try {
    const value: unknown = JSON.parse(readRegularTextSync(file, READ_CAPS.smallStateBytes));
    return typeof value !== 'object' || value === null || !Object.hasOwn(value, 'libraryDir');
  } catch {
    return true;
  }
}

interface Answer {
  stream: 'out' | 'note';
  text: string;
}

function answer(argv: readonly string[], env: NodeJS.ProcessEnv): Answer | null {
  const [command, sub, flag, ...more] = argv;
  if (command !== 'library' || sub !== 'list' || more.length > 0) return null;
  if (flag !== undefined && flag !== '--json') return null;
  const { dataDir, libraryDir } = resolvePaths({ env });
  const fromEnv = env.CADENZA_LIBRARY?.trim();
  if (!fromEnv && !settingsNameNoFolder(join(dataDir, SETTINGS_FILE))) return null;
  if (there(join(dataDir, SAVED_INDEX_FILE))) return null;
  const dir = fromEnv ? resolve(fromEnv) : libraryDir;
  const items = listFoundFromCache(dir, join(dataDir, PROBE_CACHE_NAME));
  if (!items) return null;
  if (flag === '--json') return { stream: 'out', text: JSON.stringify(items, null, 2) };
  if (items.length === 0) return { stream: 'note', text: emptyLibraryNote(dir) };
  return { stream: 'out', text: listText(items) };
}

/**
 * Standard output, written synchronously through its descriptor: a listing is one string, and
 * the stream `process.stdout` is (a pipe's or a terminal's) cost more to set up than the write.
 * A descriptor that would block (set non-blocking by whoever started us) gets the rest through
 * the stream.
 */
function writeOut(text: string, failed: (e: unknown) => void): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return failed(e);
    process.stdout.on('error', failed).write(bytes.subarray(done));
  }
}

/**
 * Writes the listing and answers true, or writes nothing and answers false (the CLI answers).
 * The key from CADENZA_API_KEY is redacted as the CLI's `write` does (main.ts).
 */
export function answerQuickly(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  let found: Answer | null;
  try {
    found = answer(argv, env);
  } catch {
    return false;
  }
  if (!found) return false;
  const key = env.CADENZA_API_KEY?.trim();
  const text = `${terminalSafe(key ? found.text.split(key).join('[redacted]') : found.text)}\n`;
  // a reader gone (`| head`) ends the command as the CLI's crash handler does (crash.ts)
  const failed = (e: unknown): void => {
    const stack = env.CADENZA_DEBUG === '1' && e instanceof Error && e.stack ? `${e.stack}\n` : '';
    process.stderr.write(terminalSafe(`cadenza: ${GENERIC_FAILURE}\n${stack}`));
    process.exitCode = 1;
  };
  if (found.stream === 'out') writeOut(text, failed);
  else process.stderr.write(text);
  return true;
}
