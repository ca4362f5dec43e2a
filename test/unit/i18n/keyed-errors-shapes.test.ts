/**
 * Errors built by hand as AppErrorShape objects (`{ code, message: 'English…' }`) reach the creator
 * as well as `new AppError(` ones do (the updater's failures did, English in every language). This
 * gate finds every object literal in main, shared and the renderer that has a `code` and a
 * `message` written as an English literal but no `key`: each must carry a key (or be made with
 * `appError(…).toShape()`), or say `// English only: <why>` on its statement.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/errors';

const root = resolve(__dirname, '../../..');
const ENGLISH_ONLY = /\/\/\s*English only:|\/\*+\s*English only:/;

const CODES = new Set<string>(ERROR_CODES);

/** A `key` in the object itself or in an object spread into it (as keyed-errors.test's carriesKey). */
function carriesKey(node: ts.Expression): boolean {
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

const isLiteralText = (node: ts.Expression): boolean =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  (ts.isParenthesizedExpression(node) && isLiteralText(node.expression));

/** The lines of `{ code, message: '…' }` objects without a key or an English-only mark. */
export function unkeyedShapes(text: string, fileName = 'x.ts'): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: number[] = [];
  const marked = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
      if (ENGLISH_ONLY.test(text.slice(n.getFullStart(), n.getStart(source)))) return true;
      if (ts.isStatement(n) || ts.isClassElement(n)) break;
    }
    return ENGLISH_ONLY.test(node.getText(source));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && p.name.getText(source) === name,
        );
      const code = prop('code')?.initializer;
      // an AppError code (a zod issue's `code: 'custom'` is not one), or a code passed on
      const hasCode =
        (code !== undefined && (!ts.isStringLiteral(code) || CODES.has(code.text))) ||
        node.properties.some(
          (p) => ts.isShorthandPropertyAssignment(p) && p.name.getText(source) === 'code',
        );
      const message = prop('message');
      if (hasCode && message && isLiteralText(message.initializer) && !carriesKey(node)) {
        if (!marked(node))
          found.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('error shapes built by hand', () => {
  it('carry a key in main, shared and the renderer (or say why they stay English)', () => {
    const where: string[] = [];
    for (const dir of ['src/main', 'src/shared', 'src/renderer'])
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes('message')) continue;
        const rel = relative(root, file).split('\\').join('/');
        where.push(...unkeyedShapes(text, rel).map((l) => `${rel}:${l}`));
      }
    expect(where, 'give these a key (appError(code, "errors:…").toShape())').toEqual([]);
  }, 60_000);

  it('finds the updater’s old hand-built failures and passes keyed ones', () => {
    const text = [
      'export function describeUpdateError(error: unknown): AppErrorShape {',
      '  if (status === 404) {',
      '    return {', // 3: unkeyed
      "      code: 'not_found',",
      "      message: 'The update server has no release information for this platform.',",
      '      httpStatus: 404,',
      '    };',
      '  }',
      "  if (x) return { code: 'server', message: `The update server had a problem (${s}).` };", // 9
      "  if (y) return { code: 'io', message: 'Saved.', key: 'errors:x' };",
      "  if (z) return { code: 'io', message: 'Spread.', ...(k ? { key: k } : {}) };",
      "  if (w) return { code: 'io', message };",
      "  if (v) return appError('internal', 'errors:updates.failure.checkFailed').toShape();",
      "  const schemaRule = { message: 'Not an error shape.', path: ['x'] };",
      '  // English only: a test double',
      "  return { code: 'internal', message: 'Checking for updates failed.' };",
      "  return { code: 'internal', message: 'Checking for updates failed.' };", // 17
      "  ctx.addIssue({ code: 'custom', message: 'A zod issue, not an error shape.' });",
      '}',
    ].join('\n');
    expect(unkeyedShapes(text)).toEqual([3, 9, 17]);
  });
});
