import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Song } from '@shared/domain/service';
import { activeIds, Poller } from '../../../src/main/services/jobs/poller';
import {
  createJobRecord,
  FAILED_NO_REASON,
  mergeSongIntoOutput,
  outputFromSong,
  settle,
} from '../../../src/main/services/jobs/records';
import { JobStore } from '../../../src/main/services/jobs/store';

const song = (over: Partial<Song>): Song => ({
  id: 's1',
  api: 'v2',
  status: 'streaming',
  title: 'Known',
  lyrics: 'la',
  tags: 'pop, indie',
  ...over,
});

describe('job records', () => {
  it('never replaces known title or lyrics with the empty strings /v2/query sometimes sends', () => {
    const o = outputFromSong(song({ audioUrl: 'http://h/a.mp3' }));
    expect(o.tags).toEqual(['pop', 'indie']);
    const next = mergeSongIntoOutput(
      o,
      song({ title: '', lyrics: '', status: 'complete', durationMs: 138280 }),
    );
    expect(next).toMatchObject({
      title: 'Known',
      lyrics: 'la',
      status: 'complete',
      durationMs: 138280,
      mediaUrl: 'http://h/a.mp3',
    });
  });

  it('moves a job through submitted, running, downloading and done from its outputs', () => {
    const base = {
      ...createJobRecord({
        kind: 'song-v2',
        synchronous: false,
        tracking: 'v2-query',
        request: {},
        label: 'x',
      }),
      state: 'submitted' as const,
    };
    const two = (a: Song['status'], b: Song['status']) =>
      settle({
        ...base,
        outputs: [
          outputFromSong(song({ id: 'a', status: a })),
          outputFromSong(song({ id: 'b', status: b })),
        ],
      });
    expect(two('queued', 'queued').state).toBe('submitted');
    expect(two('streaming', 'queued').state).toBe('running');
    expect(two('complete', 'streaming').state).toBe('running');
    expect(two('complete', 'failed').state).toBe('downloading');
    const done = settle({
      ...two('complete', 'failed'),
      outputs: [
        {
          ...outputFromSong(song({ id: 'a', status: 'complete' })),
          status: 'saved',
          libraryItemId: 'itm_1',
        },
        outputFromSong(song({ id: 'b', status: 'failed', failReason: 'boom' })),
      ],
    });
    expect(done).toMatchObject({ state: 'done', progress: 1, resultItemIds: ['itm_1'] });
    expect(done.error?.message).toContain('1 of 2 results failed');
    expect(two('failed', 'failed').state).toBe('failed');
  });

  it('a failure the service gave no reason for says what to try, keyed for the app’s language', () => {
    const base = {
      ...createJobRecord({
        kind: 'song-v2',
        synchronous: false,
        tracking: 'v2-query',
        request: {},
        label: 'x',
      }),
      state: 'running' as const,
    };
    const silent = mergeSongIntoOutput(
      outputFromSong(song({ id: 'a', status: 'streaming' })),
      song({ id: 'a', status: 'failed' }),
    );
    const failed = settle({ ...base, outputs: [silent, silent] });
    expect(failed.state).toBe('failed');
    expect(failed.error).toEqual({
      code: 'in_band',
      message: FAILED_NO_REASON,
      key: 'errors:service.failedNoReason',
    });
    expect(FAILED_NO_REASON).toMatch(/Try again/);
    // the service's own reason is said as it is
    const said = settle({
      ...base,
      outputs: [outputFromSong(song({ id: 'b', status: 'failed', failReason: 'Lyrics refused' }))],
    });
    expect(said.error).toEqual({ code: 'in_band', message: 'Lyrics refused' });
  });

  it('groups active ids per way of asking, and backs off exponentially with a cap', () => {
    const job = (tracking: 'v2-query' | 'v3-tasks', ids: string[]) =>
      settle({
        ...createJobRecord({
          kind: 'song-v2',
          synchronous: false,
          tracking,
          request: {},
          label: 'x',
        }),
        state: 'submitted',
        outputs: ids.map((id) => outputFromSong(song({ id, status: 'queued' }))),
      });
    const groups = activeIds([
      job('v2-query', ['a', 'b']),
      job('v2-query', ['c', 'd']),
      job('v3-tasks', ['e']),
    ]);
    expect(groups.get('v2-query')).toEqual(['a', 'b', 'c', 'd']);
    expect(groups.get('v3-tasks')).toEqual(['e']);
    const p = new Poller({ intervalMs: 1000, maxBackoffMs: 30_000 });
    expect([0, 1, 2, 3, 10].map((n) => p.backoffMs(n))).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});

describe('job store', () => {
  it('skips unparsable records (set aside by the lock holder only) and lists unknown kinds as foreign', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cadenza-store-'));
    try {
      const store = new JobStore(dir);
      await store.open();
      const good = await store.save(
        createJobRecord({ kind: 'tts', synchronous: true, request: { text: 'hi' }, label: 'hi' }),
      );
      await writeFile(
        join(dir, 'job_brokenbroken.json'),
        '{"schema_version":1, "id": "job_brokenbroken", "kind": "tts"',
      );
      await writeFile(
        join(dir, 'job_wrongshape.json'),
        JSON.stringify({ schema_version: 1, id: 'job_wrongshape', kind: 'nonsense' }),
      );
      const reader = new JobStore(dir, { readOnly: true });
      await reader.open();
      expect(reader.list().map((j) => j.id)).toEqual([good.id]);
      expect(reader.foreign().map((f) => [f.id, f.why])).toEqual([
        ['job_wrongshape', 'unknown-kind'],
      ]);
      await reader.repair();
      expect((await readdir(dir)).sort()).toEqual(
        [`${good.id}.json`, 'job_brokenbroken.json', 'job_wrongshape.json'].sort(),
      );
      const holder = new JobStore(dir);
      await holder.open();
      await holder.repair();
      expect(await readdir(join(dir, 'corrupt'))).toHaveLength(1);
      expect((await readdir(dir)).sort()).toEqual(
        [`${good.id}.json`, 'corrupt', 'job_wrongshape.json'].sort(),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
