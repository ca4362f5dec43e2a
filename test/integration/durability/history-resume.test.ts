/**
 * Issue 13 point 3: V3 task records are keyed by their task id (what `?ids=` takes), not by their
 * song id (a different value, "" while processing). A history import made by one process is
 * followed to the library by `cadenza jobs resume --wait` in another, and the imported songs then
 * count as "in the library" by their song id.
 */
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService, DataLock } from '../../../src/main/services/jobs';
import { createLibrary } from '../../../src/main/services/library/library';
import { importFromHistory, listHistory } from '../../../src/main/services/songs/history';
import { runCli, useCliAgainstEmulator } from '../cli/run-cli';

const KEY = 'history-v3-key-51c0';
const cli = useCliAgainstEmulator({ key: KEY, emulator: { stepMs: 40 } });

describe('history import through V3 task ids', () => {
  it('jobs resume --wait finishes an imported history task, and the songs then count as held', async () => {
    const { emu, box } = cli;
    const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
    await client.songs.submit({ mode: 'custom', prompt: 'harbour', title: 'Gull', lyrics: 'salt' });
    emu.advance(10_000);
    const library = createLibrary({ dir: box.libraryDir, watch: false });
    await library.open();
    const history = await listHistory({ library, listTasks: () => client.songs.history() });
    expect(history.songs).toHaveLength(2);
    const made = emu.songs();
    // the ids offered for import are task ids, never the song ids
    expect(history.songs.map((s) => s.songId).sort()).toEqual(made.map((s) => s.taskId).sort());

    // another process (standing in for the app) holds the lock: this one only records the job
    const other = new DataLock({ dir: box.dataDir, holder: 'app' });
    expect(await other.tryAcquire()).toBe(true);
    const jobs = createJobsService({ dataDir: box.dataDir, library, client: () => client });
    await jobs.open();
    expect(jobs.isPolling()).toBe(false);
    const job = await importFromHistory(
      history.songs.map((s) => s.songId),
      { library, jobs },
    );
    await jobs.close();
    await library.close();
    await other.release();

    const r = await runCli(['jobs', 'resume', '--wait'], { env: cli.env(), timeoutMs: 25_000 });
    expect(r.stderr).not.toMatch(/^cadenza: /m);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`done  ${job.id}`);
    const polls = emu.log.filter((e) => e.path === '/v3/music/tasks' && e.query.ids);
    expect(polls.length).toBeGreaterThan(0);
    for (const p of polls)
      expect(p.query.ids!.split(',').sort()).toEqual(made.map((s) => s.taskId).sort());

    const after = createLibrary({ dir: box.libraryDir, watch: false });
    await after.open();
    const items = after.items();
    expect(items.map((i) => i.service_ids.song_id).sort()).toEqual(
      made.map((s) => s.songId).sort(),
    );
    expect(items.map((i) => i.service_ids.task_id).sort()).toEqual(
      made.map((s) => s.taskId).sort(),
    );
    // de-duplication by song id: nothing left to import
    const again = await listHistory({ library: after, listTasks: () => client.songs.history() });
    expect(again).toMatchObject({ songs: [], inLibrary: 2 });
    await after.close();
  });
});
