/**
 * Custom singers trained from this data folder: the name the user gave each one, kept locally in
 * `<dataDir>/custom-singers.json` (the service knows them only by a task id). Each entry is tied to
 * its training job, so a singer whose training finishes after a restart is found again.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

export const CustomSingerRecordSchema = z.object({
  jobId: z.string(),
  name: z.string(),
  /** The service address it was trained at (singers do not travel between services). */
  baseUrl: z.string(),
  /** The training task id, once known (it is the singer id covers send). */
  taskId: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type CustomSingerRecord = z.infer<typeof CustomSingerRecordSchema>;

const FileSchema = z.object({
  schema_version: z.literal(1),
  singers: z.array(CustomSingerRecordSchema),
});

export class CustomSingerStore {
  private readonly file: string;
  private cache: CustomSingerRecord[] | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = join(dataDir, 'custom-singers.json');
  }

  async list(): Promise<CustomSingerRecord[]> {
    // another process (the CLI, the app) may have added one: read the file each time
    try {
      const parsed = FileSchema.safeParse(
        JSON.parse(await readRegularText(this.file, READ_CAPS.smallStateBytes)),
      );
      this.cache = parsed.success ? parsed.data.singers : (this.cache ?? []);
    } catch {
      this.cache ??= [];
    }
    return this.cache;
  }

  private async change(
    fn: (list: CustomSingerRecord[]) => CustomSingerRecord[],
  ): Promise<CustomSingerRecord[]> {
    const run = this.writing.then(async () => {
      const next = fn(await this.list());
      this.cache = next;
      await writeFileAtomic(
        this.file,
        `${JSON.stringify({ schema_version: 1, singers: next }, null, 2)}\n`,
        { makeFolder: true },
      );
    });
    this.writing = run.catch(() => undefined);
    await run;
    return this.cache ?? [];
  }

  add(
    rec: Omit<CustomSingerRecord, 'createdAt' | 'taskId'> & { taskId?: string | null },
  ): Promise<CustomSingerRecord[]> {
    const full = CustomSingerRecordSchema.parse({ ...rec, createdAt: new Date().toISOString() });
    return this.change((list) => [full, ...list.filter((r) => r.jobId !== rec.jobId)]);
  }

  update(
    jobId: string,
    patch: Partial<Pick<CustomSingerRecord, 'name' | 'taskId'>>,
  ): Promise<CustomSingerRecord[]> {
    return this.change((list) => list.map((r) => (r.jobId === jobId ? { ...r, ...patch } : r)));
  }
}

const BuiltInFileSchema = z.object({
  schema_version: z.literal(1),
  /** The service address the list came from: another address has other singers. */
  baseUrl: z.string(),
  fetchedAt: z.string(),
  singers: z.array(z.object({ id: z.string().max(200), name: z.string().max(200) })).max(2000),
});
export type BuiltInSingers = z.infer<typeof BuiltInFileSchema>;

/**
 * The last built-in singer list read from each service address (`<dataDir>/covers/`), so covers
 * can still be set up with the list, and say when it was read, while the service cannot be reached.
 */
export class BuiltInSingerStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'covers');
  }

  private fileOf(baseUrl: string): string {
    return join(
      this.dir,
      `singers-${Buffer.from(baseUrl).toString('base64url').slice(0, 120)}.json`,
    );
  }

  async read(baseUrl: string): Promise<BuiltInSingers | undefined> {
    try {
      const parsed = BuiltInFileSchema.safeParse(
        JSON.parse(await readRegularText(this.fileOf(baseUrl), READ_CAPS.cacheBytes)),
      );
      return parsed.success && parsed.data.baseUrl === baseUrl ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async write(list: BuiltInSingers): Promise<void> {
    await writeFileAtomic(this.fileOf(list.baseUrl), `${JSON.stringify(list)}\n`, {
      makeFolder: true,
    });
  }
}
