/**
 * Whether a library file holds exactly the audio the service served. Files the library saves are
 * tagged (issue 28: title, lyrics, cover, recipe), so their bytes differ from the served ones; the
 * audio payload (everything but the tags) must not. Compared by the same payload hash the sidecar
 * records, over the served bytes written to a temp file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { audioPayloadHash } from '../../src/main/services/audio/tags/retag';

export async function sameAudio(file: string, served: Buffer): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-served-'));
  try {
    const copy = join(dir, `served${extname(file)}`);
    writeFileSync(copy, served);
    const [a, b] = await Promise.all([audioPayloadHash(file), audioPayloadHash(copy)]);
    return a.sha256 === b.sha256;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
