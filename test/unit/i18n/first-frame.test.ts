/**
 * The first frame's words: the window's frame (the components the renderer entry imports
 * statically) renders before the panels' catalogs arrive, so every key those components use must
 * be in a namespace the first frame loads (FIRST_FRAME_NAMESPACES); the panels' namespaces come
 * with the panels (and right after the first frame). Stores and helpers (.ts) translate when an
 * action runs — a panel's action, after its catalogs are in — so they are not held to this.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_NAMESPACES, NAMESPACES } from '../../../src/shared/i18n/namespaces';
import { entryGraph, root } from '../../support/renderer-graph';

const stripComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** namespace → a component of the first frame that uses it */
function namespacesOfFirstFrame(): Map<string, string> {
  const used = new Map<string, string>();
  const re = new RegExp(`['"\`](${NAMESPACES.join('|')}):[A-Za-z0-9_.-]+['"\`]`, 'g');
  for (const file of entryGraph().modules) {
    if (!file.endsWith('.tsx')) continue;
    for (const m of stripComments(readFileSync(file, 'utf8')).matchAll(re))
      used.set(m[1]!, file.slice(root.length + 1));
  }
  return used;
}

describe('the first frame', () => {
  it('uses keys only from the namespaces it loads before rendering', () => {
    const outside = [...namespacesOfFirstFrame()]
      .filter(([ns]) => !(FIRST_FRAME_NAMESPACES as readonly string[]).includes(ns))
      .map(([ns, file]) => `${ns} (${file})`);
    expect(outside).toEqual([]);
  });

  it('leaves most namespaces to the panels', () => {
    expect(FIRST_FRAME_NAMESPACES.length).toBeLessThan(NAMESPACES.length / 2);
  });
});
