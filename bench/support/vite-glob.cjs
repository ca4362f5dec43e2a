// Vite's `import.meta.glob` for the benches, which run the sources through tsx (no Vite): the
// eager, default-import form over `dir/*/*.json` and `dir/*.json`, the only forms main uses
// (src/main/shell/import-meta-glob.d.ts). Loaded with --require after tsx; rewrites the call in
// the compiled code of the modules that make it.
const Module = require('node:module');
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, resolve, relative } = require('node:path');

function glob(fromFile, pattern) {
  const parts = resolve(dirname(fromFile), pattern).split('/');
  const found = [];
  const walk = (dir, i) => {
    if (i === parts.length - 1) {
      const re = new RegExp(`^${parts[i].replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
      for (const f of readdirSync(dir)) if (re.test(f)) found.push(join(dir, f));
      return;
    }
    if (parts[i] === '*') {
      for (const d of readdirSync(dir))
        if (statSync(join(dir, d)).isDirectory()) walk(join(dir, d), i + 1);
    } else walk(join(dir, parts[i]), i + 1);
  };
  walk('/', 1);
  const out = {};
  for (const f of found.sort()) {
    let rel = relative(dirname(fromFile), f);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    out[rel] = JSON.parse(readFileSync(f, 'utf8'));
  }
  return out;
}
module.exports = { glob };

const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  if (typeof content === 'string' && content.includes('import_meta_default.glob('))
    content = content.replace(
      /\b[\w$]*import_meta_default\.glob\(/g,
      `require(${JSON.stringify(__filename)}).glob(${JSON.stringify(filename)}, `,
    );
  return compile.call(this, content, filename);
};
