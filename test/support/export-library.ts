/**
 * A library folder for export tests: real corpus recordings copied in with hand-written sidecars
 * (title, lyrics, prompt, an optional cover image beside the media), as the app leaves them.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SeedItem {
  id: string;
  title: string;
  /** A corpus file to copy in. */
  source: string;
  /** File name in the library. */
  file: string;
  lyrics?: string | null;
  prompt?: string | null;
  /** An image to put beside the media as its cover. */
  cover?: string;
}

export function seedLibrary(dir: string, items: SeedItem[]): void {
  mkdirSync(dir, { recursive: true });
  items.forEach((item, i) => {
    copyFileSync(item.source, join(dir, item.file));
    let coverFile: string | null = null;
    if (item.cover) {
      coverFile = `${item.file.replace(/\.[^.]+$/, '')}.png`;
      copyFileSync(item.cover, join(dir, coverFile));
    }
    const sidecar = {
      schema_version: 1,
      id: item.id,
      kind: 'song',
      title: item.title,
      lyrics: item.lyrics ?? null,
      prompt: item.prompt ?? null,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, items.length - i)).toISOString(),
      cover_file: coverFile,
    };
    writeFileSync(join(dir, `${item.file}.json`), JSON.stringify(sidecar, null, 2));
  });
}
