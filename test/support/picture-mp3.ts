/**
 * An MP3 (10 s of silent MPEG-1 Layer III frames) whose ID3v2.3 tag holds one front-cover
 * picture of `pictureBytes` (a PNG signature and IHDR, then zeros): the file of issue 26 whose
 * 200 MB picture cost +196 MB on every `cadenza-media://art/` request.
 */
import { mp3Frame } from './media-fixtures';

const syncsafe = (n: number): Buffer =>
  Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

/** A PNG's signature and IHDR chunk: `width` × `height`, 8-bit RGB. */
export function pngHead(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

export function pictureMp3(
  pictureBytes: number,
  dims: { width: number; height: number } = { width: 600, height: 600 },
): Buffer {
  const head = pngHead(dims.width, dims.height);
  const picture = Buffer.alloc(Math.max(pictureBytes, head.length));
  head.copy(picture);
  // APIC: encoding 0, MIME "image/png\0", picture type 3 (front cover), empty description "\0"
  const apicBody = Buffer.concat([
    Buffer.from([0]),
    Buffer.from('image/png\0', 'latin1'),
    Buffer.from([3, 0]),
    picture,
  ]);
  const frameHeader = Buffer.alloc(10);
  frameHeader.write('APIC', 0, 'latin1');
  frameHeader.writeUInt32BE(apicBody.length, 4);
  const title = Buffer.concat([Buffer.from([0]), Buffer.from('Huge cover', 'latin1')]);
  const titleHeader = Buffer.alloc(10);
  titleHeader.write('TIT2', 0, 'latin1');
  titleHeader.writeUInt32BE(title.length, 4);
  const frames = Buffer.concat([titleHeader, title, frameHeader, apicBody]);
  const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0]), syncsafe(frames.length)]);
  const audio = Buffer.concat(Array.from({ length: 417 }, () => mp3Frame()));
  return Buffer.concat([tag, frames, audio]);
}
