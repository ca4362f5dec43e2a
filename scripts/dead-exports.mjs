// Dead exports: names a src/ file exports that no other file (src, test, bench) names and its own
// file never uses. `node scripts/dead-exports.mjs` lists them; test/unit/build/dead-exports.test.ts
// fails when there are more than its ceiling (lower the ceiling as they go).
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
const all = execSync(
  "git ls-files -co --exclude-standard 'src/**/*.ts' 'src/**/*.tsx' 'test/**/*.ts' 'test/**/*.tsx' 'bench/**/*.ts' 'scripts/*.ts' 'scripts/*.mts'",
  { encoding: 'utf8' },
)
  .trim()
  .split('\n');
const files = all;
const own = new Map();
const exported = [];
const used = new Map();
const use = (n, f) => {
  if (!used.has(n)) used.set(n, new Set());
  used.get(n).add(f);
};
for (const f of files) {
  const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  const text = sf.text;
  own.set(f, text);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && st.importClause) {
      const c = st.importClause;
      if (c.name) use('default', f);
      const nb = c.namedBindings;
      if (nb && ts.isNamedImports(nb))
        for (const e of nb.elements) use((e.propertyName ?? e.name).text, f);
      if (nb && ts.isNamespaceImport(nb)) {
        const ns = nb.name.text;
        for (const m of text.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, 'g'))) use(m[1], f);
      }
    } else if (ts.isExportDeclaration(st)) {
      if (st.exportClause && ts.isNamedExports(st.exportClause))
        for (const e of st.exportClause.elements) {
          if (st.moduleSpecifier) use((e.propertyName ?? e.name).text, f);
          exported.push([f, e.name.text, !!st.moduleSpecifier]);
        }
      else if (!st.exportClause) use('*', f);
    } else if (st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (st.modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) continue;
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exported.push([f, d.name.text, false]);
        }
      else if (st.name) exported.push([f, st.name.text, false]);
    }
  }
  // dynamic import('x').then(m => m.Name) and import type usages in type positions: catch `import('...').Name`
  for (const m of text.matchAll(/import\([^)]*\)\.(\w+)/g)) use(m[1], f);
}
const entry =
  /src\/(preload\/index|main\/index|cli\/index|main\/services\/worker-tasks\/entry)\.ts$/;
// every file each word stands in (a name a file mentions, even in a string or a comment)
const tokens = new Map();
for (const [f, text] of own)
  for (const w of new Set(text.match(/[\w$]+/g) ?? [])) {
    if (!tokens.has(w)) tokens.set(w, new Set());
    tokens.get(w).add(f);
  }
const count = (t, n) =>
  (
    t.match(
      new RegExp(`(?<![\\w$])(?<!(?<!\\.\\.)\\.)${n.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'),
    ) ?? []
  ).length;
// dead: a src/ export no other file (src, test, bench) imports by name and its own file never uses
const dead = exported.filter(
  ([f, n]) =>
    f.startsWith('src/') &&
    !entry.test(f) &&
    ![...(used.get(n) ?? [])].some((u) => u !== f) &&
    count(own.get(f), n) <= 1 &&
    ![...(tokens.get(n) ?? [])].some((o) => o !== f),
);
for (const [f, n] of dead) console.log(`${f}\t${n}`);
console.error(`${dead.length} dead exports of ${exported.length}`);
