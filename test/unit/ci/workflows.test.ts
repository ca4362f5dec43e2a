/**
 * The GitHub Actions workflows (.github/workflows) run only where the repository is hosted, so what
 * can be checked here is checked here: each file against the workflow schema (@action-validator/core,
 * the validator of `action-validator`), and the rules they keep — actions pinned to a full commit,
 * explicit least-privilege permissions, no pull_request_target, a concurrency group, the renderer
 * sandbox never turned off, secrets only ever in a step's environment and never written to the log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const { validateWorkflow } = require('@action-validator/core') as {
  validateWorkflow(src: string): { errors: unknown[] };
};

const root = resolve(__dirname, '../../..');
const workflowsDir = join(root, '.github/workflows');
const workflowFiles = readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f));

type Dict = Record<string, unknown>;
interface Step extends Dict {
  name?: string;
  uses?: string;
  run?: string;
  with?: Dict;
  env?: Dict;
  if?: string;
}
interface Job extends Dict {
  'runs-on'?: unknown;
  permissions?: unknown;
  steps?: Step[];
  env?: Dict;
  'timeout-minutes'?: number;
  strategy?: { matrix?: { include?: Dict[] } };
  container?: unknown;
}
interface Workflow extends Dict {
  on: Dict;
  permissions?: unknown;
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  jobs: Record<string, Job>;
}

const text = (file: string): string => readFileSync(join(workflowsDir, file), 'utf8');
const load = (file: string): Workflow => yaml.load(text(file)) as Workflow;
const steps = (wf: Workflow): [string, Step][] =>
  Object.entries(wf.jobs).flatMap(([id, job]) =>
    (job.steps ?? []).map((s) => [id, s] as [string, Step]),
  );

/** Jobs allowed more than read access, and exactly what they get. */
const WRITE_GRANTS: Record<string, Record<string, string>> = {
  'release.yml/publish': { contents: 'write' },
};

