/**
 * One operation on a hostile file, in its own process so its peak memory is its own (run by
 * peak-rss.ts for the hostile-files tests and bench): `tsx hostile-op.ts <op> <path>`; prints one
 * JSON line with what the operation returned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meterFile } from '../../src/main/services/audio/loudness/measure';
import { decodePcm } from '../../src/main/services/audio/decode/pcm';
import { probeFile } from '../../src/main/services/audio/probe';
import { inRenderTurn } from '../../src/main/services/audio/render/queue';
import { trimFile } from '../../src/main/services/audio/render/trim-file';
import { renderWholeSong } from '../../src/main/services/audio/whole/render';
import { renderExport } from '../../src/main/services/export/render';

/** A fresh folder for what an operation writes (removed when the process ends). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-hostile-op-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The file's last `minutes` trimmed into a WAV (the whole file decoded up to there). */
async function trimEnd(path: string, minutes: number, target: string) {
  const probe = await probeFile(path);
  const endMs = probe?.durationMs ?? 0;
  const r = await trimFile({
    source: path,
    target,
    format: 'wav',
    region: {
      startMs: Math.max(0, endMs - minutes * 60_000),
      endMs,
      fadeInMs: 1000,
      fadeOutMs: 60_000,
      fadeCurve: 'linear',
    },
  });
  return r.durationMs;
}

const exported = async (p: string, format: 'wav' | 'flac' | 'mp3') => {
  const dest = join(scratch(), `out.${format}`);
  const r = await renderExport({ source: p, dest, format, tags: { title: 'hostile' } });
  return r.written ? r.bytes : 'not written';
};

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
  /** Trim: the last five minutes, to WAV. */
  trim: async (p) => trimEnd(p, 5, join(scratch(), 'trim.wav')),
  /** Eight such trims asked for at once: the render queue runs them one after another. */
  trim8: async (p) => {
    const dir = scratch();
    const all = Array.from({ length: 8 }, (_, i) =>
      inRenderTurn(undefined, () => trimEnd(p, 5, join(dir, `trim-${i}.wav`))),
    );
    return (await Promise.all(all)).length;
  },
  'export-wav': (p) => exported(p, 'wav'),
  'export-flac': (p) => exported(p, 'flac'),
  'export-mp3': (p) => exported(p, 'mp3'),
  /** A whole song of the file and itself as an extension continuing it at its middle. */
  whole: async (p) => {
    const probe = await probeFile(p);
    const r = await renderWholeSong(
      {
        parts: [{ path: p }, { path: p, continueAtMs: (probe?.durationMs ?? 0) / 2 }],
        outPath: join(scratch(), 'whole.mp3'),
      },
      {},
    );
    return Math.round(r.durationMs / 1000);
  },
};

const [op, path] = process.argv.slice(2);
void ops[op!]!(path!).then((result) => console.log(JSON.stringify({ result })));
