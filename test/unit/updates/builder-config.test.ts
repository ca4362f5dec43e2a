/**
 * The packaging configuration, checked without packaging (that needs the Electron runtime and
 * tools downloaded at build time): electron-builder's own schema validation, the fuses of release
 * and test builds, and the signing/notarizing hooks skipping with a log line when no secret is set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { artifactNames } from '../../emulator/routes/updates';

const require = createRequire(import.meta.url);
const root = resolve(__dirname, '../../..');

interface Config {
  appId: string;
  asar: boolean;
  asarUnpack: string[];
  publish: { provider: string; url: string }[];
  fileAssociations: { ext: string; rank: string }[];
  win: { target: { target: string }[] };
  mac: { target: { target: string }[]; hardenedRuntime: boolean };
  linux: { target: string[] };
  nsis: { artifactName: string; differentialPackage: boolean };
  appImage: { artifactName: string };
  deb: { artifactName: string };
  afterPack: string;
  afterSign: string;
}

function loadConfig(env: Record<string, string | undefined>): Config {
  const path = require.resolve(`${root}/electron-builder.config.cjs`);
  delete require.cache[path];
  delete require.cache[require.resolve(`${root}/build/build-kind.cjs`)];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    return require(path) as Config;
  } finally {
    process.env = saved;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('electron-builder configuration', () => {
  it('passes electron-builder’s schema validation', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(c: unknown, l: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (on: boolean) => unknown;
    };
    const config = loadConfig({ CADENZA_UPDATE_URL: 'https://updates.example.org/cadenza/' });
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, nsis: { notAnOption: true } }, new DebugLogger(false)),
    ).rejects.toThrow(/Invalid configuration/);
    // loading app-builder-lib's validator takes seconds on a loaded machine
  }, 30_000);

  it('targets NSIS, dmg+zip, AppImage and deb, publishes to the generic server and unpacks keytar', () => {
    const config = loadConfig({ CADENZA_UPDATE_URL: 'https://updates.example.org/cadenza/' });
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.publish).toEqual([
      { provider: 'generic', url: 'https://updates.example.org/cadenza/', channel: 'latest' },
    ]);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/node_modules/keytar/**/*']);
    expect(config.nsis.differentialPackage).toBe(true);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.fileAssociations.map((a) => a.ext)).toEqual([
      'mp3',
      'wav',
      'flac',
      'm4a',
      'ogg',
      'aac',
    ]);
    expect(config.fileAssociations.every((a) => a.rank === 'Alternate')).toBe(true);
  });

  it('signs Windows files through the cloud signing service when its account and identity are set', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const azure = {
      AZURE_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net/',
      AZURE_SIGNING_ACCOUNT: 'cadenza',
      AZURE_SIGNING_PROFILE: 'public-trust',
      AZURE_SIGNING_PUBLISHER: 'Cadenza Ltd',
      AZURE_TENANT_ID: 'tenant',
      AZURE_CLIENT_ID: 'client',
      AZURE_CLIENT_SECRET: 'client-secret',
    };
    type Win = { azureSignOptions?: Record<string, string>; signtoolOptions?: { sign: string } };
    const signed = loadConfig(azure) as unknown as Config & { win: Win };
    expect(signed.win.azureSignOptions).toEqual({
      publisherName: 'Cadenza Ltd',
      endpoint: 'https://weu.codesigning.azure.net/',
      codeSigningAccountName: 'cadenza',
      certificateProfileName: 'public-trust',
    });
    expect(signed.win.signtoolOptions).toBeUndefined();
    // the identity stays in the environment, for the service's module: never in the configuration
    expect(JSON.stringify(signed)).not.toContain('client-secret');
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(c: unknown, l: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (on: boolean) => unknown;
    };
    await expect(validateConfiguration(signed, new DebugLogger(false))).resolves.toBeUndefined();
    // one of them missing: the certificate hook, which skips with a log line without a certificate
    const unsigned = loadConfig({ ...azure, AZURE_CLIENT_SECRET: undefined }) as unknown as {
      win: Win;
    };
    expect(unsigned.win.azureSignOptions).toBeUndefined();
    expect(unsigned.win.signtoolOptions?.sign).toBe('build/sign-windows.cjs');
  }, 30_000);

  it('names artifacts as the emulator feed (and docs/release.md) expect', () => {
    const config = loadConfig({ CADENZA_UPDATE_URL: 'https://updates.example.org/' });
    const expand = (pattern: string, arch: string) =>
      pattern
        .replace('${version}', '1.2.3')
        .replace(
          '${ext}',
          pattern.includes('Setup') ? 'exe' : pattern.startsWith('cadenza_') ? 'deb' : 'AppImage',
        )
        .replace('${arch}', arch);
    expect(expand(config.nsis.artifactName, 'x64')).toBe(artifactNames('1.2.3', 'win')[0]);
    expect(artifactNames('1.2.3', 'linux')).toEqual([
      expand(config.appImage.artifactName, 'x64'),
      expand(config.deb.artifactName, 'amd64'),
    ]);
  });

  it('flips the fuses for releases and keeps the inspector for the test build', () => {
    const { fuseConfig } = require(`${root}/build/after-pack-fuses.cjs`) as {
      fuseConfig(test: boolean): Record<string, unknown>;
    };
    const { FuseV1Options } = require('@electron/fuses') as {
      FuseV1Options: Record<string, number>;
    };
    const release = fuseConfig(false);
    const test = fuseConfig(true);
    const fuse = (cfg: Record<string, unknown>, name: string) => cfg[String(FuseV1Options[name])];
    expect(fuse(release, 'RunAsNode')).toBe(false);
    expect(fuse(release, 'EnableNodeOptionsEnvironmentVariable')).toBe(false);
    expect(fuse(release, 'EnableNodeCliInspectArguments')).toBe(false);
    expect(fuse(release, 'OnlyLoadAppFromAsar')).toBe(true);
    expect(fuse(release, 'EnableEmbeddedAsarIntegrityValidation')).toBe(true);
    expect(fuse(test, 'EnableNodeCliInspectArguments')).toBe(true);
    expect(fuse(test, 'RunAsNode')).toBe(false);
    // the renderer loads from app://cadenza, so file:// keeps no extra privileges in any build
    expect(fuse(release, 'GrantFileProtocolExtraPrivileges')).toBe(false);
    expect(fuse(test, 'GrantFileProtocolExtraPrivileges')).toBe(false);
    expect(release.strictlyRequireAllFuses).toBe(true);
    // every fuse this @electron/fuses knows is set
    for (const name of Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k))))
      expect(typeof fuse(release, name)).toBe('boolean');
  });

  it('the test build goes to dist/test', () => {
    expect(
      (loadConfig({ CADENZA_TEST_BUILD: '1' }) as unknown as { directories: { output: string } })
        .directories.output,
    ).toBe('dist/test');
    expect(
      (
        loadConfig({ CADENZA_TEST_BUILD: undefined, npm_lifecycle_event: 'dist' }) as unknown as {
          directories: { output: string };
        }
      ).directories.output,
    ).toBe('dist');
  });
});

