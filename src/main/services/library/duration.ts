import { promises as fs } from 'node:fs';

/**
 * Duration of a PCM WAV file from its header (fmt byte rate and data chunk size), or null when the
 * file is not a WAV this can read. Used for text-to-speech results, which come without a duration.
 */
export async function wavDurationMs(path: string): Promise<number | null> {
  const handle = await fs.open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const buf = head.subarray(0, bytesRead);
    if (
      buf.length < 12 ||
      buf.toString('ascii', 0, 4) !== 'RIFF' ||
      buf.toString('ascii', 8, 12) !== 'WAVE'
    )
      return null;
    let byteRate = 0;
    let pos = 12;
    while (pos + 8 <= buf.length) {
      const id = buf.toString('ascii', pos, pos + 4);
      const size = buf.readUInt32LE(pos + 4);
      if (id === 'fmt ' && pos + 16 <= buf.length) byteRate = buf.readUInt32LE(pos + 8 + 8);
      if (id === 'data') {
        if (!byteRate) return null;
        const st = await handle.stat();
        const dataBytes = Math.min(size, st.size - (pos + 8));
        return Math.round((dataBytes / byteRate) * 1000);
      }
      pos += 8 + size + (size % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}
