/**
 * Lenient readers for service answers: numbers may arrive as strings, names in snake_case or
 * camelCase, URLs under several names. Everything returns undefined rather than throwing.
 */

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number from a number or a numeric string. */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function int(v: unknown): number | undefined {
  const n = num(v);
  return n === undefined ? undefined : Math.trunc(n);
}

/** A string from a string or a number (ids are sometimes integers). */
export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true' || v === 'True') return true;
  if (v === 0 || v === '0' || v === 'false' || v === 'False') return false;
  return undefined;
}

/** The first present value among `names` (exact, then case-insensitive without _ and -). */
export function pick(obj: Json, ...names: string[]): unknown {
  for (const n of names) if (obj[n] !== undefined && obj[n] !== null) return obj[n];
  const squash = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');
  const wanted = new Set(names.map(squash));
  for (const [k, v] of Object.entries(obj))
    if (v !== undefined && v !== null && wanted.has(squash(k))) return v;
  return undefined;
}

export const pickStr = (obj: Json, ...names: string[]): string | undefined =>
  str(pick(obj, ...names));

export function httpUrl(v: unknown): string | undefined {
  const s = str(v)?.trim();
  if (!s) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The first http(s) URL under any of `names`. */
export function pickUrl(obj: Json, ...names: string[]): string | undefined {
  for (const n of names) {
    const u = httpUrl(pick(obj, n));
    if (u) return u;
  }
  return undefined;
}

/** Text from the service with doubly escaped line breaks (a literal backslash-n) made real. */
export function realNewlines(s: string): string {
  return s.replace(/\\r\\n|\\n|\\r/g, '\n').replace(/\r\n/g, '\n');
}

/**
 * A duration the notes say is milliseconds. Songs last at most minutes, so a positive value
 * below 1000 can only be seconds; -1 / 0 mean "not known yet".
 */
export function durationMsFrom(v: unknown): number | undefined {
  const n = num(v);
  if (n === undefined || n <= 0) return undefined;
  return Math.round(n < 1000 ? n * 1000 : n);
}

/** What the key is replaced with in text from the service. */
export const REDACTED = '[redacted]';

/**
 * Deep copy of a service answer without the key: `x_api_key` fields dropped, key text replaced in
 * values and in property names alike (a service may echo the key as a name:
 * `{"detail": {"<key>": "echo"}}`).
 */
export function redact(value: unknown, key: string | undefined): unknown {
  const clean = (s: string): string =>
    key && key.length >= 4 && s.includes(key) ? s.split(key).join(REDACTED) : s;
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 20) return undefined;
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (isObject(v)) {
      const out: Json = {};
      for (const [k, x] of Object.entries(v)) {
        if (/^x[_-]?api[_-]?key$/i.test(k)) continue;
        // an own property even for "__proto__", so no name can reach the copy's prototype
        Object.defineProperty(out, clean(k), {
          value: walk(x, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  return walk(value, 0);
}
