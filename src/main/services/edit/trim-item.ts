/**
 * Trims a library item into a new item: the region (with fades) is rendered in the worker
 * (`audio.trim`) straight into the library's temp file and saved in the same format family
 * (MP3 → MP3, WAV → WAV, FLAC → FLAC) with a sidecar that names the source and the region. The
 * source file and its sidecar are only read.
 *
 *   const item = await trimItem(rt.library, 'itm_…', { startMs: 5250, endMs: 70000, … });
 */
import { extname } from 'node:path';
import { appError } from '@shared/app-error';
import { refuseInput } from '@shared/domain/service-inputs';
import type { LibraryItem } from '@shared/domain/library';
import { TrimRequestSchema, type TrimRequest } from '@shared/domain/trim';
import type { Library } from '../library/library';
import { probeInWorker } from '../audio/probe/in-worker';
import { libraryFilePath } from '../files/library-file';
import { audioWorker } from '../worker';
import type { renderTasks } from '../audio/render/tasks';
import { MP3_BIT_RATES, type BitDepth, type EncodeFormat } from '../audio/encode';
import type { TrimFileInput, TrimFileResult } from '../audio/render/trim-file';

/** The formats a trim is saved in: the source's own. */
const FAMILY: Record<string, EncodeFormat> = { '.mp3': 'mp3', '.wav': 'wav', '.flac': 'flac' };

export interface TrimOptions {
  signal?: AbortSignal;
  /** 0..1 as the render proceeds. */
  onProgress?: (fraction: number) => void;
}

/** Runs the render (default: the worker's `audio.trim` task). */
export type TrimRunner = (input: TrimFileInput, options: TrimOptions) => Promise<TrimFileResult>;

const inWorker: TrimRunner = (input, { signal, onProgress }) =>
  audioWorker<typeof renderTasks>().run('audio.trim', input, { signal, onProgress });

/** A trim keeps the source's MP3 bit rate (the nearest the encoder writes, at least 128 kbit/s). */
const MP3_KBPS = MP3_BIT_RATES.filter((k) => k >= 128);

export async function trimItem(
  library: Library,
  id: string,
  request: TrimRequest,
  options: TrimOptions & { run?: TrimRunner } = {},
): Promise<LibraryItem> {
  refuseInput(TrimRequestSchema, request);
  const source = library.get(id);
  if (!source) throw appError('not_found', 'errors:library.itemGone');
  const ext = extname(source.file).toLowerCase();
  const format = FAMILY[ext];
  if (!format || source.kind.endsWith('video')) throw appError('validation', 'errors:trim.formats');
  const known = source.duration_ms;
  if (known !== null && request.startMs >= known)
    throw appError('validation', 'errors:trim.startAfterEnd');
  // confined: a symlink in the library to audio outside it is refused, as every reader refuses it
  const sourcePath = await libraryFilePath(
    library.dir,
    source.file,
    'errors:trim.linkOutsideLibrary',
  );
  const probe = await probeInWorker(sourcePath).catch(() => null);
  const bitDepth: BitDepth = (probe?.bitsPerSample ?? 16) > 16 ? 24 : 16;
  const kbps = MP3_KBPS.find((k) => k * 1000 >= (probe?.bitRate ?? 0) - 8000) ?? MP3_KBPS.at(-1)!;
  const run = options.run ?? inWorker;
  let rendered: TrimFileResult | null = null;
  const title = request.title ?? `${source.title} (trimmed)`;
  const full = await library.full(source);
  return library.createItem({
    meta: {
      kind: source.kind,
      title,
      lyrics: full.lyrics,
      tags: source.tags,
      prompt: full.prompt,
      model: source.model,
      voice: source.voice,
      singer: source.singer,
      emotion: source.emotion,
      // the sidecar is written after the render: its length is the rendered one
      get duration_ms() {
        return rendered?.durationMs ?? request.endMs - request.startMs;
      },
      trimmed_from: {
        source_id: source.id,
        source_title: source.title,
        start_ms: request.startMs,
        end_ms: Math.min(request.endMs, known ?? request.endMs),
        fade_in_ms: request.fadeInMs,
        fade_out_ms: request.fadeOutMs,
        fade_curve: request.fadeCurve,
      },
    },
    ext,
    writeMedia: async (tempPath) => {
      rendered = await run(
        { source: sourcePath, target: tempPath, format, region: request, bitDepth, kbps },
        { signal: options.signal, onProgress: options.onProgress },
      );
    },
  });
}
