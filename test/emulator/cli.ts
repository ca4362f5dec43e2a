/**
 * Runs the service emulator on its own (used by `npm run demo`):
 *   npx tsx test/emulator/cli.ts --port 8787 --key demo-key-0000 [--key another] [--media-port 0]
 *                                [--vocabulary spec|logged] [--step-ms 300] [--song-ms 30000]
 *                                [--song-audio silence|tones] [--extension-shape new|whole]
 * Prints the service and media URLs (never the keys) and stops on SIGINT/SIGTERM.
 */
import { startEmulator } from './index';
import type { EmulatorConfig, EmulatorOptions } from './types';

type Configured = Partial<Pick<EmulatorConfig, 'songDurationMs' | 'songAudio' | 'extensionShape'>>;

function parseArgs(argv: string[]): { opts: EmulatorOptions; config: Configured } {
  const opts: EmulatorOptions = {};
  const keys: string[] = [];
  const config: Configured = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const int = (): number => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number`);
      return n;
    };
    switch (flag) {
      case '--port':
        opts.port = int();
        break;
      case '--media-port':
        opts.mediaPort = int();
        break;
      case '--key':
        keys.push(value());
        break;
      case '--vocabulary': {
        const v = value();
        if (v !== 'spec' && v !== 'logged') throw new Error('--vocabulary is spec or logged');
        opts.vocabulary = v;
        break;
      }
      case '--step-ms':
        opts.stepMs = int();
        break;
      case '--song-ms':
        config.songDurationMs = int();
        break;
      case '--song-audio': {
        const v = value();
        if (v !== 'silence' && v !== 'tones') throw new Error('--song-audio is silence or tones');
        config.songAudio = v;
        break;
      }
      case '--extension-shape': {
        const v = value();
        if (v !== 'new' && v !== 'whole') throw new Error('--extension-shape is new or whole');
        config.extensionShape = v;
        break;
      }
      case '--help':
      case '-h':
        console.log(
          'usage: cli.ts [--port N] [--media-port N] [--key K]... [--vocabulary spec|logged] [--step-ms N] [--song-ms N] [--song-audio silence|tones] [--extension-shape new|whole]',
        );
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  if (keys.length) opts.keys = keys;
  return { opts, config };
}

async function main(): Promise<void> {
  const { opts, config } = parseArgs(process.argv.slice(2));
  const emulator = await startEmulator(opts);
  emulator.configure(config);
  console.log(`emulator: service ${emulator.url}`);
  console.log(`emulator: media   ${emulator.mediaUrl}`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`emulator: ${signal}, stopping`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`emulator: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
