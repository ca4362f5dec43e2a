/**
 * Times to the millisecond as people type and read them: "1:10", "0:05.250", "5.25", "1:02:03.5".
 * One parser and one formatter for the trim editor's fields and readout and the CLI's --start/--end.
 */

/** "m:ss.mmm" ("h:mm:ss.mmm" from an hour on); negative and non-finite values read 0:00.000. */
export function formatTimeMs(totalMs: number): string {
  const ms = Math.max(0, Math.round(Number.isFinite(totalMs) ? totalMs : 0));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const frac = String(ms % 1000).padStart(3, '0');
  const sec = `${String(s).padStart(2, '0')}.${frac}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const TIME = /^(?:(?:(\d+):)?(\d+):)?(\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Milliseconds from "[[h:]m:]s[.fff]" (seconds alone may be any size: "75.5"; after a colon,
 * minutes and seconds are below 60); null when the text is not such a time.
 */
export function parseTimeMs(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  const h = hours === undefined ? 0 : Number(hours);
  const m = minutes === undefined ? 0 : Number(minutes);
  const s = Number(seconds);
  if (minutes !== undefined && s >= 60) return null;
  if (hours !== undefined && m >= 60) return null;
  if (![h, m, s].every(Number.isFinite)) return null;
  return Math.round(((h * 60 + m) * 60 + s) * 1000);
}
