/**
 * A growing big-endian bit writer and the two CRCs FLAC frames carry (CRC-8, polynomial 0x07,
 * over the frame header; CRC-16, polynomial 0x8005, over the whole frame), plus CRC-16/ARC
 * (reflected 0x8005), which the LAME tag of an MP3's info frame uses.
 */

export class BitWriter {
  private buf: Uint8Array;
  private pos = 0;
  private acc = 0;
  private accBits = 0;

  constructor(initialBytes = 1 << 16) {
    this.buf = new Uint8Array(initialBytes);
  }

  /** Bytes written so far (whole bytes; call `align` first to include a partial one). */
  get length(): number {
    return this.pos;
  }

  /** Writes the low `bits` bits of `value` (an unsigned integer below 2^bits), bits ≤ 32. */
  write(value: number, bits: number): void {
    if (bits > 24) {
      const low = bits - 16;
      this.write(Math.floor(value / 2 ** low) & 0xffff, 16);
      this.write(value % 2 ** low, low);
      return;
    }
    this.acc = (this.acc << bits) | value;
    this.accBits += bits;
    while (this.accBits >= 8) {
      this.accBits -= 8;
      if (this.pos === this.buf.length) this.grow(1);
      this.buf[this.pos++] = (this.acc >>> this.accBits) & 0xff;
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  /** Two's complement in `bits` bits. */
  writeSigned(value: number, bits: number): void {
    this.write(value < 0 ? value + 2 ** bits : value, bits);
  }

  /** `zeros` zero bits then a one (Rice quotients). */
  writeUnary(zeros: number): void {
    while (zeros >= 24) {
      this.write(0, 24);
      zeros -= 24;
    }
    this.write(1, zeros + 1);
  }

  /** Pads with zero bits to a byte boundary. */
  align(): void {
    if (this.accBits > 0) this.write(0, 8 - this.accBits);
  }

  bytes(from = 0, to = this.pos): Uint8Array {
    return this.buf.subarray(from, to);
  }

  writeBytes(bytes: Uint8Array): void {
    this.align();
    if (this.pos + bytes.length > this.buf.length) this.grow(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Forgets everything from byte `pos` on (a frame that is written again another way). */
  truncate(pos: number): void {
    this.pos = pos;
    this.acc = 0;
    this.accBits = 0;
  }

  private grow(atLeast: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + atLeast));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }
}

function table(poly: number, bits: 8 | 16): Uint16Array {
  const t = new Uint16Array(256);
  const top = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  for (let i = 0; i < 256; i++) {
    let c = i << (bits - 8);
    for (let k = 0; k < 8; k++) c = c & top ? ((c << 1) ^ poly) & mask : (c << 1) & mask;
    t[i] = c;
  }
  return t;
}

const CRC8 = table(0x07, 8);
const CRC16 = table(0x8005, 16);

export function crc8(b: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < b.length; i++) c = CRC8[c ^ b[i]!]!;
  return c;
}

export function crc16(b: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < b.length; i++) c = ((c << 8) & 0xffff) ^ CRC16[(c >> 8) ^ b[i]!]!;
  return c;
}

/**
 * CRC-16/ARC: reflected polynomial 0xA001, initial 0 (the LAME tag's checksum); pass the CRC of
 * the bytes before `b` as `from` to continue it.
 */
export function crc16Arc(b: Uint8Array, from = 0): number {
  let c = from;
  for (let i = 0; i < b.length; i++) {
    c ^= b[i]!;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  }
  return c;
}
