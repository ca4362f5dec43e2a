/**
 * The whole song as the samples come (what `WholeSong` in stitch.ts does on whole buffers, sample
 * for sample): parts are fed one after another, each already at the song's rate and channels
 * (`Resampler`, `conformChannels`), and the song comes out in order; only the crossfade's length
 * is held back at a seam (the parent's last frames, the extension's first).
 *
 *   const s = new StitchStream(44_100, 2, 30);
 *   s.beginPart({ newFrom: 0, cutAt: at1 });          // the song: up to where ext 1 continues it
 *   emit(s.push(chunk, n)); …  emit(s.endPart());
 *   s.beginPart({ newFrom, cutAt: Infinity, shape });  // ext 1, its new audio from `newFrom`
 *   …  emit(s.endPart()); emit(s.end());
 *
 * A part's frames from `newFrom` up to `cutAt` (its own frame numbers) are the song's; the frames
 * after `cutAt` are left out, as a later extension replaces them. An extension that continues its
 * parent before the parent's own new audio begins is cut where that audio begins (a whole buffer
 * would reach back into the part before; nothing already written is taken back here).
 */
import type { ShapeReport } from './shape';
import type { SeamReport } from './stitch';

type Frames = Float32Array[];

/** The first `n` frames of each channel, joined after `a`'s. */
function join(a: Frames, b: Frames, n: number): Frames {
  return a.map((c, i) => {
    const out = new Float32Array(c.length + n);
    out.set(c);
    out.set(b[i]!.subarray(0, n), c.length);
    return out;
  });
}

const lengthOf = (f: Frames): number => f[0]?.length ?? 0;

/** `channels` channels of `chunk`: mono spread to each, more channels averaged (as conform). */
export function conformChannels(chunk: Frames, frames: number, channels: number): Frames {
  if (chunk.length === channels) return chunk.map((c) => c.subarray(0, frames));
  if (chunk.length === 1)
    return Array.from({ length: channels }, () => chunk[0]!.subarray(0, frames));
  const mono = new Float32Array(frames);
  for (const c of chunk) for (let i = 0; i < frames; i++) mono[i]! += c[i]! / chunk.length;
  return Array.from({ length: channels }, () => mono);
}

/** Linear resampling as the samples come, sample for sample what `conform` gives on the whole. */
export class Resampler {
  private readonly ratio: number;
  private buf: Frames = [];
  /** The input frame buf[·][0] is. */
  private bufStart = 0;
  /** The next output frame. */
  private next = 0;

  constructor(from: number, to: number) {
    this.ratio = from / to;
  }

  get passthrough(): boolean {
    return this.ratio === 1;
  }

  push(chunk: Frames, frames: number): Frames {
    if (this.passthrough) return chunk.map((c) => c.subarray(0, frames));
    this.buf =
      this.buf.length === 0 ? chunk.map((c) => c.slice(0, frames)) : join(this.buf, chunk, frames);
    return this.take(false);
  }

  end(): Frames {
    return this.passthrough ? [] : this.take(true);
  }

  private take(atEnd: boolean): Frames {
    const have = this.bufStart + lengthOf(this.buf);
    const last = atEnd ? Math.floor(have / this.ratio) : Infinity;
    const outs: number[] = [];
    for (let i = this.next; i < last; i++) {
      const j = Math.floor(i * this.ratio);
      if (!atEnd && j + 1 >= have) break;
      outs.push(i);
    }
    const out = this.buf.map((c) => {
      const o = new Float32Array(outs.length);
      outs.forEach((i, k) => {
        const x = i * this.ratio;
        const j = Math.floor(x);
        const f = x - j;
        const a = c[j - this.bufStart]!;
        o[k] = a * (1 - f) + (j + 1 < have ? c[j + 1 - this.bufStart]! : a) * f;
      });
      return o;
    });
    this.next += outs.length;
    const keepFrom = Math.min(have, Math.floor(this.next * this.ratio)) - this.bufStart;
    this.buf = this.buf.map((c) => c.slice(keepFrom));
    this.bufStart += keepFrom;
    return out;
  }
}

export interface PartPlan {
  /** The part's first frame of new audio (its own numbering). */
  newFrom: number;
  /** The part's frames from here on are left out (where the next extension continues it). */
  cutAt: number;
  /** An extension's shape against its parent (absent for the song itself). */
  shape?: ShapeReport;
}

