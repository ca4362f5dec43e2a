/**
 * A file as another copy of Cadenza left it (issue 28): standard tags and Cadenza's recipe written
 * by main's own tag writer into a file in the creator's folder — what a creator drops on a panel.
 *
 *   await tagFile(await main.userFile('Neon Tide.wav', 1), { title, lyrics, recipe });
 */
import { retagFile, type ExportTags } from '../../../src/main/services/audio/tags';

export async function tagFile(path: string, tags: ExportTags): Promise<string> {
  await retagFile(path, tags);
  return path;
}
