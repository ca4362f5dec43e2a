import { describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../src/main/services/paths';

describe('resolvePaths', () => {
  it('uses the platform app-data folder on Linux, honouring XDG_CONFIG_HOME', () => {
    expect(resolvePaths({ env: {}, platform: 'linux', homeDir: '/home/ana' })).toEqual({
      dataDir: '/home/ana/.config/Cadenza',
      libraryDir: '/home/ana/Music/Cadenza',
    });
    expect(
      resolvePaths({ env: { XDG_CONFIG_HOME: '/cfg' }, platform: 'linux', homeDir: '/home/ana' })
        .dataDir,
    ).toBe('/cfg/Cadenza');
  });

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(resolvePaths({ env: {}, platform: 'darwin', homeDir: '/Users/ana' }).dataDir).toBe(
      '/Users/ana/Library/Application Support/Cadenza',
    );
    const win = resolvePaths({
      env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
      platform: 'win32',
      homeDir: 'C:\\Users\\ana',
    });
    expect(win.dataDir).toBe('C:\\Users\\ana\\AppData\\Roaming\\Cadenza');
    expect(win.libraryDir).toBe('C:\\Users\\ana\\Music\\Cadenza');
  });

  it('prefers the shell’s userData and music folders when given', () => {
    expect(
      resolvePaths({
        env: {},
        userDataDir: '/ud/Cadenza',
        musicDir: '/m',
        platform: 'linux',
        homeDir: '/h',
      }),
    ).toEqual({
      dataDir: '/ud/Cadenza',
      libraryDir: '/m/Cadenza',
    });
  });

  it('lets CADENZA_HOME and CADENZA_LIBRARY override everything', () => {
    const env = { CADENZA_HOME: '/tmp/ch', CADENZA_LIBRARY: '/tmp/lib' };
    expect(
      resolvePaths({ env, userDataDir: '/ud', musicDir: '/m', platform: 'linux', homeDir: '/h' }),
    ).toEqual({
      dataDir: '/tmp/ch',
      libraryDir: '/tmp/lib',
    });
  });
});
