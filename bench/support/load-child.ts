/**
 * The other end of the responsiveness bench, in its own process so its work is not measured:
 * the service emulator (songs stay in progress for minutes) and a slow media server whose
 * downloads never finish during a run. Prints one JSON line with the addresses, then serves
 * until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '../../test/emulator';

async function main(): Promise<void> {
  const key = process.argv[2] ?? 'bench-key-0001';
  const emu = await startEmulator({
    keys: [key],
    stepMs: 120_000,
    counters: { key_music_counts: 1000 },
  });
  // 64 KiB every 50 ms (about 1.3 MB/s) of a 500 MB body: a download that stays running
  const chunk = Buffer.alloc(64 * 1024, 0x55);
  const slow = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(500 * 2 ** 20) });
    const timer = setInterval(() => res.write(chunk), 50);
    req.on('close', () => clearInterval(timer));
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  const port = (slow.address() as AddressInfo).port;
  console.log(JSON.stringify({ url: emu.url, slowUrl: `http://127.0.0.1:${port}/media/slow.mp3` }));
  process.on('SIGTERM', () => {
    slow.close();
    void emu.close().then(() => process.exit(0));
  });
}

void main();
