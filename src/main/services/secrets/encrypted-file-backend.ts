/**
 * Keys encrypted by the shell's cipher (Electron's safeStorage) in <dataDir>/keys.json, one base64
 * ciphertext per service origin. Used where no OS keychain answers. The file is mode 0600 and
 * written atomically; it never holds a key in plaintext.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { appError } from '@shared/app-error';
import type { SecretBackend } from '../contracts';
import { writeFileAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

/** What the shell passes: Electron's safeStorage has exactly this shape. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export const KEYS_FILE = 'keys.json';

const KeysFileSchema = z.object({
  schema_version: z.literal(1),
  keys: z.record(z.string(), z.string()),
});
type KeysFile = z.infer<typeof KeysFileSchema>;

export interface EncryptedFileBackendOptions {
  cipher: StringCipher;
  dataDir: string;
}

export function createEncryptedFileBackend({
  cipher,
  dataDir,
}: EncryptedFileBackendOptions): SecretBackend {
  const file = join(dataDir, KEYS_FILE);
  let writes: Promise<unknown> = Promise.resolve();

  function available(): boolean {
    try {
      return cipher.isEncryptionAvailable();
    } catch {
      return false;
    }
  }

  async function readFile(): Promise<KeysFile> {
    let text: string;
    try {
      text = await readRegularText(file, READ_CAPS.smallStateBytes);
    } catch {
      return { schema_version: 1, keys: {} };
    }
    try {
      return KeysFileSchema.parse(JSON.parse(text));
    } catch {
      return { schema_version: 1, keys: {} }; // unreadable: the user enters the key again
    }
  }

  /** Runs read-modify-write steps one at a time within this process. */
  function change(mutate: (data: KeysFile) => void): Promise<void> {
    const run = async (): Promise<void> => {
      if (!available()) throw appError('io', 'errors:secrets.noEncryption');
      const data = await readFile();
      mutate(data);
      try {
        await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`, {
          mode: 0o600,
          makeFolder: true,
        });
      } catch (e) {
        throw appError(
          'io',
          'errors:secrets.fileUnsaved',
          {},
          { cause: e instanceof Error ? e.name : undefined },
        );
      }
    };
    const result = writes.then(run, run);
    writes = result.catch(() => undefined);
    return result;
  }

  return {
    kind: 'safe-storage',
    available: async () => available(),
    async get(origin) {
      if (!available()) return undefined;
      const encoded = (await readFile()).keys[origin];
      if (!encoded) return undefined;
      try {
        return cipher.decryptString(Buffer.from(encoded, 'base64'));
      } catch {
        return undefined; // encrypted under another OS login or keyring: ask for the key again
      }
    },
    set: (origin, key) =>
      change((data) => {
        data.keys[origin] = cipher.encryptString(key).toString('base64');
      }),
    async remove(origin) {
      if (!(await fs.stat(file).catch(() => undefined))) return;
      await change((data) => {
        delete data.keys[origin];
      });
    },
  };
}