describe('signing and notarizing hooks without secrets', () => {
  it('skip with a clear log line and run nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { notarizeApp } = require(`${root}/build/notarize.cjs`) as {
      notarizeApp(ctx: unknown, env: Record<string, string>): Promise<void>;
    };
    const { signWindows } = require(`${root}/build/sign-windows.cjs`) as {
      signWindows(c: unknown, p: unknown, env: Record<string, string>): Promise<void>;
    };
    await notarizeApp({ electronPlatformName: 'darwin' }, {});
    await notarizeApp({ electronPlatformName: 'darwin' }, { CSC_LINK: '/x.p12' });
    await notarizeApp({ electronPlatformName: 'linux' }, {});
    await signWindows(
      {
        path: 'C:/dist/Cadenza.exe',
        cscInfo: null,
        computeSignToolArgs: () => {
          throw new Error('must not run');
        },
      },
      null,
      {},
    );
    const lines = log.mock.calls.map((c) => String(c[0]));
    expect(lines).toEqual([
      '[notarize] skipped: the app is not signed (no CSC_LINK / CSC_NAME), so it cannot be notarized',
      '[notarize] skipped: set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID',
      '[sign-windows] skipped C:/dist/Cadenza.exe: WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD are not set, the file stays unsigned',
    ]);
  });

  it('pick notarization credentials from the environment only', () => {
    const { credentials } = require(`${root}/build/notarize.cjs`) as {
      credentials(env: Record<string, string>): unknown;
    };
    expect(
      credentials({ APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'ID', APPLE_API_ISSUER: 'ISS' }),
    ).toEqual({ appleApiKey: '/k.p8', appleApiKeyId: 'ID', appleApiIssuer: 'ISS' });
    expect(
      credentials({ APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'T' }),
    ).toEqual({ appleId: 'a@b.c', appleIdPassword: 'pw', teamId: 'T' });
    expect(credentials({ APPLE_ID: 'a@b.c' })).toBeNull();
  });
});

describe('what the package ships', () => {
  const pkg = require(`${root}/package.json`) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  /** Bare module names imported by main's code (src/main and src/shared, which main bundles). */
  function mainImports(): Set<string> {
    const files = readdirSync(resolve(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /^(main|shared)[/\\].*\.tsx?$/.test(f))
      .map((f) => readFileSync(resolve(root, 'src', f), 'utf8'));
    const names = new Set<string>();
    for (const text of files) {
      for (const m of text.matchAll(/(?:from|import\(|require\()\s*'([^'.][^']*)'/g)) {
        const spec = m[1]!;
        const name = spec.startsWith('@')
          ? spec.split('/').slice(0, 2).join('/')
          : spec.split('/')[0]!;
        names.add(name);
      }
    }
    return names;
  }

  it('ships only the libraries main loads: every production dependency is imported by main', () => {
    const imported = mainImports();
    const unused = Object.keys(pkg.dependencies).filter((d) => !imported.has(d));
    expect(unused).toEqual([]);
  });

  it('keeps bundled libraries (renderer, decoders, encoders) out of the production dependencies', () => {
    for (const bundled of [
      'react',
      'howler',
      'music-metadata',
      'ogg-opus-decoder',
      '@breezystack/lamejs',
    ]) {
      expect(pkg.dependencies[bundled], bundled).toBeUndefined();
      expect(pkg.devDependencies[bundled], bundled).toBeDefined();
    }
  });

  it('leaves source maps and the CLI bundle out of the package', () => {
    const files = (loadConfig({}) as unknown as { files: string[] }).files;
    expect(files).toEqual(expect.arrayContaining(['out/**/*', '!out/**/*.map', '!out/cli/**']));
  });
});
