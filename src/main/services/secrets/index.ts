export {
  createKeyStore,
  environmentKey,
  KEY_CHANGE_STAMP,
  keyLast4,
  NO_KEY_STORE_MESSAGE,
} from './key-store';
export type { KeyStoreOptions } from './key-store';
export { createKeytarBackend } from './keytar-backend';
export type { KeytarBackendOptions, KeytarLike } from './keytar-backend';
export { createEncryptedFileBackend, KEYS_FILE } from './encrypted-file-backend';
export type { EncryptedFileBackendOptions, StringCipher } from './encrypted-file-backend';
