/**
 * The tags' worker task (registered in services/worker-tasks/registry.ts): the SHA-256 of a
 * file's audio payload, which a save and the upgrade record in the sidecar — hashing a long WAV
 * takes main's event loop tens of milliseconds, so it runs here.
 *
 *   const { sizeBytes, sha256 } = await sharedWorker<typeof tagTasks>().run('tags.audioHash', { path });
 */
import { audioPayloadHash } from './retag';

export const tagTasks = {
  'tags.audioHash': (input: { path: string }): Promise<{ sizeBytes: number; sha256: string }> =>
    audioPayloadHash(input.path),
};
