/**
 * Peak memory of the main process while a large file downloads into the library (the same path
 * the jobs service uses: the service client's streamed download into a library temp file, then
 * the atomic rename). Memory must stay bounded, not grow with the file: compare 100 MB and 500 MB.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmulator } from '../test/emulator';
import { createServiceClient } from '../src/main/services/api';
import { createLibrary } from '../src/main/services/library/library';

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

async function main(): Promise<void> {
  const emu = await startEmulator({ keys: ['bench-key-0002'] });
  const base = resolve(__dirname, '.data', 'download');
  await rm(base, { recursive: true, force: true });
  await mkdir(base, { recursive: true });
  const library = createLibrary({ dir: join(base, 'Library'), watch: false });
  await library.open();
  const client = createServiceClient({ baseUrl: emu.url, getKey: async () => 'bench-key-0002' });
  try {
    for (const sizeMb of [100, 500]) {
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      let peakExternal = before.external + before.arrayBuffers;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
        peakExternal = Math.max(peakExternal, m.external + m.arrayBuffers);
      }, 20);
      const t = performance.now();
      const item = await library.createItem({
        meta: { kind: 'song', title: `Big ${sizeMb}` },
        ext: '.mp3',
        writeMedia: async (tmp) => {
          await client.download(`${emu.mediaUrl}/media/big?bytes=${sizeMb * MB}`, tmp);
        },
      });
      const seconds = (performance.now() - t) / 1000;
      clearInterval(sampler);
      if (item.sizeBytes !== sizeMb * MB)
        throw new Error(`expected ${sizeMb * MB} bytes, got ${item.sizeBytes}`);
      console.log(
        `download ${sizeMb} MB into the library: ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s); ` +
          `peak RSS ${mb(peakRss)} (+${mb(peakRss - before.rss)} over ${mb(before.rss)} before), ` +
          `peak JS heap +${mb(peakHeap - before.heapUsed)}, peak buffers +${mb(peakExternal - before.external - before.arrayBuffers)}`,
      );
      await library.remove(item.id);
    }
    console.log(
      '(the emulator serves the file from the same process, so these figures include its side of the transfer)',
    );
  } finally {
    await library.close();
    await emu.close();
    await rm(base, { recursive: true, force: true });
  }
}

void main();
