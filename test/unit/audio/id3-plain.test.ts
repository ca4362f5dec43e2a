/**
 * The plain ID3 reader (id3-plain.ts) behind the library's found MP3s: what it reads, and every
 * kind of tag it leaves to music-metadata (null) so both always answer the same.
 */
import { describe, expect, it } from 'vitest';
import { plainId3 } from '../../../src/main/services/audio/probe/id3-plain';

const frame = (id: string, body: Uint8Array, major = 4, flags = 0): Uint8Array => {
  const n = body.length;
  const size =
    major === 4
      ? [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]
      : [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([
    Buffer.from(id, 'latin1'),
    Buffer.from(size),
    Buffer.from([0, flags]),
    body,
  ]);
};
const tag = (frames: Uint8Array[], major = 4, flags = 0): Uint8Array => {
  const body = Buffer.concat([...frames, Buffer.alloc(16)]);
  const n = body.length;
  const size = [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([major, 0, flags, ...size]), body]);
};
const utf8 = (s: string): Uint8Array => Buffer.concat([Buffer.from([3]), Buffer.from(s)]);
const utf16 = (s: string): Uint8Array =>
  Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const apic = (type: number, data: Uint8Array): Uint8Array =>
  Buffer.concat([Buffer.from([0]), Buffer.from('image/jpeg\0'), Buffer.from([type, 0]), data]);

describe('plainId3', () => {
  it('reads title, genre, lyrics, the front cover and one private field', () => {
    const back = Buffer.from([0xff, 0xd8, 0x01]);
    const t = tag([
      frame('TIT2', utf8('Harbour ')),
      frame('TCON', utf8('Ambient')),
      frame('USLT', Buffer.concat([Buffer.from([3]), Buffer.from('eng\0la la')])),
      frame('APIC', apic(4, back)),
      frame('APIC', apic(3, jpeg)),
      frame('TXXX', utf8('cadenza_recipe\0{"v":1}')),
    ]);
    expect(plainId3(t, 'CADENZA_RECIPE')).toEqual({
      title: 'Harbour',
      genre: ['Ambient'],
      lyrics: 'la la',
      picture: jpeg,
      userText: '{"v":1}',
    });
  });

  it('reads UTF-16 text of an ID3v2.3 tag', () => {
    const lyrics = Buffer.concat([
      Buffer.from([1]),
      Buffer.from('eng'),
      Buffer.from([0xff, 0xfe, 0, 0]),
    ]);
    const text = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ä ☃', 'utf16le')]);
    const t = tag(
      [frame('TIT2', utf16('Été ☃'), 3), frame('USLT', Buffer.concat([lyrics, text]), 3)],
      3,
    );
    expect(plainId3(t, null)).toMatchObject({ title: 'Été ☃', lyrics: 'ä ☃', genre: [] });
  });

  it('leaves what it does not read to music-metadata', () => {
    const title = frame('TIT2', utf8('x'));
    expect(plainId3(tag([title], 4, 0x80), null)).toBeNull(); // unsynchronised
    expect(plainId3(tag([title], 4, 0x40), null)).toBeNull(); // extended header
    expect(plainId3(tag([title], 2), null)).toBeNull(); // ID3v2.2
    expect(plainId3(tag([frame('TIT2', utf8('x'), 4, 0x08)]), null)).toBeNull(); // compressed
    expect(plainId3(tag([title, title]), null)).toBeNull(); // two titles
    expect(plainId3(tag([frame('TCON', utf8('17'))]), null)).toBeNull(); // an ID3v1 number
    expect(plainId3(tag([frame('TCON', utf8('(17)Rock'))]), null)).toBeNull();
    expect(plainId3(tag([frame('TCON', utf8('Rock\0Pop'))]), null)).toBeNull(); // two genres
    expect(plainId3(tag([frame('TIT2', Buffer.from([0, 0xe9]))]), null)).toBeNull(); // latin-1
    expect(plainId3(tag([frame('SYLT', utf8('x'))]), null)).toBeNull();
    expect(plainId3(tag([title]).subarray(0, 20), null)).toBeNull(); // cut short
  });

  it('leaves a frame that says UTF-8 but is not to music-metadata, instead of failing the file', () => {
    const bad = Buffer.from([3, 0x48, 0xff, 0xfe, 0x41]);
    for (const id of ['TIT2', 'TCON', 'TXXX'])
      expect(plainId3(tag([frame(id, bad)]), 'CADENZA_RECIPE')).toBeNull();
    const lyrics = Buffer.concat([
      Buffer.from([3]),
      Buffer.from('eng\0'),
      Buffer.from([0xff, 0xfe]),
    ]);
    expect(plainId3(tag([frame('USLT', lyrics)]), null)).toBeNull();
  });
});
