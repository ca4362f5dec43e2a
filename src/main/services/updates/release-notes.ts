/**
 * Release notes arrive from the update feed as a string (often HTML from a release page) or as a
 * list of `{version, note}`. The UI shows them as plain text, so they are turned into text here:
 * tags dropped (block ends become line breaks), common entities decoded, blank runs collapsed.
 */

export const MAX_RELEASE_NOTES_CHARS = 20_000;

interface NoteInfo {
  version?: unknown;
  note?: unknown;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeChar(Number.parseInt(lower.slice(1), 10), whole);
    return ENTITIES[lower] ?? whole;
  });
}

function safeChar(code: number, fallback: string): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return fallback;
  return String.fromCodePoint(code);
}

/** One note (HTML or text) as plain text. */
export function noteToText(raw: string): string {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|ul|ol|h[1-6]|pre|blockquote|table)\s*>/gi, '\n\n')
    .replace(/<\/(li|tr)\s*>/gi, '')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The feed's `releaseNotes` as plain text, or null when there are none. */
export function releaseNotesToText(raw: unknown): string | null {
  let text = '';
  if (typeof raw === 'string') text = noteToText(raw);
  else if (Array.isArray(raw)) {
    text = raw
      .map((entry: NoteInfo) => {
        const note = typeof entry?.note === 'string' ? noteToText(entry.note) : '';
        const version = typeof entry?.version === 'string' ? entry.version : '';
        return version && note ? `${version}\n${note}` : note;
      })
      .filter((s) => s.length > 0)
      .join('\n\n');
  }
  if (!text) return null;
  return text.length > MAX_RELEASE_NOTES_CHARS
    ? `${text.slice(0, MAX_RELEASE_NOTES_CHARS - 1)}…`
    : text;
}
