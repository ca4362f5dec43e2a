/**
 * Redaction of secrets from text before it is written anywhere (log files, the console echo, the
 * diagnostic report). Three rules, applied to the final text:
 *
 * 1. every secret this process has seen (the API key read from the key store or the environment)
 *    is replaced wherever it appears, raw or JSON-escaped;
 * 2. the value after a key-like name (`x-api-key`, `x_api_key`, `apiKey`, `authorization`,
 *    `token`, `secret`, `password`) is replaced, in JSON (`"x-api-key":"…"`), headers
 *    (`x-api-key: …`) and query strings (`api_key=…`);
 * 3. anything that looks like a key — a run of 32 or more letters, digits, `_`, `+` or `=` with at
 *    least one letter and one digit (long hex or base64-like tokens) — is replaced. UUIDs, paths
 *    and numeric ids are shorter runs and stay readable.
 */

export const REDACTED = '[redacted]';

/** Secrets shorter than this are not replaced literally (they would shred ordinary words). */
const MIN_SECRET_LENGTH = 6;

const KEY_NAMES = String.raw`x[-_]api[-_]key|api[-_]?key|authorization|access[-_]?token|token|secret|password`;
/** `name` then `":"`, `": "`, `=`, `: ` (optionally escaped quotes), then the value. */
const NAMED_VALUE = new RegExp(
  String.raw`((?:${KEY_NAMES})(?:\\?")?\s*[:=]\s*(?:\\?")?)(?:Bearer\s+)?([^"\\\s,;&}\]]+)`,
  'gi',
);
const LONG_TOKEN = /[A-Za-z0-9_+=]{32,}/g;

function looksLikeKey(token: string): boolean {
  return /[A-Za-z]/.test(token) && /\d/.test(token);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Redactor {
  /** Remembers a secret (e.g. the API key) so it is replaced wherever it appears later. */
  addSecret(secret: string | undefined | null): void;
  /** The text with every secret and key-like value replaced by `[redacted]`. */
  redact(text: string): string;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  let literal: RegExp | null = null;

  const rebuild = (): void => {
    const forms = new Set<string>();
    for (const s of secrets) {
      forms.add(s);
      forms.add(JSON.stringify(s).slice(1, -1)); // as it appears inside a JSON string
      forms.add(encodeURIComponent(s)); // in a query string
    }
    const sorted = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    literal = sorted.length > 0 ? new RegExp(sorted.join('|'), 'g') : null;
  };

  return {
    addSecret(secret) {
      const s = secret?.trim();
      if (!s || s.length < MIN_SECRET_LENGTH || secrets.has(s)) return;
      secrets.add(s);
      rebuild();
    },
    redact(text) {
      let out = literal ? text.replace(literal, REDACTED) : text;
      out = out.replace(NAMED_VALUE, (whole, prefix: string, value: string) =>
        value === REDACTED || value.startsWith('[redacted') ? whole : `${prefix}${REDACTED}`,
      );
      return out.replace(LONG_TOKEN, (token) => (looksLikeKey(token) ? REDACTED : token));
    },
  };
}

/** The redactor of this process: the logger, the console echo and diagnostics all use it. */
export const processRedactor: Redactor = createRedactor();

/** Shorthand for `processRedactor.addSecret`: call wherever a key value passes by. */
export function rememberSecret(secret: string | undefined | null): void {
  processRedactor.addSecret(secret);
}

/** Shorthand for `processRedactor.redact`. */
export function redactSecrets(text: string): string {
  return processRedactor.redact(text);
}

/**
 * A deep copy of JSON-like data (a service answer kept for diagnosis) with every string redacted —
 * property names as well as values, since an answer may carry the key as a name. Deeper than
 * `maxDepth` is cut off.
 */
export function redactJson(
  value: unknown,
  redactor: Redactor = processRedactor,
  maxDepth = 20,
): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > maxDepth) return undefined;
    if (typeof v === 'string') return redactor.redact(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v))
        Object.defineProperty(out, redactor.redact(k), {
          value: walk(x, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    return v;
  };
  return walk(value, 0);
}
