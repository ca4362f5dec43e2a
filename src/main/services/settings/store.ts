/**
 * settings.json in the data folder: validated with zod on every read, written atomically.
 * A file that cannot be read as valid settings is kept aside as settings.json.corrupt-<time> and
 * the defaults are used, so a bad edit never stops the app or the CLI from starting.
 * CADENZA_BASE_URL and CADENZA_LIBRARY override the stored values without changing the file.
 */
import { renameSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { checkServiceAddress } from '@shared/domain/account';
import { ADDRESS_PROBLEM_KEYS } from '@shared/domain/account-rules';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { LoudnessTargetSchema } from '@shared/domain/loudness';
import { ExportDefaultsSchema } from '@shared/domain/export';
import { SpendBudgetsSchema } from '@shared/domain/budget';
import { BatchSettingsSchema } from '@shared/domain/batch';
import { AppError, type KeyedMessage } from '@shared/errors';
import { LANGUAGE_CHOICES } from '@shared/i18n/languages';
import { appError, keyedFields } from '@shared/app-error';
import { englishText } from '@shared/i18n/english';
import type { Settings, SettingsStore } from '../contracts';
import { resolvePaths } from '../paths';
import { writeFileAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularTextSync } from '../ground/regular-file';

export const SETTINGS_FILE = 'settings.json';
const SETTINGS_SCHEMA_VERSION = 1;

const ServiceAddressSchema = z
  .string()
  .refine((v) => checkServiceAddress(v).ok, 'Not a valid service address');

export const SettingsSchema = z.object({
  schema_version: z.literal(SETTINGS_SCHEMA_VERSION),
  baseUrl: ServiceAddressSchema,
  libraryDir: z
    .string()
    .refine((v) => isAbsolute(v), 'The library folder must be an absolute path')
    .optional(),
  /** Automatic updates (absent in older files = on). */
  autoUpdate: z.boolean().optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
  sidebar: z.enum(['auto', 'expanded', 'collapsed']).optional(),
  firstRunDone: z.boolean().optional(),
  /** The language choice (absent = follow the OS). */
  language: z.enum(LANGUAGE_CHOICES).optional(),
  /** The player levels loudness (absent in older files = on). */
  levelLoudness: z.boolean().optional(),
  loudnessTargetLufs: LoudnessTargetSchema.optional(),
  /** Export defaults (absent in older files: none). */
  export: ExportDefaultsSchema.optional(),
  /** Ask before spending more than N of a counter in one go (absent: never asks). */
  spendBudgets: SpendBudgetsSchema.optional(),
  /** Ratings written into files Cadenza did not make too (absent = off). */
  ratingsInOtherFiles: z.boolean().optional(),
  /** Batches: submissions in flight at once, keeping the computer awake while one runs. */
  batch: BatchSettingsSchema.optional(),
});

export interface SettingsStoreOptions {
  /** The library folder when neither settings nor CADENZA_LIBRARY choose one. */
  defaultLibraryDir?: string;
  /** Clock for the name of a corrupt file kept aside (tests). */
  now?: () => Date;
}

/** Normalises a service address (https, or http on loopback) or throws a validation AppError. */
export function normaliseServiceAddress(raw: string, variable?: string): string {
  const checked = checkServiceAddress(raw);
  if (!checked.ok) {
    // "The service address: <problem>" (or the environment variable's name), the problem keyed
    // (account:rules.address*) for the renderer
    const problem = { key: ADDRESS_PROBLEM_KEYS[checked.problem] };
    const said = { reason: checked.message, reasonKey: problem.key };
    throw new AppError('validation', `${variable ?? 'The service address'}: ${checked.message}`, {
      ...(variable
        ? { key: 'errors:settings.addressIn', params: { name: variable, ...said } }
        : { key: 'errors:settings.address', params: said }),
      fields: { baseUrl: checked.message },
      fieldKeys: { baseUrl: problem },
    });
  }
  return checked.origin;
}

export function defaultSettings(): Settings {
  return {
    schema_version: SETTINGS_SCHEMA_VERSION,
    baseUrl: normaliseServiceAddress(DEFAULT_BASE_URL),
  };
}

export function createSettingsStore(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  opts: SettingsStoreOptions = {},
): SettingsStore {
  const file = join(dataDir, SETTINGS_FILE);
  const now = opts.now ?? (() => new Date());
  const defaultLibraryDir = opts.defaultLibraryDir ?? resolvePaths({ env }).libraryDir;
  let cache: { stamp: string; value: Settings } | undefined;
  let writes: Promise<unknown> = Promise.resolve();
  let damaged = false;

  /** Reads the file when it changed since the last read (the CLI or another window may write it). */
  function read(): Settings {
    let stamp: string;
    try {
      const st = statSync(file);
      stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      return defaultSettings(); // no file yet
    }
    if (cache?.stamp === stamp) return cache.value;
    let value: Settings;
    try {
      const parsed = SettingsSchema.safeParse(
        JSON.parse(readRegularTextSync(file, READ_CAPS.smallStateBytes)),
      );
      if (!parsed.success) throw parsed.error;
      value = parsed.data;
    } catch {
      // reading never moves anything: the damaged file is set aside only when settings are saved
      damaged = true;
      return defaultSettings();
    }
    damaged = false;
    cache = { stamp, value };
    return value;
  }

  function keepAside(): void {
    const time = now().toISOString().replace(/[:.]/g, '-');
    try {
      renameSync(file, `${file}.corrupt-${time}`);
    } catch {
      // Another process may have moved it already; the defaults apply either way.
    }
    cache = undefined;
  }

  async function write(next: Settings): Promise<Settings> {
    await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, { makeFolder: true });
    cache = undefined;
    return next;
  }

  return {
    get: () => ({ ...read() }),

    update(patch) {
      const run = async (): Promise<Settings> => {
        const next: Settings = { ...read() };
        if (damaged) keepAside();
        if (patch.baseUrl !== undefined) next.baseUrl = normaliseServiceAddress(patch.baseUrl);
        if ('libraryDir' in patch) {
          if (patch.libraryDir === undefined) delete next.libraryDir;
          else if (!isAbsolute(patch.libraryDir)) {
            throw appError(
              'validation',
              'errors:settings.libraryAbsolute',
              {},
              keyedFields({ libraryDir: { key: 'errors:settings.libraryAbsolute' } }),
            );
          } else next.libraryDir = resolve(patch.libraryDir);
        }
        if (patch.autoUpdate !== undefined) next.autoUpdate = patch.autoUpdate;
        if (patch.theme !== undefined) next.theme = patch.theme;
        if (patch.sidebar !== undefined) next.sidebar = patch.sidebar;
        if (patch.firstRunDone !== undefined) next.firstRunDone = patch.firstRunDone;
        if (patch.language !== undefined) next.language = patch.language;
        if (patch.levelLoudness !== undefined) next.levelLoudness = patch.levelLoudness;
        if (patch.ratingsInOtherFiles !== undefined)
          next.ratingsInOtherFiles = patch.ratingsInOtherFiles;
        if (patch.loudnessTargetLufs !== undefined)
          next.loudnessTargetLufs = LoudnessTargetSchema.parse(patch.loudnessTargetLufs);
        if (patch.batch !== undefined)
          next.batch = BatchSettingsSchema.parse({ ...next.batch, ...patch.batch });
        if ('export' in patch) {
          const parsed = ExportDefaultsSchema.safeParse(patch.export ?? {});
          if (!parsed.success) {
            // a tag text too long says its limit; anything else only a broken caller sends
            const issue = parsed.error.issues[0];
            const keyed: KeyedMessage =
              issue?.code === 'too_big'
                ? { key: 'errors:settings.exportTooLong', params: { max: Number(issue.maximum) } }
                : { key: 'errors:settings.exportInvalid' };
            const message = issue?.message ?? englishText(keyed.key);
            throw new AppError('validation', message, {
              key: keyed.key,
              ...(keyed.params ? { params: keyed.params } : {}),
              fields: { export: message },
              fieldKeys: { export: keyed },
            });
          }
          // empty fields are not kept: an absent default means none
          const kept = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== ''));
          if (Object.keys(kept).length === 0) delete next.export;
          else next.export = kept;
        }
        if ('spendBudgets' in patch) {
          const parsed = SpendBudgetsSchema.safeParse(patch.spendBudgets ?? {});
          if (!parsed.success) throw appError('validation', 'errors:budgetInvalid');
          // a counter without a budget is not kept: an absent budget never asks
          if (Object.keys(parsed.data).length === 0) delete next.spendBudgets;
          else next.spendBudgets = parsed.data;
        }
        try {
          return await write(next);
        } catch (e) {
          throw appError('io', 'errors:settingsUnsaved', {}, { cause: e });
        }
      };
      const result = writes.then(run, run);
      writes = result.catch(() => undefined);
      return result;
    },

    baseUrl() {
      const fromEnv = env.CADENZA_BASE_URL?.trim();
      if (fromEnv) return normaliseServiceAddress(fromEnv, 'CADENZA_BASE_URL');
      return read().baseUrl;
    },

    libraryDir() {
      const fromEnv = env.CADENZA_LIBRARY?.trim();
      if (fromEnv) return resolve(fromEnv);
      return read().libraryDir ?? defaultLibraryDir;
    },
  };
}
