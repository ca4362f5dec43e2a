/**
 * Errors reach the creator in the app's language (issue 27): an AppError made in main, shared or
 * the CLI carries a catalog key — `appError(code, 'errors:…', params)`, or `new AppError(code,
 * english, { key: 'errors:…' })` where the English names more than the key's words (the service
 * client's "…so Cadenza could not make the cover"). This gate counts the `new AppError(` calls
 * that have neither a key nor a reason to stay English, area by area, and holds each area to its
 * count: it cannot grow, and whoever keys one lowers the number here (the count must match).
 *
 * A call that no creator can see (an internal invariant, the CLI, which stays English:
 * docs/translating.md) is marked with a comment `// English only: <why>` on the statement that
 * makes it (or inside the call); it is not counted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

/** Unkeyed, unmarked `new AppError(` calls allowed per area. The goal is 0 everywhere. */
const UNKEYED: Record<string, number> = {
  // The CLI stays English by design (docs/translating.md): its messages are for a terminal and
  // scripts, whatever the app's language. Everything else (main, shared) is keyed: 0 unkeyed.
  'src/cli': 15,
};

/** The area a file counts in: a service's folder, the services' own files, or a top folder. */
export function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[2] === 'services')
    return parts.length === 4 ? 'src/main/services/*.ts' : parts.slice(0, 4).join('/');
  if (parts[1] === 'main') return parts.length === 3 ? file : parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

const ENGLISH_ONLY = /\/\/\s*English only:|\/\*+\s*English only:/;

/**
 * Whether an AppError's options give the message a key: a `key` property of the object itself
 * (`{ key: 'errors:…' }`, `{ key }`), or of an object spread into it (`...(k ? { key: k } : {})`).
 * A `key` inside another property (`fields: { key: 'Pick a key.' }`) names a field, not the message.
 */
export function carriesKey(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return carriesKey(node.expression);
  if (ts.isConditionalExpression(node))
    return carriesKey(node.whenTrue) || carriesKey(node.whenFalse);
  if (ts.isBinaryExpression(node)) return carriesKey(node.left) || carriesKey(node.right);
  if (!ts.isObjectLiteralExpression(node)) return false;
  return node.properties.some((p) =>
    ts.isSpreadAssignment(p)
      ? carriesKey(p.expression)
      : (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
        p.name.getText() === 'key',
  );
}

/** Each `new AppError(` in the text that has no key and no English-only mark: its line. */
export function unkeyedCalls(text: string, fileName = 'x.ts'): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: number[] = [];
  const marked = (node: ts.Node): boolean => {
    if (ENGLISH_ONLY.test(node.getText(source))) return true;
    // the comments before the statement (or declaration) that makes it
    for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
      if (ENGLISH_ONLY.test(text.slice(n.getFullStart(), n.getStart(source)))) return true;
      if (ts.isStatement(n) || ts.isClassElement(n)) break;
    }
    return false;
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'AppError'
    ) {
      const extra = node.arguments?.[2];
      const keyed = extra !== undefined && carriesKey(extra);
      if (!keyed && !marked(node))
        found.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

describe('errors made in main, shared and the CLI', () => {
  it('carry a catalog key, or say why they stay English (no area has more unkeyed than listed)', () => {
    const counts: Record<string, number> = {};
    const where: Record<string, string[]> = {};
    for (const dir of ['src/main', 'src/shared', 'src/cli'])
      for (const file of sourceFiles(join(root, dir))) {
        const rel = relative(root, file).split('\\').join('/');
        const text = readFileSync(file, 'utf8');
        if (!text.includes('new AppError(')) continue; // parse only the files that make one
        const lines = unkeyedCalls(text, rel);
        if (lines.length === 0) continue;
        const area = areaOf(rel);
        counts[area] = (counts[area] ?? 0) + lines.length;
        (where[area] ??= []).push(...lines.map((l) => `${rel}:${l}`));
      }
    const over = Object.entries(counts)
      .filter(([area, n]) => n > (UNKEYED[area] ?? 0))
      .map(
        ([area, n]) =>
          `${area}: ${n} unkeyed, ${UNKEYED[area] ?? 0} allowed\n  ${where[area]!.join('\n  ')}`,
      );
    expect(
      over,
      'key these (appError(code, "errors:…", params)) or mark them "// English only: why"',
    ).toEqual([]);
    // a keyed call lowers its area's number, so the count cannot grow back
    const stale = Object.entries(UNKEYED)
      .filter(([area, n]) => (counts[area] ?? 0) < n)
      .map(([area, n]) => `${area}: ${counts[area] ?? 0} unkeyed now, the list says ${n}`);
    expect(stale, 'lower these numbers in UNKEYED').toEqual([]);
  }, 60_000);

  it('tells keyed, marked and unkeyed calls apart', () => {
    const text = [
      "throw new AppError('io', 'Plain English.');", // 1: unkeyed
      "throw new AppError('io', 'Keyed.', { key: 'errors:x' });",
      "throw new AppError('io', 'Keyed too.', { cause, key, params });",
      '// English only: an invariant no creator can reach',
      "throw new AppError('internal', 'Marked.');",
      "return new AppError('io', 'Cause only.', { cause: e });", // 6: unkeyed
      "const f = () => new AppError('io', /* English only: the CLI */ 'Inline mark.');",
      "throw ok ? // English only: the service's words",
      "  new AppError('not_found', reason) : appError('not_found', 'errors:x');",
      "throw appError('io', 'errors:settingsUnsaved');",
      "throw new AppError('io', 'After a marked one.');", // 11: unkeyed
      "throw new AppError('validation', m, { fields: { key: m } });", // 12: a field named key
      "throw new AppError('io', m, { ...(k ? { key: k } : {}) });",
      "throw new AppError('io', m, { ...(k ? { fields: { key: m } } : {}) });", // 14: unkeyed
    ].join('\n');
    expect(unkeyedCalls(text)).toEqual([1, 6, 11, 12, 14]);
  });

  it('counts a file in its area', () => {
    expect(areaOf('src/main/services/http/failures.ts')).toBe('src/main/services/http');
    expect(areaOf('src/main/services/submit.ts')).toBe('src/main/services/*.ts');
    expect(areaOf('src/main/shell/handlers/songs.ts')).toBe('src/main/shell');
    expect(areaOf('src/main/index.ts')).toBe('src/main/index.ts');
    expect(areaOf('src/cli/commands/jobs/index.ts')).toBe('src/cli');
    expect(areaOf('src/shared/domain/jobs.ts')).toBe('src/shared');
  });
});
