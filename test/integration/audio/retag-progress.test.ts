/**
 * An MP3 exported as MP3 (a merged retag: its frames copied a megabyte at a time, issue 26 point 1)
 * reports how far the copy has got as it goes, not only once at the end: an export of a large MP3
 * takes seconds, and the dialog's bar and the CLI's progress follow it.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { retagCopy } from '../../../src/main/services/audio/tags';
import { renderExport } from '../../../src/main/services/export/render';
import { mp3Frame } from '../../support/media-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-retag-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An MP3 of frames only, about `mib` MiB. */
function framesMp3(name: string, mib: number): string {
  const path = join(dir, name);
  const oneMib = Buffer.concat(Array.from({ length: 10_922 }, () => mp3Frame()));
  writeFileSync(path, Buffer.concat(Array.from({ length: mib }, () => oneMib)));
  return path;
}

describe('retag progress', () => {
  it('retagCopy tells each megabyte copied, up to the whole file', async () => {
    const source = framesMp3('eight.mp3', 8);
    const seen: Array<[number, number]> = [];
    const { bytes } = await retagCopy(
      source,
      join(dir, 'eight-out.mp3'),
      { title: 'Slow copy' },
      {
        onBytes: (written, total) => seen.push([written, total]),
      },
    );
    expect(seen.length).toBeGreaterThanOrEqual(8);
    const totals = new Set(seen.map(([, t]) => t));
    expect([...totals]).toEqual([bytes]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![0]);
    expect(seen.at(-1)![0]).toBe(bytes);
    expect(statSync(join(dir, 'eight-out.mp3')).size).toBe(bytes);
  });

  it('an MP3 exported as MP3 reports fractions before it is done', async () => {
    const source = framesMp3('export.mp3', 6);
    const fractions: number[] = [];
    const r = await renderExport(
      { source, dest: join(dir, 'exported.mp3'), format: 'mp3', tags: { title: 'Progress' } },
      { onProgress: (f) => fractions.push(f) },
    );
    expect(r.written).toBe(true);
    expect(r).toMatchObject({ reencoded: false });
    // the first report comes while the copy has only started (the throttle lets the first one
    // through), the last is the end
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]!).toBeGreaterThanOrEqual(fractions[i - 1]!);
  });
});
