/**
 * States that tell the truth (docs/writing.md): every action that spends is gated before the
 * click with its reason and the fix, by keyboard alone; the pill follows the service; failures say
 * "may have been charged" only when the request was sent. axe runs in each state.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, VALID_KEY } from './fixtures';

/** Presses Tab until `target` has focus (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    // page-side code: DOM types are not in this tsconfig
    const focused = await target.evaluate(
      (el) =>
        (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === el,
    );
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the control with Tab');
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const pill = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

test.setTimeout(90_000);

test('a creator goes from no key to a first song, every gate shown and cleared by keyboard alone', async ({
  page,
  emulator,
}) => {
  // Songs (Ctrl+2): gated, with the reason and the fix
  await page.keyboard.press('Control+2');
  await expect(page.getByRole('heading', { name: 'Songs', level: 1 })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Add your API key to start creating.');
  await expect(pill(page, 'No key')).toBeVisible();
  await expectNoAxeViolations(page);

  // the fix lands on the key field
  const openAccount = page.getByRole('button', { name: 'Open Account' });
  await tabTo(page, openAccount);
  await page.keyboard.press('Enter');
  const keyField = page.getByLabel('API key', { exact: true });
  await expect(keyField).toBeFocused();

  // a wrong key: not saved, and said so
  await page.keyboard.type('e2e-wrong-key-9999');
  await page.keyboard.press('Enter');
  await expect(keyField).toHaveAccessibleDescription(/wasn't saved/);
  await expect(page.getByText(/Key saved/)).toHaveCount(0);
  await expect(pill(page, 'No key')).toBeVisible();
  await expectNoAxeViolations(page);

  // the right key
  await expect(keyField).toBeFocused();
  await page.keyboard.type(VALID_KEY);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'The service accepted it.' }),
  ).toBeVisible();
  await expect(pill(page, 'Key set')).toBeVisible();

  // back to Songs: nothing in the way; a first song by keyboard
  await page.keyboard.press('Control+2');
  await expect(create).toBeEnabled();
  await expect(page.locator('.gate')).toHaveCount(0);
  await tabTo(page, page.getByLabel('Song description'));
  await page.keyboard.type('first light, acoustic guitar');
  await page.keyboard.press('Control+Enter');
  const card = page.getByRole('listitem', { name: /Song:/ }).first();
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(
    1,
  );
});

test('offline: gated with Retry connection and the pill says so; back online it clears by itself', async ({
  page,
  emulator,
}) => {
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(pill(page, 'Key set')).toBeVisible();

  await emulator.goOffline();
  await page.context().setOffline(true); // the OS says so: the app re-checks by itself
  await expect(pill(page, 'Offline')).toBeVisible();
  await page.keyboard.press('Control+4');
  const make = page.getByRole('button', { name: 'Make cover' });
  await expect(make).toBeDisabled();
  await expect(make).toHaveAccessibleDescription("Cadenza can't reach the service right now.");
  await expect(page.getByRole('button', { name: 'Retry connection' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await emulator.goOnline();
  await page.context().setOffline(false);
  await expect(pill(page, 'Key set')).toBeVisible();
  await expect(page.getByText("Cadenza can't reach the service right now.")).toHaveCount(0);
});

test('0 covers: Make cover is gated with the way to Account', async ({ page, emulator }) => {
  emulator.setCounter('key_cover_counts', 0);
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(pill(page, 'Key set')).toBeVisible();
  await page.keyboard.press('Control+4');
  const make = page.getByRole('button', { name: 'Make cover' });
  await expect(make).toBeDisabled();
  await expect(make).toHaveAccessibleDescription('No covers left on your key.');
  await expectNoAxeViolations(page);
});

test('a sent request that failed may have been charged; a refused connection was not', async ({
  page,
  emulator,
}) => {
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(pill(page, 'Key set')).toBeVisible();
  await page.keyboard.press('Control+2');

  // the connection breaks after the request went out
  emulator.inject({ path: '/v2/submit', kind: 'reset' });
  await page.getByLabel('Song description').fill('cut mid-air');
  await page.getByLabel('Song description').press('Control+Enter');
  const sent = page.getByRole('listitem', { name: 'Song: cut mid-air' });
  await expect(sent).toContainText('may have been charged', { timeout: 20_000 });
  await expect(sent).not.toContainText(/ECONN|\/v2\//);
  await expect(sent.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await expectNoAxeViolations(page);

  // the service is gone before anything is sent: nothing can have been charged, and the network
  // works, so the words name the host that does not answer instead of the internet connection
  await emulator.goOffline();
  await page.getByLabel('Song description').fill('never left');
  await page.getByLabel('Song description').press('Control+Enter');
  const refused = page.getByText(/The service at 127\.0\.0\.1:\d+ isn't answering/).last();
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem', { name: 'Song: never left' })).not.toContainText(
    'charged',
  );
  await emulator.goOnline();
});
