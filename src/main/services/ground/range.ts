/** The outcome of reading a `Range` header against a body of `sizeBytes`. */
export type RangeResult =
  | { kind: 'none' } // no usable Range header: answer 200 with the whole body
  | { kind: 'unsatisfiable' } // 416
  | { kind: 'range'; start: number; end: number }; // inclusive byte offsets, answer 206

const SINGLE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * One byte range per RFC 9110 §14: `a-b`, open-ended `a-` and suffix `-n`. Several ranges or a
 * malformed header are ignored (the whole body is sent), as the RFC allows.
 */
export function parseRange(header: string | undefined, sizeBytes: number): RangeResult {
  if (!header) return { kind: 'none' };
  const m = SINGLE.exec(header.trim());
  if (!m) return { kind: 'none' };
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return { kind: 'none' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || sizeBytes === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(a);
  const end = b === '' ? Number.MAX_SAFE_INTEGER : Number(b);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start)
    return { kind: 'none' };
  if (start >= sizeBytes) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, sizeBytes - 1) };
}