export class StitchStream {
  readonly seams: SeamReport[] = [];
  private readonly fade: number;
  /** The song's last frames, held while a seam may crossfade them. */
  private tail: Frames;
  /** An extension's first new frames, held until the crossfade's length is known. */
  private head: Frames | null = null;
  private part: (PartPlan & { own: number; seamOpen: boolean; cut: number }) | null = null;
  private parts = 0;
  /** Frames of the song so far (held ones included). */
  length = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    crossfadeMs: number,
  ) {
    this.fade = Math.round((crossfadeMs * sampleRate) / 1000);
    this.tail = Array.from({ length: channels }, () => new Float32Array(0));
  }

  beginPart(plan: PartPlan): void {
    const first = this.parts++ === 0;
    this.part = { ...plan, own: 0, seamOpen: !first, cut: this.length };
    if (!first) this.head = Array.from({ length: this.channels }, () => new Float32Array(0));
  }

  /** The part's next frames (at the song's rate and channels); answers the song's final frames. */
  push(chunk: Frames, frames: number): Frames | null {
    const p = this.part!;
    const a = Math.max(p.own, p.newFrom);
    const b = Math.min(p.own + frames, p.cutAt);
    p.own += frames;
    if (b <= a) return null;
    const fresh = chunk.map((c) => c.subarray(a - (p.own - frames), b - (p.own - frames)));
    const out: Frames[] = [];
    let rest = fresh;
    if (p.seamOpen) {
      const want = Math.min(this.fade, lengthOf(this.tail)) - lengthOf(this.head!);
      const n = Math.min(want, lengthOf(rest));
      this.head = join(this.head!, rest, n);
      rest = rest.map((c) => c.subarray(n));
      if (lengthOf(this.head) < Math.min(this.fade, lengthOf(this.tail))) return null;
      out.push(this.closeSeam());
    }
    if (lengthOf(rest) > 0) out.push(this.append(rest));
    return concat(out, this.channels);
  }

  /** The part has ended (its whole file read: `ownFrames` frames). */
  endPart(): Frames | null {
    const p = this.part!;
    const out = p.seamOpen ? this.closeSeam() : null;
    const seam = this.seams.at(-1);
    if (seam && p.shape) seam.newMs = (Math.max(0, p.own - p.newFrom) / this.sampleRate) * 1000;
    return out;
  }

  /** The song's held last frames. */
  end(): Frames {
    const out = this.tail;
    this.tail = this.tail.map(() => new Float32Array(0));
    return out;
  }

  /** Appends frames to the song; answers all but the last `fade` of the song. */
  private append(frames: Frames): Frames {
    const n = lengthOf(frames);
    this.length += n;
    const all = join(this.tail, frames, n);
    const keep = Math.min(this.fade, lengthOf(all));
    this.tail = all.map((c) => c.slice(lengthOf(all) - keep));
    return all.map((c) => c.subarray(0, lengthOf(all) - keep));
  }

  /** Crossfades the held tail with the extension's held head; answers the song's frames. */
  private closeSeam(): Frames {
    const p = this.part!;
    p.seamOpen = false;
    const head = this.head!;
    this.head = null;
    const cut = this.length;
    const fade = Math.min(this.fade, lengthOf(this.tail), lengthOf(head));
    const start = lengthOf(this.tail) - fade;
    const mixed = this.tail.map((song, c) => {
      const out = song.slice();
      const add = head[c]!;
      for (let i = 0; i < fade; i++) {
        const g = 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / fade);
        out[start + i] = song[start + i]! * (1 - g) + add[i]! * g;
      }
      return out;
    });
    const shape = p.shape!;
    this.seams.push({
      atMs: (cut / this.sampleRate) * 1000,
      shape: shape.shape,
      lagMs: (shape.lagFrames / this.sampleRate) * 1000,
      similarity: shape.similarity,
      newMs: 0, // set when the part ends
    });
    // the song now: up to the crossfade's start, the mix, then the extension
    this.tail = this.tail.map(() => new Float32Array(0));
    this.length -= lengthOf(mixed);
    const out: Frames[] = [this.append(mixed)];
    const after = head.map((c) => c.subarray(fade));
    if (lengthOf(after) > 0) out.push(this.append(after));
    return concat(out, this.channels);
  }
}

function concat(parts: Frames[], channels: number): Frames {
  const n = parts.reduce((s, p) => s + lengthOf(p), 0);
  return Array.from({ length: channels }, (_, c) => {
    const out = new Float32Array(n);
    let at = 0;
    for (const p of parts) {
      out.set(p[c]!, at);
      at += lengthOf(p);
    }
    return out;
  });
}
