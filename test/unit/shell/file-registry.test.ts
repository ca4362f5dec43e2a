import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { SNIFFABLE } from '../../support/media-fixtures';

const { wav: WAV, mp3: MP3 } = SNIFFABLE;
const PNG = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(40)]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.alloc(40),
]);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-registry-'));
  await writeFile(join(dir, 'song.wav'), WAV);
  await writeFile(join(dir, 'song.mp3'), MP3);
  await writeFile(join(dir, 'photo.png'), PNG);
  await writeFile(join(dir, 'clip.mp4'), MP4);
  await writeFile(join(dir, 'fake.mp3'), Buffer.from('%PDF-1.7 not audio at all'));
  await writeFile(join(dir, 'notes.txt'), 'hello');
  await mkdir(join(dir, 'folder.wav'));
  await symlink(join(dir, 'song.wav'), join(dir, 'link.wav'));
  await symlink(dir, join(dir, 'dirlink.wav'));
  await symlink(join(dir, 'missing.wav'), join(dir, 'dangling.wav'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('FileRegistry', () => {
  it('registers files whose extension and first bytes match the kind, behind opaque handles', async () => {
    const reg = new FileRegistry();
    const wav = await reg.register(join(dir, 'song.wav'), 'audio');
    expect(wav).toEqual({
      handle: expect.stringMatching(/^fh_[A-Za-z0-9_-]{24}$/),
      name: 'song.wav',
      sizeBytes: WAV.length,
      mimeType: 'audio/wav',
    });
    expect(JSON.stringify(wav)).not.toContain(dir);
    expect((await reg.register(join(dir, 'song.mp3'), 'audio')).mimeType).toBe('audio/mpeg');
    expect((await reg.register(join(dir, 'photo.png'), 'image')).mimeType).toBe('image/png');
    expect((await reg.register(join(dir, 'clip.mp4'), 'video')).mimeType).toBe('video/mp4');
    // No kind takes a file whose bytes are not media, whatever the caller claims.
    await expect(reg.register(join(dir, 'notes.txt'), 'any' as 'audio')).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(reg.get(wav.handle).path).toBe(join(dir, 'song.wav'));
  });

  it('gives a new handle per registration and forgets released ones', async () => {
    const reg = new FileRegistry();
    const a = await reg.register(join(dir, 'song.wav'), 'audio');
    const b = await reg.register(join(dir, 'song.wav'), 'audio');
    expect(a.handle).not.toBe(b.handle);
    reg.release([a.handle]);
    expect(reg.resolve(a.handle)).toBeUndefined();
    expect(() => reg.get(a.handle)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(reg.resolve(b.handle)).toBeDefined();
  });

  it('follows a symlink to a file and records the real path', async () => {
    const reg = new FileRegistry();
    const info = await reg.register(join(dir, 'link.wav'), 'audio');
    expect(reg.get(info.handle).path).toBe(join(dir, 'song.wav'));
  });

  it.each([
    ['a renamed non-audio file', 'fake.mp3', 'audio', 'invalid_argument'],
    ['the wrong kind', 'song.wav', 'image', 'invalid_argument'],
    ['a folder', 'folder.wav', 'audio', 'invalid_argument'],
    ['a symlink to a folder', 'dirlink.wav', 'any', 'invalid_argument'],
    ['a dangling symlink', 'dangling.wav', 'audio', 'not_found'],
    ['a missing file', 'nope.wav', 'audio', 'not_found'],
  ])('refuses %s', async (_what, name, kind, code) => {
    await expect(
      new FileRegistry().register(join(dir, name), kind as 'audio'),
    ).rejects.toMatchObject({ code });
  });

  it.each([
    'relative/song.wav',
    '../song.wav',
    '',
    'a\0b',
    '/dev/null',
    '/dev/zero',
    '/proc/self/environ',
    'x'.repeat(5000),
  ])('refuses %j', async (path) => {
    for (const kind of ['audio', 'image', 'video'] as const)
      await expect(new FileRegistry().register(path, kind)).rejects.toMatchObject({
        code: expect.stringMatching(/invalid_argument|forbidden|not_found/),
      });
  });

  it('keeps at most maxEntries handles, dropping the oldest', async () => {
    const reg = new FileRegistry({ maxEntries: 2 });
    const first = await reg.register(join(dir, 'song.wav'), 'audio');
    await reg.register(join(dir, 'song.wav'), 'audio');
    await reg.register(join(dir, 'song.wav'), 'audio');
    expect(reg.size).toBe(2);
    expect(reg.resolve(first.handle)).toBeUndefined();
  });
});
