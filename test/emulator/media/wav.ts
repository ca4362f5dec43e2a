import { patternSource, type ByteSource } from './source';

export const WAV_SAMPLE_RATE = 22050;
/** 441 Hz divides 22050 Hz exactly: one period is 50 samples, so the body is a repeated unit. */
const TONE_HZ = 441;
const AMPLITUDE = 0.3 * 32767;

function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

let toneUnit: Buffer | undefined;
function unit(): Buffer {
  if (!toneUnit) {
    const samples = WAV_SAMPLE_RATE / TONE_HZ;
    toneUnit = Buffer.alloc(samples * 2);
    for (let i = 0; i < samples; i++) {
      toneUnit.writeInt16LE(Math.round(AMPLITUDE * Math.sin((2 * Math.PI * i) / samples)), i * 2);
    }
  }
  return toneUnit;
}

/** Samples for a duration (the WAV is exactly that long, to the sample). */
export function wavSampleCount(durationMs: number): number {
  return Math.max(1, Math.round((durationMs * WAV_SAMPLE_RATE) / 1000));
}

/** A 16-bit mono PCM WAV holding a 441 Hz sine of the given duration. */
export function wavTone(durationMs: number): ByteSource {
  const dataBytes = wavSampleCount(durationMs) * 2;
  return patternSource(wavHeader(dataBytes, WAV_SAMPLE_RATE), unit(), dataBytes, 'audio/wav');
}
