/**
 * The application menu as the running app installs it (src/main/shell/menu.ts is unit-tested as a
 * function; this proves main sets it instead of leaving Electron's default, whose View menu has
 * Reload and Toggle Developer Tools in every build). The installed-build run uses the double's
 * `isPackaged`; real Electron under Playwright is never packaged, so there only the first part runs.
 */
import { test, expect } from './fixtures';
import type { MenuEntry } from './launch';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;
const DEVELOPER_ROLES = ['reload', 'forcereload', 'toggledevtools'];

const nameOf = (e: MenuEntry): string => (e.label ?? e.role ?? '').toLowerCase();
const flatten = (items: MenuEntry[]): MenuEntry[] =>
  items.flatMap((i) => [i, ...flatten(i.submenu ?? [])]);
const roles = (items: MenuEntry[]): string[] =>
  flatten(items).flatMap((i) => (i.role ? [i.role.toLowerCase()] : []));

function expectCadenzaMenu(menu: MenuEntry[] | null): MenuEntry[] {
  expect(menu, 'main sets its own application menu').not.toBeNull();
  const top = menu!.map(nameOf);
  const expected = ['file', 'edit', 'view', 'window', 'help'];
  expect(process.platform === 'darwin' ? top.slice(1) : top).toEqual(expected);
  const help = menu!.find((m) => nameOf(m) === 'help');
  expect((help?.submenu ?? []).map((i) => i.label)).toEqual(
    expect.arrayContaining(['Open logs folder', 'Copy diagnostic report']),
  );
  return menu!;
}

test('the app installs its own menu; an installed build has no reload or developer tools', async ({
  app,
}) => {
  // a development run keeps the developer items (the menu is Cadenza's, not Electron's default)
  const dev = expectCadenzaMenu(await app.applicationMenu());
  expect(roles(dev)).toEqual(expect.arrayContaining(DEVELOPER_ROLES));
  test.skip(useRealElectron, 'Playwright launches real Electron unpackaged only');

  await app.restart({ packaged: true });
  const installed = expectCadenzaMenu(await app.applicationMenu());
  for (const role of DEVELOPER_ROLES) expect(roles(installed)).not.toContain(role);
  expect(flatten(installed).map((i) => i.label ?? '')).not.toEqual(
    expect.arrayContaining([expect.stringMatching(/reload|developer tools/i)]),
  );
  await expect(app.page.locator('html[data-app-ready="true"]')).toBeAttached();
});

test('File › Settings (Cadenza › Settings… on macOS) shows the Settings panel', async ({ app }) => {
  const mac = process.platform === 'darwin';
  await expect(app.page.getByRole('heading', { name: 'Settings', level: 1 })).toHaveCount(0);
  await app.clickMenuItem(mac ? ['Cadenza', 'Settings…'] : ['File', 'Settings']);
  await expect(app.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