describe('the workflow files', () => {
  it('are there: CI and release', () => {
    expect(workflowFiles.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(workflowFiles)('%s is valid against the workflow schema', (file) => {
    expect(validateWorkflow(text(file)).errors).toEqual([]);
  });

  it('the schema check rejects a broken workflow (a misspelt key, an unknown trigger)', () => {
    const broken = 'on: pushh\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    stepz: []\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it.each(workflowFiles)(
    '%s pins every action to a full commit, with its release in a comment',
    (file) => {
      const uses = text(file)
        .split('\n')
        .filter((l) => /^\s*(-\s+)?uses:/.test(l));
      expect(uses.length).toBeGreaterThan(0);
      for (const line of uses)
        expect(line).toMatch(/uses:\s+[\w.-]+\/[\w./-]+@[0-9a-f]{40}\s+#\s+v\d+\.\d+\.\d+\s*$/);
    },
  );

  it.each(workflowFiles)(
    '%s sets read-only permissions at the top; only allowed jobs write',
    (file) => {
      const wf = load(file);
      expect(wf.permissions).toEqual({ contents: 'read' });
      for (const [id, job] of Object.entries(wf.jobs)) {
        const granted = job.permissions;
        if (granted === undefined) continue;
        expect(typeof granted, `${file}/${id}`).toBe('object');
        const writes = Object.fromEntries(
          Object.entries(granted as Dict).filter(([, v]) => v !== 'read' && v !== 'none'),
        );
        expect(writes, `${file}/${id}`).toEqual(WRITE_GRANTS[`${file}/${id}`] ?? {});
      }
      expect(text(file)).not.toMatch(/write-all|read-all/);
    },
  );

  it.each(workflowFiles)('%s never runs on pull_request_target or workflow_run', (file) => {
    const wf = load(file);
    expect(Object.keys(wf.on)).not.toContain('pull_request_target');
    expect(Object.keys(wf.on)).not.toContain('workflow_run');
    expect(text(file)).not.toContain('pull_request_target:');
  });

  it.each(workflowFiles)('%s has a concurrency group per branch, tag or pull request', (file) => {
    const group = load(file).concurrency?.group ?? '';
    expect(group).toMatch(/github\.ref|pull_request\.number/);
  });

  it.each(workflowFiles)(
    '%s: every job has a time limit; checkouts keep no credentials',
    (file) => {
      const wf = load(file);
      for (const [id, job] of Object.entries(wf.jobs))
        expect(job['timeout-minutes'], `${file}/${id}`).toBeGreaterThan(0);
      for (const [id, step] of steps(wf))
        if (step.uses?.startsWith('actions/checkout@'))
          expect(step.with?.['persist-credentials'], `${file}/${id}`).toBe(false);
    },
  );

  it('never turns the renderer sandbox off (no --no-sandbox in CI files, specs or their launchers)', () => {
    const files = [
      ...workflowFiles.map((f) => join(workflowsDir, f)),
      ...readdirSync(join(root, '.github/scripts')).map((f) => join(root, '.github/scripts', f)),
      join(root, 'test/e2e/electron-runtime.spec.ts'),
      join(root, 'test/e2e/launch.ts'),
      join(root, 'test/packaged/smoke.spec.ts'),
      join(root, 'playwright.packaged.config.ts'),
    ];
    for (const f of files) {
      const t = readFileSync(f, 'utf8');
      expect(t, f).not.toMatch(
        /-{2}no-sandbox|noSandbox|ELECTRON_DISABLE_SANDBOX|chromiumSandbox:\s*false/,
      );
    }
  });
});

describe('secrets in the workflows', () => {
  /** Environment variables of a step that carry a secret (`${{ secrets.X }}` in their value). */
  function secretVars(...envs: (Dict | undefined)[]): string[] {
    return envs.flatMap((env) =>
      Object.entries(env ?? {})
        .filter(([, v]) => typeof v === 'string' && /secrets\.|github\.token/.test(v))
        .map(([k]) => k),
    );
  }

  it.each(workflowFiles)('%s passes secrets only through a step’s environment', (file) => {
    const wf = load(file);
    for (const [id, job] of Object.entries(wf.jobs)) {
      expect(secretVars(job.env), `${file}/${id} job env`).toEqual([]);
      for (const step of job.steps ?? []) {
        expect(step.run ?? '', `${file}/${id}: ${step.name}`).not.toMatch(
          /secrets\.|github\.token/,
        );
        expect(JSON.stringify(step.with ?? {}), `${file}/${id}: ${step.name}`).not.toMatch(
          /secrets\./,
        );
      }
    }
  });

  it.each(workflowFiles)(
    '%s never writes a secret to the log, an output or the summary',
    (file) => {
      const wf = load(file);
      let checked = 0;
      for (const [id, step] of steps(wf)) {
        const names = secretVars(step.env);
        if (!names.length || !step.run) continue;
        checked++;
        const where = `${file}/${id}: ${step.name}`;
        expect(step.run, where).not.toMatch(/set -x|set -o xtrace|Set-PSDebug/);
        for (const line of step.run.split('\n')) {
          const mentions = names.filter((n) => new RegExp(`\\$\\{?${n}\\b`).test(line));
          if (!mentions.length) continue;
          if (/\b(echo|printf|cat|Write-Output|Write-Host)\b/.test(line)) {
            // only into a file of its own: never stdout, GITHUB_OUTPUT/ENV or the step summary
            expect(line, where).toMatch(/>\s*"\$RUNNER_TEMP\//);
            expect(line, where).not.toMatch(/GITHUB_(OUTPUT|ENV|STEP_SUMMARY)/);
          }
        }
      }
      if (file === 'release.yml') expect(checked).toBeGreaterThan(0);
    },
  );

  it('the secret check catches a step that echoes one', () => {
    const leaky: Workflow = yaml.load(
      [
        'on: push',
        'permissions: { contents: read }',
        'jobs:',
        '  a:',
        '    runs-on: ubuntu-24.04',
        '    steps:',
        '      - env: { TOKEN: "${{ secrets.TOKEN }}" }',
        '        run: echo "token is $TOKEN"',
      ].join('\n'),
    ) as Workflow;
    const [, step] = steps(leaky)[0]!;
    const line = step.run!;
    expect(/\b(echo|printf)\b/.test(line) && /\$\{?TOKEN\b/.test(line)).toBe(true);
    expect(line).not.toMatch(/>\s*"\$RUNNER_TEMP\//);
  });
});

describe('what the workflows run', () => {
  it('CI: .ci/run in a Debian container on push and pull_request', () => {
    const wf = load('ci.yml');
    expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push']);
    const debian = wf.jobs.debian!;
    expect((debian.container as { image?: string }).image).toMatch(/^debian:/);
    expect(debian.steps?.some((s) => s.run === 'bash .ci/run')).toBe(true);
  });

  it('CI: real Electron on Linux, Windows and macOS, sandboxed, keytar rebuilt, Xvfb on Linux', () => {
    const job = load('ci.yml').jobs.electron!;
    const oses = (job.strategy?.matrix?.include ?? []).map((m) => String(m.os));
    expect(oses.map((o) => o.split('-')[0]).sort()).toEqual(['macos', 'ubuntu', 'windows']);
    const runs = (job.steps ?? []).map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('node node_modules/electron/install.js');
    expect(runs).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(runs).toMatch(/electron-rebuild .*--only keytar/);
    expect(runs).toMatch(/chmod 4755 "\$ELECTRON_OVERRIDE_DIST_PATH\/chrome-sandbox"/);
    expect(runs).toContain('xvfb-run');
    expect(runs).toContain('test/e2e/electron-runtime.spec.ts');
    expect((job.steps ?? []).some((s) => s.uses?.startsWith('actions/cache@'))).toBe(true);
  });

  it('release: on version tags, three systems, every signing step skips in one line, smoke tests', () => {
    const wf = load('release.yml');
    expect(wf.on.push).toEqual({ tags: ['v*.*.*'] });
    const build = wf.jobs.build!;
    expect((build.strategy?.matrix?.include ?? []).map((m) => m.target)).toEqual([
      '--win',
      '--mac',
      '--linux',
    ]);
    const all = build.steps ?? [];
    const skipLines = all
      .flatMap((s) => (s.run ?? '').split('\n'))
      .filter((l) => /echo "skipped: /.test(l));
    // the update address, Windows signing, notarization, macOS signing, the signature checks
    expect(skipLines.length).toBeGreaterThanOrEqual(5);
    const smoke = all.filter((s) => /^Smoke test \(/.test(s.name ?? '')).map((s) => s.name);
    expect(smoke).toEqual([
      'Smoke test (Windows, installed by the NSIS installer)',
      'Smoke test (macOS, the app from the dmg)',
      'Smoke test (Linux, the AppImage extracted and run, without FUSE)',
      'Smoke test (Linux, installed from the deb)',
    ]);
    const publish = wf.jobs.publish!;
    const publishRuns = (publish.steps ?? []).map((s) => s.run ?? '').join('\n');
    // channel files last: the installers, then latest*.yml
    expect(publishRuns.indexOf('dist/!(latest*.yml)')).toBeLessThan(
      publishRuns.indexOf('dist/latest*.yml'),
    );
  });

  it('Dependabot keeps the pinned actions current', () => {
    const config = yaml.load(readFileSync(join(root, '.github/dependabot.yml'), 'utf8')) as {
      version: number;
      updates: { 'package-ecosystem': string; directory: string }[];
    };
    expect(config.version).toBe(2);
    expect(config.updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ 'package-ecosystem': 'github-actions', directory: '/' }),
      ]),
    );
  });
});
