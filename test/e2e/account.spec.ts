import { test, expect, openAccount, VALID_KEY } from './fixtures';

test('a saved key shows only its last 4 characters and the entitlements from the service', async ({ page, emulator }) => {
  emulator.setCounter('key_music_counts', 37);
  emulator.setCounter('key_words_counts', 12000);
  await openAccount(page);
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  const entitlements = page.getByRole('region', { name: 'Entitlements' });
  await expect(entitlements).toContainText('37');
  await expect(page.locator('body')).not.toContainText(VALID_KEY);
});
