/**
 * The one sanitiser every CLI line passes on its way out (`ctx.out`, `ctx.note`, failures, the
 * verbose log echo, the crash handler). Text from outside — titles, lyrics and messages from the
 * service, names found in the library — may carry terminal escapes (`ESC]0;…BEL` retitles the
 * window, `ESC[2J` clears it, `ESC]52;c;…` writes the clipboard), NUL, or bidi controls that make
 * a line read differently from what it holds. Each such character is written as the six visible
 * characters `\uXXXX`:
 *
 * - C0 controls (U+0000–U+001F) except line feed and tab; a CR of a CRLF pair becomes a plain LF;
 * - DEL (U+007F) and C1 controls (U+0080–U+009F, among them the one-byte CSI U+009B);
 * - bidi controls (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C);
 * - the line and paragraph separators U+2028 and U+2029.
 *
 * Inside JSON (`--json`), the only place these can still appear raw after `JSON.stringify` is a
 * string literal (which escapes C0 itself but leaves DEL, C1, bidi controls and the separators as
 * they are), and there `\uXXXX` is the JSON escape for the same character: the document parses to
 * the same values, with every such character spelled out.
 */

const UNSAFE =
  // eslint-disable-next-line no-control-regex -- these are what it is about
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

const escape = (ch: string): string =>
  `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The text with every character a terminal could act on spelled out as `\uXXXX`. */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, escape);
}
