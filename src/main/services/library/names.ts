import { extname } from 'node:path';
import { stripInvisible } from '@shared/text';

/**
 * File names built from titles: readable, safe on Windows, macOS and Linux, and unique in a folder.
 */

/** Longest base name in UTF-8 bytes (before " (n)", the extension and ".json"). */
export const MAX_BASE_BYTES = 120;

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const SEPARATORS = /[/\\]/g;
const FORBIDDEN = /[<>:"|?*]/g;

function truncateUtf8(s: string, maxBytes: number): string {
  if (Buffer.byteLength(s, 'utf8') <= maxBytes) return s;
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** A safe base name (no extension) for a title. Never empty, never `.`/`..`, never reserved. */
export function sanitizeBaseName(title: string, fallback = 'Untitled'): string {
  let s = stripInvisible(title.normalize('NFC'));
  s = s.replace(CONTROL, ' ').replace(SEPARATORS, '-').replace(FORBIDDEN, '');
  s = s.replace(/\s+/g, ' ').trim();
  // no leading dots: hidden files, "..", and our temp prefix all start with one
  s = s.replace(/^[.\s]+/, '');
  s = truncateUtf8(s, MAX_BASE_BYTES);
  // Windows drops trailing dots and spaces, which would make two names collide
  s = s.replace(/[.\s]+$/, '');
  if (!s) s = fallback;
  // CON, NUL, COM1… are reserved on Windows even with an extension ("nul.mp3")
  const stem = s.split('.')[0] ?? s;
  if (RESERVED.test(stem.trim())) s = `${s}_`;
  return s;
}

/** Lower-case extension with its dot, limited to letters and digits (".mp3"), or "" if none. */
export function normalizeExtension(ext: string): string {
  const clean = ext
    .replace(/^\./, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  return clean ? `.${clean}` : '';
}

/**
 * A name `<base><ext>` not taken in `existing` (compared case-insensitively, because macOS and
 * Windows folders are), also keeping its sidecar name `<name>.json` free. Adds " (2)", " (3)"…
 */
export function uniqueFileName(base: string, ext: string, existing: ReadonlySet<string>): string {
  const taken = (name: string) =>
    existing.has(name.toLowerCase()) || existing.has(`${name}.json`.toLowerCase());
  const first = `${base}${ext}`;
  if (!taken(first)) return first;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})${ext}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * `uniqueFileName` without a listing of the folder: `taken` is asked about each candidate and its
 * sidecar name in turn. A library folder of 50,000 items holds 100,000 names; listing them for
 * every save and rename cost about 100 ms of CPU, most of it main's (issue 30).
 */
export async function freeFileName(
  base: string,
  ext: string,
  taken: (name: string) => Promise<boolean>,
): Promise<string> {
  const free = async (name: string) => !(await taken(name)) && !(await taken(`${name}.json`));
  const first = `${base}${ext}`;
  if (await free(first)) return first;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})${ext}`;
    if (await free(candidate)) return candidate;
  }
}

/** Lower-cased names, for `uniqueFileName`. */
export const nameSet = (names: Iterable<string>): Set<string> =>
  new Set([...names].map((n) => n.toLowerCase()));

/** Longest file name most file systems take, in UTF-8 bytes. */
const MAX_NAME_BYTES = 255;

/**
 * Whether a file name read from a record on disk (a job's planned `fileName`, a sidecar's
 * `cover_file`) is a bare name as Cadenza makes them: no separator, no `..`, not hidden, nothing
 * `sanitizeBaseName` would change (controls, bidi, reserved names, trailing dots), an extension of
 * letters and digits. A record naming anything else is damaged or tampered with and never followed.
 */
export function isBareName(name: string): boolean {
  if (!name || Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return false;
  const ext = extname(name);
  if (normalizeExtension(ext) !== ext) return false;
  const base = name.slice(0, name.length - ext.length);
  // uniqueFileName may add " (n)" after the length limit
  const stem = /^(.*) \(\d{1,9}\)$/.exec(base)?.[1] ?? base;
  return stem !== '' && sanitizeBaseName(stem, '') === stem;
}
