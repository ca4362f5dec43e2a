/**
 * Files the batch component tests seed as main or the creator would have left them: a batch
 * record in the data folder, and a list in the creator's own folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchRecord } from '@shared/domain/batch';
import type { Main } from './main';

/** Writes a batch record where main keeps them (before the list reads it). */
export async function writeBatchRecord(main: Main, record: BatchRecord): Promise<void> {
  const dir = join(main.dirs.data, 'batches');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${record.id}.json`), JSON.stringify(record));
}

/** Writes a text file in the creator's own folder (outside the library); answers its path. */
export async function writeUserText(main: Main, name: string, text: string): Promise<string> {
  const path = join(await main.userFolder('Lists'), name);
  await writeFile(path, text);
  return path;
}
