/**
 * docs/writing.md, enforced: the words the app shows never carry error codes (ECONNREFUSED,
 * UND_ERR_…, HTTP 502) or endpoint names (/v1/…). They are read from the source with the
 * TypeScript parser: every string the renderer holds (literals, template text, JSX text), and
 * every message main puts on an AppError (the renderer shows those as they come).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

/** What must never be in the UI's words. */
export const FORBIDDEN: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  {
    name: 'a system error code',
    pattern: /\bE(?:CONN|NOT|HOST|NET|ADDR|AI_|TIMEDOUT|PIPE)[A-Z_]*\b/,
  },
  { name: 'an undici error code', pattern: /\b(?:UND_ERR|ERR)_[A-Z_]+\b/ },
  { name: 'an HTTP status', pattern: /\bHTTP (?:\d{3}\b|…)|\(\d{3}\)/ },
  { name: 'an endpoint path', pattern: /(?:^|[\s(“"'`])\/v\d+\/[\w/-]*/ },
];

export function violations(text: string): string[] {
  return FORBIDDEN.filter((f) => f.pattern.test(text)).map((f) => f.name);
}

function files(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, exts));
    else if (exts.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

interface Found {
  file: string;
  line: number;
  text: string;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** The static text of a string-like node (template parts joined with a gap), or null. */
function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … ');
  if (ts.isJsxText(node)) return node.getText().trim() || null;
  return null;
}

const where = (sf: ts.SourceFile, node: ts.Node, text: string): Found => ({
  file: relative(ROOT, sf.fileName),
  line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
  text,
});

/** Import paths and type-level strings are not words anyone reads. */
function isCode(node: ts.Node): boolean {
  const p = node.parent;
  return (
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isLiteralTypeNode(p) ||
    (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
}

/** Every string the renderer holds. */
export function rendererStrings(): Found[] {
  const found: Found[] = [];
  for (const file of files(join(ROOT, 'src/renderer'), ['.ts', '.tsx'])) {
    const sf = parse(file);
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== null && !isCode(node)) found.push(where(sf, node, text));
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...found, ...catalogStrings()];
}

/** Every English catalog string (src/shared/i18n/locales/en): the words extracted from components. */
function catalogStrings(): Found[] {
  const found: Found[] = [];
  const dir = join(ROOT, 'src/shared/i18n/locales/en');
  for (const file of files(dir, ['.json'])) {
    const walk = (node: unknown): void => {
      if (typeof node === 'string') found.push({ file: relative(ROOT, file), line: 1, text: node });
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(JSON.parse(readFileSync(file, 'utf8')));
  }
  return found;
}

/** The message argument of every `new AppError(code, message, …)` in main and shared code. */
export function appErrorMessages(): Found[] {
  const found: Found[] = [];
  const dirs = ['src/main', 'src/shared'].map((d) => join(ROOT, d));
  for (const file of dirs.flatMap((d) => files(d, ['.ts']))) {
    const sf = parse(file);
    // constants a message is built from (`const AUTH_MESSAGE = '…'`) count as messages too
    const visit = (node: ts.Node): void => {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError'
      ) {
        const message = node.arguments?.[1];
        const text = message ? textOf(message) : null;
        if (message && text !== null) found.push(where(sf, message, text));
      }
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /MESSAGE|NOTE$/.test(node.name.text) &&
        node.initializer
      ) {
        const text = textOf(node.initializer);
        if (text !== null) found.push(where(sf, node.initializer, text));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  // a keyed error's English lives in the errors catalog: main sends those words too
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string')
      found.push({ file: `${ERRORS_CATALOG}#${path}`, line: 1, text: value });
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(join(ROOT, ERRORS_CATALOG), 'utf8')), '');
  return found;
}

const ERRORS_CATALOG = 'src/shared/i18n/locales/en/errors.json';

const report = (list: Found[]): string[] =>
  list
    .filter((f) => violations(f.text).length > 0)
    .map((f) => `${f.file}:${f.line} (${violations(f.text).join(', ')}): ${f.text}`);

describe('the wording guide (docs/writing.md)', () => {
  it('the scanner catches what it is for', () => {
    expect(violations('Could not reach the service (ECONNREFUSED)')).toEqual([
      'a system error code',
    ]);
    expect(violations('UND_ERR_SOCKET')).toEqual(['an undici error code']);
    expect(violations('The service had a problem (HTTP 502)')).toEqual(['an HTTP status']);
    expect(violations('The server answered HTTP … here')).toEqual(['an HTTP status']);
    expect(violations('Quick mode (/v1/music)')).toEqual(['an endpoint path']);
    expect(violations("Cadenza couldn't reach the service. Check your connection.")).toEqual([]);
    expect(violations('Songs left: 12 · ENTER to submit')).toEqual([]);
  });

  it('finds the strings it scans (the scan is not empty)', () => {
    const strings = rendererStrings();
    expect(strings.length).toBeGreaterThan(500);
    expect(strings.some((s) => s.text.includes('Add your API key to start creating.'))).toBe(true);
    const messages = appErrorMessages();
    expect(messages.length).toBeGreaterThan(80);
    expect(messages.some((m) => m.text.includes("couldn't reach the service"))).toBe(true);
  });

  it('no renderer string carries an error code or an endpoint path', () => {
    expect(report(rendererStrings())).toEqual([]);
  });

  it('no AppError message main can send to the UI carries an error code or an endpoint path', () => {
    expect(report(appErrorMessages())).toEqual([]);
  });
});
