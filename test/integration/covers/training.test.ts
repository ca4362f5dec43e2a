import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppError } from '@shared/errors';
import { serviceRequests, useCovers } from './harness';

const h = useCovers(40);
const tone = (s: number, ext = 'mp3') => ({
  url: `${h.emu.mediaUrl}/media/tone.${ext}?seconds=${s}`,
  label: `tone ${s}`,
});

async function submitted(jobId: string): Promise<void> {
  for (let i = 0; i < 200 && !h.rt.jobs.get(jobId)?.serviceIds.length; i++)
    await new Promise((r) => setTimeout(r, 10));
}

describe('custom singer training', () => {
  it('4:59 of audio is refused with no request to the service; 5:00 is accepted', async () => {
    const err = (await h.covers
      .train({ name: 'Short', links: [tone(299)] })
      .catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('validation');
    expect(err.message).toBe(
      'Training audio must last 5 to 45 minutes in total; these links last 4:58. Nothing was sent.',
    );
    expect(err.fields?.urls).toBe(err.message);
    expect(serviceRequests(h.emu)).toEqual([]);
    expect(h.rt.jobs.list()).toEqual([]);
    expect((await h.covers.singers()).singers.filter((s) => s.custom)).toEqual([]);
    // only the headers were read
    expect(
      h.emu.log
        .filter((e) => e.origin === 'media')
        .every((e) => /^bytes=0-\d+$/.test(e.headers.range ?? '')),
    ).toBe(true);

    const job = await h.covers.train({ name: 'Exactly five', links: [tone(300)] });
    const [sent] = serviceRequests(h.emu, '/v1/cover/generate-custom-singer');
    expect(sent!.json).toEqual({ urls: [tone(300).url] });
    const singer = await h.covers.finishTraining(job.id);
    expect(singer).toMatchObject({ name: 'Exactly five', custom: true, state: 'ready' });
    expect(singer.id).toBe(h.rt.jobs.get(job.id)!.serviceIds[0]);
  });

  it('several links add up; over 45 minutes, an unmeasurable link and a missing name are refused before spending', async () => {
    const check = await h.covers.checkTraining([tone(150), tone(150, 'wav')]);
    expect(check).toMatchObject({ totalS: 300, problem: null });
    const over = await h.covers.checkTraining([tone(1500), tone(1201, 'wav')]);
    expect(over.problem).toMatch(/these links last 45:01/);
    const missing = await h.covers.checkTraining([
      tone(400),
      { url: `${h.emu.mediaUrl}/media/gone.mp3`, label: 'gone.mp3' },
    ]);
    expect(missing.problem).toBe(
      'gone.mp3: could not be measured: the server has no file at this link. Nothing was sent.',
    );
    const noName = (await h.covers
      .train({ name: ' ', links: [tone(400)] })
      .catch((e: unknown) => e)) as AppError;
    expect(noName.fields?.name).toMatch(/Name the singer/);
    expect(serviceRequests(h.emu)).toEqual([]);
  });

  it('the trained singer appears in the picker under its name and sings a cover, its id sent as a string', async () => {
    const job = await h.covers.train({
      name: 'My Alto',
      links: [tone(200, 'wav'), tone(200, 'wav')],
    });
    const during = await h.covers.singers();
    expect(during.singers[0]).toMatchObject({ name: 'My Alto', custom: true, jobId: job.id });
    expect(['training', 'ready']).toContain(during.singers[0]!.state);
    expect(during.singers.filter((s) => !s.custom).map((s) => s.name)).toContain('Aria Bright');
    const singer = await h.covers.finishTraining(job.id);
    const item = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'link', url: 'https://v.example/a' },
          singerId: singer.id!,
          isCustomSinger: true,
          tranSemitones: 0,
        })
      ).id,
    );
    expect(item.singer).toBe('My Alto');
    const cover = serviceRequests(h.emu, '/v1/cover')[0]!.multipart!.fields;
    expect(cover).toMatchObject({ singer_id: singer.id, is_custom_singer: 'true' });
    const kept = JSON.parse(await readFile(join(h.dataDir, 'custom-singers.json'), 'utf8')) as {
      singers: Array<{ name: string; taskId: string }>;
    };
    expect(kept.singers).toEqual([expect.objectContaining({ name: 'My Alto', taskId: singer.id })]);
  });

  it('a training that fails on the service ends the job failed and the singer shows failed', async () => {
    const job = await h.covers.train({
      name: 'Doomed',
      links: [{ url: `${h.emu.mediaUrl}/media/tone.mp3?seconds=400&fail=1`, label: 'x' }],
    });
    await expect(h.covers.finishTraining(job.id)).rejects.toMatchObject({
      message: expect.stringMatching(/Training failed/),
    });
    expect((await h.covers.singers()).singers[0]).toMatchObject({
      name: 'Doomed',
      state: 'failed',
    });
  });

  it('a training job that finishes after a restart: the singer is ready under its name', async () => {
    const job = await h.covers.train({ name: 'After restart', links: [tone(360)] });
    await submitted(job.id);
    expect(h.rt.jobs.get(job.id)!.state).toMatch(/submitted|running/);
    await h.close();
    await new Promise((r) => setTimeout(r, 300)); // the task completes on the service meanwhile
    await h.open();
    const singer = await h.covers.finishTraining(job.id);
    expect(singer).toMatchObject({ name: 'After restart', state: 'ready' });
    expect(serviceRequests(h.emu, '/v1/cover/generate-custom-singer')).toHaveLength(1);
  });

  for (const shape of ['task_id', 'id', 'string', 'nested']) {
    it(`reads the training answer shape "${shape}" and the tasks shapes`, async () => {
      h.emu.configure({
        shapes: {
          customSinger: shape,
          tasks: shape === 'id' ? 'envelope' : shape === 'string' ? 'wrapped' : 'array',
        },
      });
      const singer = await h.covers.finishTraining(
        (await h.covers.train({ name: shape, links: [tone(301)] })).id,
      );
      expect(singer.id).toMatch(/\w+/);
    });
  }

  it('a training answer that fits nothing: the raw message is shown and kept in the job', async () => {
    h.emu.configure({ shapes: { customSinger: 'none' } });
    const job = await h.covers.train({ name: 'Odd', links: [tone(301)] });
    const err = (await h.covers.finishTraining(job.id).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('The service said: Success — {"accepted":true}');
    expect(h.rt.jobs.get(job.id)!.lastResponse).toMatchObject({ data: { accepted: true } });
  });
});
