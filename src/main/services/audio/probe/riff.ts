/**
 * Where a WAV file's samples are: the `data` chunk's offset and the bytes of it the file really
 * holds, and the sample encoding from `fmt ` (extensible resolved to its sub-format). Chunks of
 * any size may come before `data`; they are skipped by their declared sizes with positioned
 * reads, never loaded. The probe reports everything else about a WAV (through music-metadata).
 */
/** Reads up to `length` bytes at `position` into `into`; the count read. */
export type ReadAt = (into: Buffer, position: number) => Promise<number>;

/** A ReadAt over bytes already in memory (the start of a file being measured from a link). */
export const readFromBytes =
  (bytes: Uint8Array): ReadAt =>
  (into, position) => {
    const part = bytes.subarray(position, position + into.length);
    into.set(part);
    return Promise.resolve(part.length);
  };

export interface WavLayout {
  /** 1 integer PCM, 3 IEEE float (from the extensible sub-format when extensible). */
  encoding: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes per frame (all channels of one sample instant). */
  blockAlign: number;
  dataOffset: number;
  /** Bytes of sample data present in the file (never more than it holds). */
  dataBytes: number;
  /** The data chunk claims more than the file holds. */
  truncated: boolean;
}

const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** The layout of a WAV file of `fileBytes` bytes, or null when it is not a WAV with fmt and data. */
export async function readWavLayout(read: ReadAt, fileBytes: number): Promise<WavLayout | null> {
  const head = Buffer.alloc(12);
  if ((await read(head, 0)) < 12) return null;
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE')
    return null;
  const chunk = Buffer.alloc(8);
  let fmt: Omit<WavLayout, 'dataOffset' | 'dataBytes' | 'truncated'> | null = null;
  for (let pos = 12; pos + 8 <= fileBytes;) {
    if ((await read(chunk, pos)) < 8) return null;
    const id = chunk.toString('latin1', 0, 4);
    const size = chunk.readUInt32LE(4);
    if (id === 'fmt ') {
      const body = Buffer.alloc(Math.min(size, 40));
      if ((await read(body, pos + 8)) < 16) return null;
      let encoding = body.readUInt16LE(0);
      if (encoding === WAVE_FORMAT_EXTENSIBLE && body.length >= 26)
        encoding = body.readUInt16LE(24);
      fmt = {
        encoding,
        channels: body.readUInt16LE(2),
        sampleRate: body.readUInt32LE(4),
        blockAlign: body.readUInt16LE(12),
        bitsPerSample: body.readUInt16LE(14),
      };
    } else if (id === 'data') {
      if (!fmt) return null;
      const available = fileBytes - (pos + 8);
      // a header written while streaming may say 0 or 0xffffffff: the file's end is the truth
      const declared = size === 0 || size === 0xffffffff ? available : size;
      return {
        ...fmt,
        dataOffset: pos + 8,
        dataBytes: Math.max(0, Math.min(declared, available)),
        truncated: declared > available,
      };
    }
    pos += 8 + size + (size % 2);
  }
  return null;
}
