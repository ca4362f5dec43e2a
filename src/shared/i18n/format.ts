/**
 * The one set of Intl formatters, for the app's language (not the OS default, not forced English):
 * dates, times, numbers, durations, file sizes and lists. Main and the renderer both use it; the
 * renderer's `useFormat()` (renderer/i18n) binds it to the current language. Formatters are cached
 * per locale and options.
 */
import { intlLocaleOf, type AppLanguage } from './languages';

const cache = new Map<string, unknown>();
function cached<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const loc = (lang: AppLanguage): string => intlLocaleOf(lang);

export function formatNumber(
  n: number,
  lang: AppLanguage,
  options: Intl.NumberFormatOptions = {},
): string {
  const l = loc(lang);
  return cached('n', l, options, () => new Intl.NumberFormat(l, options)).format(n);
}

/** "42 %" / "42 %" / "42%": a fraction 0–1 as a percentage. */
export const formatPercent = (fraction: number, lang: AppLanguage): string =>
  formatNumber(fraction, lang, { style: 'percent', maximumFractionDigits: 0 });

type DateInput = Date | number | string;
const toDate = (d: DateInput): Date => (d instanceof Date ? d : new Date(d));

/** "27 Nov 2026" / "2026/11/27": a date in the language's usual medium form. */
export function formatDate(
  d: DateInput,
  lang: AppLanguage,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const l = loc(lang);
  return cached('d', l, options, () => new Intl.DateTimeFormat(l, options)).format(toDate(d));
}

/** A date with its time, e.g. "27 Nov 2026, 21:40". */
export const formatDateTime = (d: DateInput, lang: AppLanguage): string =>
  formatDate(d, lang, { dateStyle: 'medium', timeStyle: 'short' });

/** A time of day, e.g. "21:40" / "9:40 PM". */
export const formatTime = (d: DateInput, lang: AppLanguage): string =>
  formatDate(d, lang, { timeStyle: 'short' });

/** "5 minutes ago", "in 2 hours": how long from now, in the largest whole unit. */
export function formatRelative(d: DateInput, lang: AppLanguage, nowMs = Date.now()): string {
  const l = loc(lang);
  const diffS = Math.round((toDate(d).getTime() - nowMs) / 1000);
  const rtf = cached('r', l, {}, () => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  const abs = Math.abs(diffS);
  if (abs < 60) return rtf.format(diffS, 'second');
  if (abs < 3600) return rtf.format(Math.round(diffS / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(diffS / 3600), 'hour');
  return rtf.format(Math.round(diffS / 86_400), 'day');
}

/** "a, b and c" / "a, b y c" / "a、b、c". */
export function formatList(
  items: readonly string[],
  lang: AppLanguage,
  type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction',
): string {
  const l = loc(lang);
  return cached('l', l, { type }, () => new Intl.ListFormat(l, { type })).format(items);
}

/**
 * A duration in words: "3 minutes, 5 seconds" (long, for screen readers and sentences), "3 min,
 * 5 sec" (short) — hours, minutes and seconds, the zero ones left out (0 s says "0 seconds").
 */
export function formatDuration(
  totalS: number,
  lang: AppLanguage,
  style: 'long' | 'short' | 'narrow' = 'long',
): string {
  const s = Math.max(0, Math.round(Number.isFinite(totalS) ? totalS : 0));
  const parts: [number, 'hour' | 'minute' | 'second'][] = [
    [Math.floor(s / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const shown = parts.filter(([v]) => v > 0);
  const words = (shown.length ? shown : [parts[2]!]).map(([v, unit]) =>
    formatNumber(v, lang, { style: 'unit', unit, unitDisplay: style }),
  );
  return formatList(words, lang, 'unit');
}

/** "3:05", "1:02:09": a clock for positions and lengths (digits read alike in every language). */
export function formatClock(totalS: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalS) ? totalS : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * "1:05.3" / "1:05,3": a clock to the tenth of a second (where an extension starts), the tenths
 * after the language's decimal sign. "–" when there is no such time.
 */
export function formatClockTenths(totalS: number, lang: AppLanguage): string {
  if (!Number.isFinite(totalS) || totalS < 0) return '–';
  const tenths = Math.round(totalS * 10);
  const m = Math.floor(tenths / 600);
  const rest = formatNumber((tenths - m * 600) / 10, lang, {
    minimumIntegerDigits: 2,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  return `${m}:${rest}`;
}

/** "12.4 MB" / "12,4 MB": a byte count in the largest fitting decimal unit (as OSes show files). */
export function formatFileSize(bytes: number, lang: AppLanguage): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let v = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return formatNumber(v, lang, {
    style: 'unit',
    unit: units[i]!,
    unitDisplay: i === 0 ? 'long' : 'short',
    maximumFractionDigits: i === 0 || v >= 100 ? 0 : 1,
  });
}
