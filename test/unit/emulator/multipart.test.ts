import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index';
import { MultipartParser } from '../../emulator/multipart';
import { api, KEY, waitFor } from './helpers';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function formBody(
  boundary: string,
  parts: { name: string; value?: string; filename?: string; type?: string; bytes?: Buffer }[],
): Buffer {
  const out: Buffer[] = [Buffer.from('preamble to ignore\r\n')];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    out.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    out.push(p.bytes ?? Buffer.from(p.value ?? ''));
    out.push(Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

describe('MultipartParser', () => {
  it('gives the same fields and file hashes however the body is split into chunks', () => {
    const boundary = '----cadenzaBoundary7MA4YWxk';
    // Bytes that contain the boundary's prefix and CRLFs, to trip a naive parser.
    const file = Buffer.concat([
      randomBytes(70_000),
      Buffer.from(`\r\n--${boundary.slice(0, 10)}`),
      randomBytes(5000),
    ]);
    const body = formBody(boundary, [
      { name: 'name', value: 'Velvet Voice ✓' },
      { name: 'files.0.items', filename: 'take 1.wav', type: 'audio/wav', bytes: file },
      { name: 'empty', filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) },
    ]);
    for (const chunkBytes of [1, 7, 64, 4096, body.length]) {
      const parser = new MultipartParser(boundary);
      for (let i = 0; i < body.length; i += chunkBytes)
        parser.write(body.subarray(i, i + chunkBytes));
      expect(parser.done).toBe(true);
      expect(parser.result.fields).toEqual({ name: 'Velvet Voice ✓' });
      expect(parser.result.files).toEqual([
        {
          field: 'files.0.items',
          filename: 'take 1.wav',
          contentType: 'audio/wav',
          size: file.length,
          sha256: sha256(file),
        },
        {
          field: 'empty',
          filename: '',
          contentType: 'application/octet-stream',
          size: 0,
          sha256: sha256(Buffer.alloc(0)),
        },
      ]);
    }
  });
});

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ stepMs: 10 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => emu.reset());

describe('emulator multipart endpoints', () => {
  it('records name, size and sha256 of every uploaded part of a clone, and lists the new voice', async () => {
    const audio = randomBytes(256 * 1024);
    const form = new FormData();
    form.set('name', 'My Voice');
    form.set('description', 'warm');
    form.append('files.0.items', new Blob([audio], { type: 'audio/wav' }), 'sample.wav');
    const { body } = await api(emu.url, '/v1/clone', { body: form });
    expect(body).toMatchObject({ status: 200, message: 'Success' });
    const speaker = body.data.speaker as string;
    const entry = emu.log.find((e) => e.path === '/v1/clone')!;
    expect(entry.multipart!.fields).toMatchObject({ name: 'My Voice', description: 'warm' });
    expect(entry.multipart!.files).toEqual([
      {
        field: 'files.0.items',
        filename: 'sample.wav',
        contentType: 'audio/wav',
        size: audio.length,
        sha256: sha256(audio),
      },
    ]);
    const list = await api(emu.url, '/v1/clone_voices_list');
    expect(list.body.clone_voices).toEqual([
      expect.objectContaining({ speaker, name: 'My Voice' }),
    ]);
    const tts = await api(emu.url, '/v1/text2speech', { json: { text: 'hi', speaker } });
    expect(tts.body.data.name).toBe('My Voice');
    expect(
      (await api(emu.url, `/v1/clone_voice_del/${speaker}`, { method: 'DELETE' })).body.status,
    ).toBe(200);
    const again = await api(emu.url, `/v1/clone_voice_del/${speaker}`, { method: 'DELETE' });
    expect(again.body).toMatchObject({ status: 400, message: 'speaker not exist' });
  });

  it('handles an upload of many megabytes streamed in small writes', async () => {
    const boundary = 'bigUploadBoundary';
    const chunk = randomBytes(64 * 1024);
    const chunks = 160; // 10 MiB
    const hash = createHash('sha256');
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="singer_id"\r\n\r\n101\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(`${emu.url}/v1/cover`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.write(head);
      for (let i = 0; i < chunks; i++) {
        hash.update(chunk);
        req.write(chunk);
      }
      req.end(tail);
    });
    expect(JSON.parse(answer).data.audio_url).toContain(`${emu.mediaUrl}/media/cover/`);
    const file = emu.log.find((e) => e.path === '/v1/cover')!.multipart!.files[0]!;
    expect(file).toEqual({
      field: 'file',
      filename: 'long.mp3',
      contentType: 'audio/mpeg',
      size: chunk.length * chunks,
      sha256: hash.digest('hex'),
    });
  });

  it('marks an upload aborted mid-way and creates nothing', async () => {
    const before = emu.counters().key_clone_voices;
    const boundary = 'abortBoundary';
    const req = request(`${emu.url}/v1/clone`, {
      method: 'POST',
      headers: {
        'x-api-key': KEY,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10_000_000),
      },
    });
    req.on('error', () => {});
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf\r\n`);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.wav"\r\n\r\n`,
    );
    req.write(randomBytes(200_000));
    await waitFor(async () => (emu.log.some((e) => e.path === '/v1/clone') ? true : undefined));
    req.destroy();
    const entry = await waitFor(async () =>
      emu.log.find((e) => e.path === '/v1/clone' && e.aborted),
    );
    expect(entry.aborted).toBe(true);
    expect(entry.multipart!.fields.name).toBe('Half');
    await new Promise((r) => setTimeout(r, 50));
    expect(emu.cloneVoices()).toEqual([]);
    expect(emu.counters().key_clone_voices).toBe(before);
  });

  it('answers 422 for a clone without name or audio', async () => {
    const form = new FormData();
    form.set('description', 'none');
    const r = await api(emu.url, '/v1/clone', { body: form });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'body.name',
      'body.files',
    ]);
  });
});
