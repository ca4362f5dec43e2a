/**
 * The encoders' worker task, registered in services/worker-tasks/registry.ts:
 *
 *   const bytes = await audioWorker().run('audio.encode', { pcm, format: 'mp3' },
 *     { transfer: pcmTransfer(pcm), onProgress: (f) => … });
 *
 * The PCM moves to the worker (`pcmTransfer(pcm)` lists its buffers) and the bytes move back.
 */
import type { TaskContext } from '../../worker/protocol';
import { encodeAudio, type EncodeExtras } from './index';
import type { BitDepth, EncodeFormat, PcmAudio } from './types';

export interface EncodeTaskInput extends EncodeExtras {
  pcm: PcmAudio;
  format: EncodeFormat;
  bitDepth?: BitDepth;
  kbps?: number;
}

export const encodeTasks = {
  'audio.encode': async (input: EncodeTaskInput, ctx: TaskContext<number>): Promise<Uint8Array> => {
    const { pcm, format, ...options } = input;
    const bytes = await encodeAudio(pcm, format, {
      ...options,
      signal: ctx.signal,
      onProgress: (fraction) => ctx.progress(fraction),
    });
    ctx.transfer(bytes.buffer as ArrayBuffer);
    return bytes;
  },
};
