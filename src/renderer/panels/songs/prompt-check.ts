/**
 * The prompt check: heuristics (never refusals; the documented limits stay in `rules.ts`) about
 * what the service silently ignores or mishandles in a description or style. See
 * docs/lyrics-workspace.md, "Prompt check".
 */

/** Genre words; a prompt naming this many or more distinct ones gets a note. */
const GENRES = [
  'pop',
  'rock',
  'jazz',
  'hip hop',
  'hip-hop',
  'rap',
  'edm',
  'house',
  'techno',
  'trance',
  'country',
  'folk',
  'metal',
  'punk',
  'r&b',
  'soul',
  'funk',
  'blues',
  'reggae',
  'reggaeton',
  'classical',
  'lo-fi',
  'lofi',
  'synthwave',
  'ambient',
  'trap',
  'disco',
  'gospel',
  'k-pop',
  'latin',
  'bossa nova',
  'city pop',
  'drum and bass',
  'dubstep',
  'indie',
  'orchestral',
  'opera',
  'grunge',
  'ska',
  'salsa',
  'samba',
  'afrobeat',
  'emo',
  'shoegaze',
] as const;
export const MANY_GENRES = 4;

/** Section tags and two or more line breaks read as lyrics, not a description. */
const TAG_LINE = /^\s*\[(intro|verse|pre-chorus|chorus|bridge|outro|hook)[^\]]*\]\s*$/im;
/** `[bpm=120]`, `{key: C}`, `--tempo 90`, `bpm: 120`: parameters the service reads as words. */
const PARAMETER =
  /\[[^\]\n]*[=:][^\]\n]*\]|\{[^}\n]*\}|(?:^|\s)--[a-z][\w-]*|\b[a-z]+\s*[=:]\s*\d+/i;

export type PromptNote =
  | { kind: 'lyricsLike' }
  | { kind: 'genres'; genres: string[] }
  | { kind: 'parameters'; example: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The genres a prompt names, each once, in the order of the list. */
export function genresIn(prompt: string): string[] {
  const lower = prompt.toLowerCase();
  const found = GENRES.filter((g) =>
    new RegExp(`(^|[^a-z&-])${escape(g)}($|[^a-z&-])`).test(lower),
  );
  // "hip hop" and "hip-hop", "lofi" and "lo-fi" are one genre each; "pop" inside "city pop" or
  // "k-pop" is not another
  const one = new Set(found.map((g) => g.replace('-', ' ').replace('lofi', 'lo fi')));
  if (one.has('city pop') || one.has('k pop')) {
    const bare = new RegExp(`(^|[^a-z&-])pop($|[^a-z&-])`);
    if (!bare.test(lower.replace(/city pop|k-pop/g, ''))) one.delete('pop');
  }
  return [...one];
}

/** The notes for a prompt in its mode (description: `auto`; style: `custom`). */
export function promptNotes(prompt: string, mode: 'auto' | 'custom'): PromptNote[] {
  const notes: PromptNote[] = [];
  if (mode === 'auto' && (TAG_LINE.test(prompt) || prompt.split('\n').length >= 3))
    notes.push({ kind: 'lyricsLike' });
  const genres = genresIn(prompt);
  if (genres.length >= MANY_GENRES) notes.push({ kind: 'genres', genres });
  const m = PARAMETER.exec(prompt);
  if (m) notes.push({ kind: 'parameters', example: m[0].trim() });
  return notes;
}
