/**
 * Security: files the CLI is pointed at. Uploads take only files whose bytes are audio (a text file
 * or a PNG renamed .mp3/.wav is refused before anything is sent); FIFOs, sockets and folders are
 * refused wherever a path is read (a FIFO used to hang `--lyrics-file` forever).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noiseWav } from '../../support/media-fixtures';
import { runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-hostile-files-key-5d1e';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 20, counters: { key_clone_voices: 5, key_cover_counts: 5 } },
});
const PNG = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(64)]);

let socketServer: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (socketServer ? socketServer.close(() => r()) : r()));
  socketServer = undefined;
});

function fifo(name: string): string {
  const p = join(cli.box.root, name);
  execFileSync('mkfifo', [p]);
  return p;
}

async function unixSocket(name: string): Promise<string> {
  const p = join(cli.box.root, name);
  socketServer = createServer();
  await new Promise<void>((r) => socketServer!.listen(p, r));
  return p;
}

const uploads = (): string[] =>
  cli.emu.log.map((e) => e.path).filter((p) => p === '/v1/clone' || p === '/v1/cover');

describe('files the CLI uploads', () => {
  it('refuses a text file and a PNG named as audio, before anything is sent', async () => {
    const text = join(cli.box.root, 'notes.mp3');
    writeFileSync(text, 'Verse one\nthis is not audio at all\n'.repeat(50));
    const png = join(cli.box.root, 'cover.wav');
    writeFileSync(png, PNG);

    const clone = await runCli(['clone', '--name', 'Text', text], { env: cli.env() });
    expect(clone.code).not.toBe(0);
    expect(clone.stderr).toMatch(
      /^cadenza: .*notes\.mp3.*(not an audio file|could not find audio)/m,
    );

    const cover = await runCli(['cover', png, '--singer', '102'], { env: cli.env() });
    expect(cover.code).not.toBe(0);
    expect(cover.stderr).toMatch(
      /^cadenza: .*cover\.wav.*(not an audio file)|^cadenza: .*could not find audio in cover\.wav/m,
    );
    expect(uploads()).toEqual([]);
  });

  it('still uploads a real recording', async () => {
    const real = join(cli.box.root, 'take.wav');
    writeFileSync(real, noiseWav(3));
    const clone = await runCli(['clone', '--name', 'Real', real], { env: cli.env() });
    expect(clone.code, clone.stderr).toBe(0);
    expect(uploads()).toEqual(['/v1/clone']);
  });

  it('refuses a FIFO, a socket and a folder named as audio, at once', async () => {
    const targets = [fifo('pipe.wav'), await unixSocket('sock.wav')];
    const folder = join(cli.box.root, 'folder.wav');
    mkdirSync(folder);
    targets.push(folder);
    for (const target of targets) {
      const started = Date.now();
      const r = await runCli(['clone', '--name', 'X', target], {
        env: cli.env(),
        timeoutMs: 8_000,
      });
      expect(r.code, target).not.toBe(0);
      expect(r.code, `${target} hung`).not.toBeNull();
      expect(r.stderr).toMatch(/^cadenza: .*not a (regular )?file/m);
      expect(Date.now() - started).toBeLessThan(8_000);
    }
    expect(uploads()).toEqual([]);
  });
});

describe('--lyrics-file', () => {
  it('refuses a FIFO instead of waiting for a writer forever', async () => {
    const r = await runCli(
      ['song', 'create', '--prompt', 'night drive', '--lyrics-file', fifo('lyrics.txt')],
      { env: cli.env(), timeoutMs: 8_000 },
    );
    expect(r.code, 'the CLI hung on the FIFO').not.toBeNull();
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^cadenza: .*lyrics\.txt.*not a (regular )?file/m);
    expect(cli.emu.log.filter((e) => e.path.startsWith('/v2/submit'))).toEqual([]);
  });
});
