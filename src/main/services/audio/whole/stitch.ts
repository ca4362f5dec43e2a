/**
 * A song and its chain of extensions stitched into one timeline, in PCM:
 *
 *   const song = new WholeSong(rootPcm, { crossfadeMs: 30 });
 *   song.extend(ext1Pcm, 42_500);   // ext1 continues the root at 42.5 s of the root's file
 *   song.extend(ext2Pcm, 61_000);   // ext2 continues ext1 at 61 s of ext1's file
 *   song.pcm;                       // the whole song
 *
 * Each seam keeps the parent up to `continue_at` and puts the extension's new audio after it,
 * overlapping the last `crossfadeMs` of the parent with a raised-cosine crossfade (the two gains
 * sum to 1). So the length is the sum of the parts (the parent up to `continue_at`, each
 * extension's new audio) minus one crossfade per seam. `continue_at` is a time in the parent's own
 * file; where that file sits in the stitched timeline is tracked level by level.
 * Whether an extension's file repeats its parent's opening ("whole") or holds only the new part is
 * measured (shape.ts); a "whole" file's new audio starts at continue_at plus the measured lag, so
 * the start is never doubled. Parts of another rate or channel count are conformed to the song's
 * first part (linear resampling; mono is spread to every channel, more channels are averaged).
 */
import { extensionShape, type ExtensionShape } from './shape';
import { pcmFrames as framesOf, type PcmAudio } from '../encode/types';

export const DEFAULT_CROSSFADE_MS = 30;

export interface SeamReport {
  /** Where the crossfade ends in the stitched song (the extension's new audio is alone after it). */
  atMs: number;
  shape: ExtensionShape;
  /** The extension's offset against its parent's opening, for "whole" (ms; 0 for "new"). */
  lagMs: number;
  similarity: number | null;
  /** Milliseconds of the extension's file used (its new audio). */
  newMs: number;
}

/** `pcm` at `rate` with `channels` channels. */
export function conform(pcm: PcmAudio, rate: number, channels: number): PcmAudio {
  let chans = pcm.channels;
  if (chans.length !== channels) {
    if (chans.length === 1) chans = Array.from({ length: channels }, () => pcm.channels[0]!);
    else {
      const mono = new Float32Array(framesOf(pcm));
      for (const c of chans) for (let i = 0; i < mono.length; i++) mono[i]! += c[i]! / chans.length;
      chans = Array.from({ length: channels }, () => mono);
    }
  }
  if (pcm.sampleRate === rate) return { sampleRate: rate, channels: chans };
  const ratio = pcm.sampleRate / rate;
  const frames = Math.floor(framesOf(pcm) / ratio);
  const out = chans.map((c) => {
    const o = new Float32Array(frames);
    for (let i = 0; i < frames; i++) {
      const x = i * ratio;
      const j = Math.floor(x);
      const f = x - j;
      o[i] = c[j]! * (1 - f) + (c[j + 1] ?? c[j]!) * f;
    }
    return o;
  });
  return { sampleRate: rate, channels: out };
}

export class WholeSong {
  private out: Float32Array[];
  readonly sampleRate: number;
  readonly seams: SeamReport[] = [];
  /** The last part's own file (for the next extension's shape) and where it starts in `out`. */
  private parent: PcmAudio;
  private parentOffset = 0;
  private readonly fade: number;

  constructor(root: PcmAudio, options: { crossfadeMs?: number } = {}) {
    this.sampleRate = root.sampleRate;
    this.out = root.channels;
    this.parent = root;
    this.fade = Math.round(
      ((options.crossfadeMs ?? DEFAULT_CROSSFADE_MS) * root.sampleRate) / 1000,
    );
  }

  get pcm(): PcmAudio {
    return { sampleRate: this.sampleRate, channels: this.out };
  }

  get durationMs(): number {
    return ((this.out[0]?.length ?? 0) / this.sampleRate) * 1000;
  }

  /** Appends an extension that continues the last part at `continueAtMs` of that part's file. */
  extend(extension: PcmAudio, continueAtMs: number): SeamReport {
    const rate = this.sampleRate;
    const ext = conform(extension, rate, this.out.length);
    const at = Math.round((continueAtMs * rate) / 1000);
    const shape = extensionShape(this.parent, ext, at);
    const total = this.out[0]!.length;
    const cut = Math.min(total, this.parentOffset + at);
    const newFrom = shape.shape === 'whole' ? Math.max(0, at + shape.lagFrames) : 0;
    const newLength = Math.max(0, framesOf(ext) - newFrom);
    const fade = Math.min(this.fade, cut, newLength);
    const start = cut - fade; // where the new audio begins in the song
    this.out = this.out.map((song, c) => {
      const add = ext.channels[c]!;
      const next = new Float32Array(start + newLength);
      next.set(song.subarray(0, start));
      for (let i = 0; i < fade; i++) {
        const g = 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / fade);
        next[start + i] = song[start + i]! * (1 - g) + add[newFrom + i]! * g;
      }
      next.set(add.subarray(newFrom + fade, newFrom + newLength), start + fade);
      return next;
    });
    this.parent = ext;
    this.parentOffset = start - newFrom;
    const seam: SeamReport = {
      atMs: (cut / rate) * 1000,
      shape: shape.shape,
      lagMs: (shape.lagFrames / rate) * 1000,
      similarity: shape.similarity,
      newMs: (newLength / rate) * 1000,
    };
    this.seams.push(seam);
    return seam;
  }
}
