/**
 * Every panel in every language (the eight, and the pseudo-RTL mode) at 1280×800 and 900×600:
 * the page says its language and direction, each panel's heading shows inside the window, nothing
 * pushes the window into a sideways scroll, and at 900×600 (where long words crowd) axe finds
 * nothing. Render-only: one launch per language, a key set, no generation. Time budget: 15 minutes
 * for the file on CI's 2 cores (12 measured at load ~10; each test prints its time; axe is most of it).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { chooseAppLanguage, setKey } from './app-helpers';
import { LANGUAGES } from '../../src/shared/i18n/languages';

const SIZES = [
  [1280, 800],
  [900, 600],
] as const;
/** The sidebar's panels in order: Ctrl+1..8 open them in any language. */
const PANEL_COUNT = 8;

for (const lang of [...LANGUAGES, 'ar-XB'] as const) {
  test(`every panel in ${lang} at 1280×800 and 900×600: heading shown, no sideways scroll, axe finds nothing`, async ({
    app,
  }) => {
    test.setTimeout(240_000);
    const started = Date.now();
    await setKey(app.page);
    const page = await chooseAppLanguage(app, lang);
    const problems: string[] = [];
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      for (let n = 1; n <= PANEL_COUNT; n++) {
        await page.keyboard.press(`Control+${n}`);
        const heading = page.locator('#main-content h1');
        await expect(heading).toBeVisible();
        const where = `${lang} ${width}×${height} panel ${n} (${await heading.innerText()})`;
        const box = await heading.boundingBox();
        if (!box || box.x < 0 || box.x + box.width > width + 1)
          problems.push(`${where}: heading outside the window`);
        const overflow = await page.evaluate(() => {
          // page-side code (DOM types are not in this tsconfig)
          const root = (
            globalThis as unknown as {
              document: { documentElement: { scrollWidth: number; clientWidth: number } };
            }
          ).document.documentElement;
          return root.scrollWidth - root.clientWidth;
        });
        if (overflow > 1) problems.push(`${where}: the window scrolls sideways by ${overflow}px`);
        // axe at the narrow size, where long words crowd each other (both themes and the rest of
        // the states: panels-axe.spec.ts, in English)
        if (width !== 900) continue;
        const axeStarted = Date.now();
        const { violations } = await new AxeBuilder({ page }).analyze();
        if (process.env.CADENZA_E2E_VERBOSE)
          console.log(`${where}: axe ${Date.now() - axeStarted} ms`);
        for (const v of violations)
          problems.push(`${where}: ${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`);
      }
    }
    console.log(`${lang}: ${PANEL_COUNT * SIZES.length} renders in ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
  });
}
