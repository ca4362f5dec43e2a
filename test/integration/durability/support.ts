/** Helpers shared by the durability tests (issue 13): folder snapshots and leftover checks. */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry under `root` (path → type, size, mtime, content hash): what "nothing changed" means. */
export function snapshotTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(root)) return out;
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(root, r));
      if (st.isDirectory()) {
        out[`${r}/`] = `dir ${st.mtimeMs}`;
        walk(r);
      } else {
        const hash = createHash('sha1')
          .update(readFileSync(join(root, r)))
          .digest('hex');
        out[r] = `${st.size} ${st.mtimeMs} ${st.ino} ${hash}`;
      }
    }
  };
  walk('');
  return out;
}

/** Temp and partial files left anywhere under `root`. */
export function leftovers(root: string): string[] {
  return Object.keys(snapshotTree(root)).filter((p) => {
    const name = p.replace(/\/$/, '').split('/').pop() ?? '';
    return name.startsWith('.cadenza-tmp-') || /\.part(-|$)/.test(name);
  });
}
