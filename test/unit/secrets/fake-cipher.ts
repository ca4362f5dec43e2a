import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { StringCipher } from '../../../src/main/services/secrets';

/**
 * A stand-in for Electron's safeStorage with the same three methods: real AES-256-GCM under a
 * random per-instance key, so ciphertext never contains the plaintext and a different "login"
 * (instance) cannot decrypt it.
 */
export function createTestCipher(
  opts: { available?: boolean } = {},
): StringCipher & { calls: number } {
  const secret = randomBytes(32);
  const cipher = {
    calls: 0,
    isEncryptionAvailable: () => opts.available ?? true,
    encryptString(plainText: string): Buffer {
      cipher.calls += 1;
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([c.update(plainText, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(encrypted: Buffer): string {
      const d = createDecipheriv('aes-256-gcm', secret, encrypted.subarray(0, 12));
      d.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([d.update(encrypted.subarray(28)), d.final()]).toString('utf8');
    },
  };
  return cipher;
}
