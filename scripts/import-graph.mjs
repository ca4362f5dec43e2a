// The import graph of the source tree, read from the text (no compiler, no dependencies): every
// `import`/`export … from` (type-only ones included), side-effect `import '…'`, dynamic
// `import('…')` and `typeof import('…')`. Relative specifiers and the `@shared/` alias resolve to
// files; packages are left out.
//
// Folder cycles: inside each folder, its entries (subfolders and files) are the nodes and an edge
// joins two entries when a file of one imports a file of the other. A strongly connected set of
// entries that holds a folder is a folder-level cycle (floors import downward only, docs/architecture.md).
//
//   node scripts/import-graph.mjs [root…]   prints the cycles and the files over 400 lines
//                                          (exit code 1 when there is a cycle)
//
// test/unit/build/import-floors.test.ts runs the same functions in `npm test`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The trees whose folders are measured (the roots test/unit/build/import-floors.test.ts holds acyclic are listed there). */
export const MEASURED_ROOTS = ['src/main/services', 'src/cli', 'src/renderer'];

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const ALIASES = { '@shared/': 'src/shared/' };

/** Removes comments, keeping strings, template literals and line breaks. */
function stripComments(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  /** nesting of `${` inside template literals: each entry counts the braces opened in it */
  const templates = [];
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '`' || (c === '}' && templates.length > 0 && templates.at(-1) === 0)) {
      if (c === '}') templates.pop();
      let j = i + 1;
      while (j < n && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) {
        j += text[j] === '\\' ? 2 : 1;
      }
      if (text[j] === '$') {
        templates.push(0);
        out += text.slice(i, j + 2);
        i = j + 2;
      } else {
        out += text.slice(i, j + 1);
        i = j + 1;
      }
      continue;
    }
    if (templates.length > 0 && c === '{') templates[templates.length - 1]++;
    if (templates.length > 0 && c === '}') templates[templates.length - 1]--;
    out += c;
    i++;
  }
  return out;
}

/** Every module specifier a source text names (type-only imports and dynamic imports included). */
export function specifiersOf(text) {
  const code = stripComments(text);
  const found = [];
  const patterns = [
    // import x from '…', import type { A } from '…', export { a } from '…', export * from '…'
    /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"\n]+)['"]/g,
    // import '…' (side effects only)
    /(?:^|[;\n}])\s*import\s*['"]([^'"\n]+)['"]/g,
    // import('…') and typeof import('…')
    /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** The source file a specifier names, or null for a package or an asset. */
export function resolveSpecifier(fromFile, spec, repoRoot = REPO_ROOT) {
  let base;
  const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
  if (alias) base = join(repoRoot, ALIASES[alias], spec.slice(alias.length));
  else if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec.replace(/\?.*$/, ''));
  else return null;
  const stem = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.cts', '.d.ts'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx'].map((name) => join(base, name)),
  ];
  const hit = candidates.find(
    (file) => SOURCE.test(file) && existsSync(file) && statSync(file).isFile(),
  );
  return hit ?? null;
}

/** Every source file under a folder. */
export function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** file → the local files it imports (absolute paths). */
export function importGraph(files, repoRoot = REPO_ROOT) {
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec, repoRoot);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components of a graph given as node → successors. */
export function stronglyConnected(nodes, successors) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (start) => {
    // iterative, so deep graphs do not exhaust the call stack
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, i] = frame;
      const next = successors(node);
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== node);
        components.push(component.sort());
      }
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

/**
 * Folder-level cycles under a root: for each folder (the root and every folder below it), its
 * entries that reach one another through imports, when at least one of them is a folder.
 * Returns `{ folder, entries, edges }` with paths relative to the repository; `edges` names one
 * importing file and the file it imports for each pair of entries inside the cycle.
 */
export function folderCycles(root, repoRoot = REPO_ROOT) {
  const rootDir = resolve(repoRoot, root);
  const files = sourceFiles(rootDir);
  const graph = importGraph(files, repoRoot);
  const folders = new Set([rootDir]);
  for (const file of files) {
    for (let d = dirname(file); d.startsWith(rootDir + sep); d = dirname(d)) folders.add(d);
  }
  /** the entry of `folder` that holds `file`, or null when the file is outside the folder */
  const entryOf = (folder, file) =>
    file.startsWith(folder + sep) ? file.slice(folder.length + 1).split(sep)[0] : null;
  const cycles = [];
  for (const folder of [...folders].sort()) {
    const edges = new Map();
    const witness = new Map();
    for (const [file, targets] of graph) {
      const from = entryOf(folder, file);
      if (from === null) continue;
      for (const target of targets) {
        const to = entryOf(folder, target);
        if (to === null || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from).add(to);
        const key = `${from}\0${to}`;
        if (!witness.has(key)) witness.set(key, [file, target]);
      }
    }
    const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])];
    const isFolder = (entry) => statSync(join(folder, entry)).isDirectory();
    for (const component of stronglyConnected(nodes.sort(), (n) =>
      [...(edges.get(n) ?? [])].sort(),
    )) {
      if (component.length < 2 || !component.some(isFolder)) continue;
      const members = new Set(component);
      const pairs = [];
      for (const from of component) {
        for (const to of edges.get(from) ?? []) {
          if (!members.has(to)) continue;
          const [a, b] = witness.get(`${from}\0${to}`);
          pairs.push(`${from} → ${to} (${relative(repoRoot, a)} → ${relative(repoRoot, b)})`);
        }
      }
      cycles.push({ folder: relative(repoRoot, folder) || '.', entries: component, edges: pairs });
    }
  }
  return cycles;
}

/** Source files over `maxLines` lines under the roots, longest first. */
export function longFiles(roots, maxLines = 400, repoRoot = REPO_ROOT) {
  const out = [];
  for (const root of roots) {
    for (const file of sourceFiles(resolve(repoRoot, root))) {
      const lines = readFileSync(file, 'utf8').split('\n').length - 1;
      if (lines > maxLines) out.push({ file: relative(repoRoot, file), lines });
    }
  }
  return out.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roots = process.argv.length > 2 ? process.argv.slice(2) : MEASURED_ROOTS;
  let total = 0;
  for (const root of roots) {
    const cycles = folderCycles(root);
    total += cycles.length;
    console.log(`${root}: ${cycles.length} folder cycle(s)`);
    for (const cycle of cycles) {
      console.log(`  in ${cycle.folder}: ${cycle.entries.join(', ')}`);
      for (const edge of cycle.edges) console.log(`    ${edge}`);
    }
  }
  const long = longFiles(roots);
  console.log(`files over 400 lines: ${long.length}`);
  for (const { file, lines } of long) console.log(`  ${lines}  ${file}`);
  process.exitCode = total > 0 ? 1 : 0;
}
