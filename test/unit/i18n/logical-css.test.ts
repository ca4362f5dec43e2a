/**
 * Right-to-left layouts follow from the style sheets: spacing, borders, offsets and alignment are
 * written with logical properties (margin-inline-start, inset-inline-end, text-align: start…), so
 * the pseudo-RTL mode and a future right-to-left language mirror the window without extra rules.
 * Physical ones stay only where the axis is physical in every language, each with its reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

/** file:declaration → why it stays physical */
const PHYSICAL_ON_PURPOSE: Record<string, string> = {
  'src/renderer/player/player.css:margin-left: -7px':
    'a region handle centred on its point of the time axis, which runs left to right in every language',
  'src/renderer/player/player.css:left: 6px': 'the handle’s grip line, on the same time axis',
  'src/renderer/components/components.css:padding-right: 32px':
    'room for the select’s arrow, a background image placed on the right (background-position is physical)',
};

const PHYSICAL =
  /^\s*((?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?|left|right|text-align:\s*(?:left|right)|float:\s*(?:left|right))\s*:?[^;]*;/;

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return cssFiles(full);
    return name.endsWith('.css') ? [full] : [];
  });
}

describe('the style sheets', () => {
  it('use logical properties, physical ones only on a physical axis', () => {
    const found: string[] = [];
    for (const file of cssFiles(join(root, 'src/renderer'))) {
      const rel = file.slice(root.length + 1);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!PHYSICAL.test(line)) continue;
        const declaration = line.trim().replace(/;$/, '');
        if (!PHYSICAL_ON_PURPOSE[`${rel}:${declaration}`]) found.push(`${rel}: ${declaration}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('recognises a physical declaration', () => {
    for (const line of [
      '  margin-left: 4px;',
      '  right: 0;',
      '  text-align: right;',
      '  border-right-color: red;',
    ])
      expect(PHYSICAL.test(line), line).toBe(true);
    for (const line of [
      '  margin-inline-start: 4px;',
      '  inset-inline-end: 0;',
      '  text-align: start;',
    ])
      expect(PHYSICAL.test(line), line).toBe(false);
  });
});
