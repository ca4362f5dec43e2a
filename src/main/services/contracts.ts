/**
 * The seams between services, so the shell, the CLI and tests wire the same parts together.
 * Plain Node: no `electron` import anywhere under services/.
 */
import type { AccountStatus, KeyInfo, KeySaved, KeyStorage } from '@shared/domain/account';
import type { SpendBudgets } from '@shared/domain/budget';
import type { BatchSettings } from '@shared/domain/batch';
import type { ExportDefaults } from '@shared/domain/export';
import type { KnownCounts } from '@shared/domain/jobs';
import type { LanguageChoice } from '@shared/i18n/languages';

/** Where one secret backend keeps keys, bound to a service origin. */
export interface SecretBackend {
  readonly kind: Exclude<KeyStorage, 'none' | 'environment'>;
  available(): Promise<boolean>;
  get(origin: string): Promise<string | undefined>;
  set(origin: string, key: string): Promise<void>;
  remove(origin: string): Promise<void>;
}

/** The key facade used by everything that needs the key (only the service client reads it). */
export interface KeyStore {
  /** The key for this origin, from the environment (CADENZA_API_KEY) or the first working backend. */
  getKey(origin: string): Promise<string | undefined>;
  setKey(origin: string, key: string): Promise<KeyStorage>;
  removeKey(origin: string): Promise<void>;
  /** Where the key for this origin lives and its last 4 characters (keys of 8+ characters only); never the key. */
  describe(
    origin: string,
  ): Promise<{ storage: KeyStorage; keyLast4?: string; keychainAvailable: boolean }>;
}

export interface Settings {
  schema_version: 1;
  baseUrl: string;
  libraryDir?: string;
  /** Check for, download and offer app updates (absent = on). */
  autoUpdate?: boolean;
  /** The app's theme: follow the OS ("system", also when absent), or always light or dark. */
  theme?: 'system' | 'light' | 'dark';
  /** The sidebar: icons and names, icons only, or by window width ("auto", also when absent). */
  sidebar?: 'auto' | 'expanded' | 'collapsed';
  /** First run was finished or skipped (absent = not yet). */
  firstRunDone?: boolean;
  /** The language choice: "system" (also when absent) or one language. */
  language?: LanguageChoice;
  /** The player levels loudness to the target (absent = on). */
  levelLoudness?: boolean;
  /** The levelling target in LUFS (absent = DEFAULT_LOUDNESS_TARGET_LUFS). */
  loudnessTargetLufs?: number;
  /** Export defaults: format, and the artist and album written into exported files. */
  export?: ExportDefaults;
  /** Ask before spending more than N of a counter in one go (absent: never asks). */
  spendBudgets?: SpendBudgets;
  /**
   * Ratings are also written into files Cadenza did not make (their rating frame only, merged;
   * absent = off: such files keep the rating in their sidecar and their bytes as they are).
   */
  ratingsInOtherFiles?: boolean;
  /** Batches: submissions in flight at once (absent = 2), keep the computer awake (absent = on). */
  batch?: BatchSettings;
}

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Omit<Settings, 'schema_version'>>): Promise<Settings>;
  /** The effective base URL (CADENZA_BASE_URL overrides the stored one). */
  baseUrl(): string;
  /** The effective library folder (CADENZA_LIBRARY overrides). */
  libraryDir(): string;
}

export interface AccountService {
  status(): Promise<AccountStatus>;
  /** Checks the key with the service, then stores it; a refused key is not stored (AppError auth). */
  setKey(key: string): Promise<KeySaved>;
  removeKey(): Promise<AccountStatus>;
  keyInfo(): Promise<KeyInfo>;
  /**
   * The counters of the key info last read for the current address in this process, and when
   * (null: none read since the key was set). Asks nobody.
   */
  lastKnownCounts(): KnownCounts | null;
  /**
   * Validates (https, or http only on loopback; else AppError 'validation' with fields.baseUrl) and
   * stores the address. Keys stay bound to the origin they were entered for: the old key is not used
   * for the new address, so the user enters the key again (switching back finds the old key).
   */
  setServiceAddress(url: string): Promise<AccountStatus>;
}
