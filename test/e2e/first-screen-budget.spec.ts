/**
 * The first screen's size, read from the build: the entry script and the chunks index.html preloads
 * stay within 300 KB (300,000 bytes); the i18n runtime, fetched in parallel before the first render,
 * carries no catalog; each language's catalogs, English included, are one chunk per namespace, so
 * the first frame waits only for the window frame's namespaces (FIRST_FRAME_NAMESPACES).
 * Figures are printed for docs/performance.md.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, REPO_ROOT } from './fixtures';
import { FIRST_FRAME_NAMESPACES, NAMESPACES } from '../../src/shared/i18n/namespaces';

const BUDGET_BYTES = 300_000;
const RENDERER = join(REPO_ROOT, 'out/renderer');

async function sizeOf(relative: string): Promise<number> {
  return (await stat(join(RENDERER, relative))).size;
}

test('the first-screen script stays within its 300 KB budget and carries no catalog', async () => {
  const html = await readFile(join(RENDERER, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.some((s) => /assets\/index-/.test(s))).toBe(true);
  const sizes = await Promise.all(scripts.map(sizeOf));
  const firstScreen = sizes.reduce((a, b) => a + b, 0);

  const assets = await readdir(join(RENDERER, 'assets'));
  const runtime = assets.find((a) => /^runtime-.*\.js$/.test(a));
  expect(runtime, 'the i18n runtime chunk').toBeDefined();
  const runtimeText = await readFile(join(RENDERER, 'assets', runtime!), 'utf8');
  // words only a catalog has (the shell's and a panel's), in no script of the first screen
  const english = JSON.parse(
    await readFile(join(REPO_ROOT, 'src/shared/i18n/locales/en/shell.json'), 'utf8'),
  ) as { skipToContent: string };
  for (const file of [...scripts.map((s) => join(RENDERER, s)), join(RENDERER, 'assets', runtime!)])
    expect(await readFile(file, 'utf8'), file).not.toContain(english.skipToContent);

  // one chunk per language and namespace: English's first-frame namespaces are what it waits for
  const catalogChunk = (ns: string) => assets.filter((a) => new RegExp(`^${ns}-.*\\.js$`).test(a));
  let firstFrameCatalogs = 0; // English's, as its chunks hold them (minified JSON)
  for (const ns of FIRST_FRAME_NAMESPACES) {
    expect(catalogChunk(ns).length, `${ns}: a chunk per language`).toBeGreaterThanOrEqual(8);
    const catalog = await readFile(
      join(REPO_ROOT, `src/shared/i18n/locales/en/${ns}.json`),
      'utf8',
    );
    firstFrameCatalogs += Buffer.byteLength(JSON.stringify(JSON.parse(catalog)));
  }
  const runtimeBytes = await sizeOf(join('assets', runtime!));
  console.log(
    `first-screen script ${firstScreen} B (budget ${BUDGET_BYTES} B, ${scripts.length} files); ` +
      `i18n runtime ${runtimeBytes} B; English first-frame catalogs ~${firstFrameCatalogs} B ` +
      `(${FIRST_FRAME_NAMESPACES.length} of ${NAMESPACES.length} namespaces)`,
  );
  expect(firstScreen).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(runtimeText.length).toBeLessThan(120_000);
});
