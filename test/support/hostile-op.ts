/**
 * One operation on a hostile file, in its own process so its peak memory is its own (run by
 * peak-rss.ts for the hostile-files tests and bench): `tsx hostile-op.ts <op> <path>`; prints one
 * JSON line with what the operation returned.
 */
import { meterFile } from '../../src/main/services/audio/loudness/measure';
import { decodePcm } from '../../src/main/services/audio/decode/pcm';
import { probeFile } from '../../src/main/services/audio/probe';

const ops: Record<string, (path: string) => Promise<unknown>> = {
  /** The bare process (modules loaded), to compare peaks against. */
  none: async () => null,
  loudness: async (p) => (await meterFile(p))?.durationS ?? null,
  decode: async (p) => {
    const pcm = await decodePcm(p).catch((e: Error) => e.message);
    return typeof pcm === 'string' ? pcm : (pcm?.durationMs ?? null);
  },
  art: async (p) => {
    const probe = await probeFile(p, { art: true, tagsOnly: true });
    return probe?.art ? `${probe.art.data.length} bytes of art` : (probe?.leftOut ?? 'no art');
  },
  probe: async (p) => (await probeFile(p))?.durationMs ?? null,
};

const [op, path] = process.argv.slice(2);
void ops[op!]!(path!).then((result) => console.log(JSON.stringify({ result })));
