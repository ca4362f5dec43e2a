/**
 * What the voices service keeps in the data folder (`<dataDir>/voices/`): the last voice lists read
 * from each service address (for offline browsing) and the creator's favourites and recents. Both
 * are validated when read; a damaged file is treated as empty rather than trusted.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CloneVoiceSchema, VoiceSchema } from '@shared/domain/service';
import { VoicePrefsSchema, type VoicePrefs } from '@shared/ipc/voices';
import { writeJsonAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

export const RECENTS_MAX = 12;
export const FAVOURITES_MAX = 500;

export const CachedCatalogueSchema = z.object({
  schema_version: z.literal(1),
  /** The service address the lists came from: another address has other voices. */
  baseUrl: z.string(),
  fetchedAt: z.string(),
  voices: z.array(VoiceSchema),
  clones: z.array(CloneVoiceSchema),
});
export type CachedCatalogue = z.infer<typeof CachedCatalogueSchema>;

const PrefsFileSchema = VoicePrefsSchema.extend({ schema_version: z.literal(1) });

async function readJson<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await readRegularText(path, READ_CAPS.cacheBytes);
  } catch {
    return undefined;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One file per service origin, so switching to the emulator and back keeps both. */
const catalogueFile = (dir: string, baseUrl: string): string =>
  join(dir, `catalogue-${Buffer.from(baseUrl).toString('base64url').slice(0, 120)}.json`);

export class VoicesStore {
  readonly dir: string;
  private prefsCache: VoicePrefs | undefined;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'voices');
  }

  async readCatalogue(baseUrl: string): Promise<CachedCatalogue | undefined> {
    const c = await readJson(catalogueFile(this.dir, baseUrl), CachedCatalogueSchema);
    return c && c.baseUrl === baseUrl ? c : undefined;
  }

  async writeCatalogue(c: CachedCatalogue): Promise<void> {
    await this.serial(async () => {
      await fs.mkdir(this.dir, { recursive: true });
      await writeJsonAtomic(catalogueFile(this.dir, c.baseUrl), c);
    });
  }

  async prefs(): Promise<VoicePrefs> {
    this.prefsCache ??= (await readJson(join(this.dir, 'prefs.json'), PrefsFileSchema)) ?? {
      favourites: [],
      recents: [],
    };
    return { favourites: [...this.prefsCache.favourites], recents: [...this.prefsCache.recents] };
  }

  async setFavourite(speaker: string, on: boolean): Promise<VoicePrefs> {
    return this.changePrefs((p) => {
      const rest = p.favourites.filter((s) => s !== speaker);
      return { ...p, favourites: on ? [speaker, ...rest].slice(0, FAVOURITES_MAX) : rest };
    });
  }

  async addRecent(speaker: string): Promise<VoicePrefs> {
    return this.changePrefs((p) => ({
      ...p,
      recents: [speaker, ...p.recents.filter((s) => s !== speaker)].slice(0, RECENTS_MAX),
    }));
  }

  /** Forgets a voice that no longer exists (a deleted clone). */
  async forget(speaker: string): Promise<VoicePrefs> {
    return this.changePrefs((p) => ({
      favourites: p.favourites.filter((s) => s !== speaker),
      recents: p.recents.filter((s) => s !== speaker),
    }));
  }

  private async changePrefs(change: (p: VoicePrefs) => VoicePrefs): Promise<VoicePrefs> {
    return this.serial(async () => {
      const next = change(await this.prefs());
      this.prefsCache = next;
      await fs.mkdir(this.dir, { recursive: true });
      await writeJsonAtomic(join(this.dir, 'prefs.json'), { schema_version: 1, ...next });
      return { favourites: [...next.favourites], recents: [...next.recents] };
    });
  }

  /** Writes one at a time, so two quick changes never lose one another. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.writing.then(run, run);
    this.writing = next.catch(() => undefined);
    return next;
  }
}
