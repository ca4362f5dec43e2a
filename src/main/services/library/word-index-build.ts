/**
 * Building the word index (word-index.ts) from the entries' search texts: the distinct words and
 * each word's postings, in two passes over the texts. The first finds the words and how many
 * bytes each word's postings take; the second writes them. Nothing is held between the passes but
 * a few numbers per word. Keeping each entry's word ids for one pass instead (12 MB at 50,000
 * entries, freed right after) cost about 150 ms less CPU but left the process 4-5 MB more RSS
 * (the C allocator kept it: +10-14 MB after the build against +8-9 MB now, load 6).
 */

/** The built index's words and postings. */
export interface BuiltWords {
  /** The distinct words, each followed by a newline (no term holds one). */
  vocabulary: string;
  /** Where word `w` starts in `vocabulary` (`at[words]`: its length). */
  at: Uint32Array;
  /** Entry slots of word `w`, ascending, in `postings[starts[w] .. starts[w + 1])`. */
  starts: Uint32Array;
  postings: Uint8Array;
  /**
   * Which letters a-z and digits each entry's text holds, two 32-bit masks a slot (`charBit`):
   * a one-character term, the first key of every search and of every new word typed, is then
   * answered without its words' postings (most of the vocabulary) or the entries' texts.
   */
  chars: Uint32Array;
}

/** The bit of a one-character term in `BuiltWords.chars` (-1: none: not a-z or 0-9). */
export function charBit(c: number): number {
  if (c >= 97 && c <= 122) return c - 97;
  if (c >= 48 && c <= 57) return 26 + c - 48;
  return -1;
}

/** The `chars` masks of a word. */
function wordChars(word: string): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < word.length; i++) {
    const b = charBit(word.charCodeAt(i));
    if (b < 0) continue;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  return [lo >>> 0, hi];
}

/** Open addressing: a table of word ids by hash, kept under half full. */
const EMPTY = -1;

/**
 * The distinct words of the texts read, each found by its FNV-1a hash over the text's characters,
 * so a word already seen costs no string of its own (at 50,000 entries, three million words,
 * 58,000 of them distinct).
 */
class Words {
  readonly list: string[] = [];
  private readonly hashes: number[] = [];
  private table: Int32Array = new Int32Array(1 << 12).fill(EMPTY);

  /** The id of `text`'s word from `from` to `to` with this hash; a new word gets the next id. */
  idOf(text: string, from: number, to: number, hash: number): number {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    for (let id = this.table[slot]!; id !== EMPTY; id = this.table[slot]!) {
      const w = this.list[id]!;
      if (this.hashes[id] === hash && w.length === to - from && text.startsWith(w, from)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.list.length;
    this.list.push(text.slice(from, to));
    this.hashes.push(hash);
    this.table[slot] = id;
    if (this.list.length * 2 > this.table.length) this.rehash(this.table.length * 2);
    return id;
  }

  private rehash(size: number): void {
    const table = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let id = 0; id < this.hashes.length; id++) {
      let slot = this.hashes[id]! & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

/** Calls `visit` with each entry's position and the id of each of its words, in entry order. */
function eachWord(
  texts: readonly string[],
  words: Words,
  visit: (p: number, w: number) => void,
): void {
  for (let p = 0; p < texts.length; p++) {
    const text = texts[p]!;
    const length = text.length;
    for (let from = 0; from < length;) {
      let hash = 0x811c9dc5;
      let to = from;
      for (; to < length; to++) {
        const c = text.charCodeAt(to);
        if (c === 32) break;
        hash = Math.imul(hash ^ c, 0x01000193);
      }
      if (to > from) visit(p, words.idOf(text, from, to, hash));
      from = to + 1;
    }
  }
}

/**
 * Bytes of a posting's step (7 bits a byte, at most 4: steps stay under 2^28, far more entries
 * than a library has, so decoding them needs no more than 32-bit integers).
 */
const stepBytes = (step: number): number =>
  step < 0x80 ? 1 : step < 0x4000 ? 2 : step < 0x200000 ? 3 : 4;

/**
 * The words of `texts` (one per entry, words separated by single spaces) and each word's
 * postings: the entries holding it in order, each as its step from the one before (`p - last -
 * 1`), 7 bits a byte, the high bit set on every byte but a step's last.
 */
export function buildWords(texts: readonly string[]): BuiltWords {
  const words = new Words();
  // pass 1: the words, and the bytes of each word's postings
  let bytes = new Uint32Array(1024);
  let last = new Int32Array(1024).fill(-1);
  eachWord(texts, words, (p, w) => {
    if (w === bytes.length) {
      const more = new Uint32Array(bytes.length * 2);
      more.set(bytes);
      bytes = more;
      const later = new Int32Array(last.length * 2).fill(-1);
      later.set(last);
      last = later;
    }
    bytes[w]! += stepBytes(p - last[w]! - 1);
    last[w] = p;
  });
  const count = words.list.length;
  const starts = new Uint32Array(count + 1);
  for (let w = 0; w < count; w++) starts[w + 1] = starts[w]! + bytes[w]!;
  // pass 2: the postings, and each entry's letters from its words'
  const postings = new Uint8Array(starts[count]!);
  const masks = new Uint32Array(count * 2);
  for (let w = 0; w < count; w++) {
    const [lo, hi] = wordChars(words.list[w]!);
    masks[2 * w] = lo;
    masks[2 * w + 1] = hi;
  }
  const chars = new Uint32Array(texts.length * 2);
  const fill = bytes; // reused: where each word's next posting goes
  fill.set(starts.subarray(0, count));
  last.fill(-1);
  eachWord(texts, words, (p, w) => {
    chars[2 * p] = chars[2 * p]! | masks[2 * w]!;
    chars[2 * p + 1] = chars[2 * p + 1]! | masks[2 * w + 1]!;
    let step = p - last[w]! - 1;
    last[w] = p;
    let k = fill[w]!;
    while (step >= 0x80) {
      postings[k++] = (step & 0x7f) | 0x80;
      step >>>= 7;
    }
    postings[k++] = step;
    fill[w] = k;
  });
  return { starts, postings, chars, ...vocabularyOf(words.list) };
}

/** The words in one string, each followed by a newline, and where each starts. */
function vocabularyOf(words: readonly string[]): { vocabulary: string; at: Uint32Array } {
  const at = new Uint32Array(words.length + 1);
  let k = 0;
  for (let w = 0; w < words.length; w++) {
    at[w] = k;
    k += words[w]!.length + 1;
  }
  at[words.length] = k;
  return { vocabulary: words.length > 0 ? `${words.join('\n')}\n` : '', at };
}
