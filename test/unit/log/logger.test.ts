import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  logger,
  openLog,
  readRecentLogLines,
  resolveLogLevel,
  setLogLevel,
  type OpenedLog,
} from '../../../src/main/services/log';
import { spawnTs } from '../../integration/jobs/fixtures/spawn';

let dir: string;
let opened: OpenedLog | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-log-'));
});
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function records(name: string): Promise<Record<string, unknown>[]> {
  const files = (await readdir(dir)).filter((f) => f.startsWith(`${name}.`)).sort();
  const text = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('log levels', () => {
  it('CADENZA_LOG_LEVEL chooses the level; --verbose means at least debug', () => {
    expect(resolveLogLevel({})).toBe('info');
    expect(resolveLogLevel({ CADENZA_LOG_LEVEL: 'WARN' })).toBe('warn');
    expect(resolveLogLevel({ CADENZA_LOG_LEVEL: 'loud' })).toBe('info');
    expect(resolveLogLevel({}, true)).toBe('debug');
    expect(resolveLogLevel({ CADENZA_LOG_LEVEL: 'error' }, true)).toBe('debug');
    expect(resolveLogLevel({ CADENZA_LOG_LEVEL: 'trace' }, true)).toBe('trace');
  });

  it('writes only lines at or above the level, with the component, to <name>.1.log', async () => {
    const early = logger('early'); // taken before the log opened, like a module-level logger
    opened = await openLog({ dir, name: 'main', level: 'warn' });
    const log = logger('test');
    log.debug('debug line');
    log.info('info line');
    log.warn('warn line', { jobId: 'job-1' });
    early.error('error line', new Error('boom'));
    setLogLevel('debug');
    log.debug('debug after raising');
    opened.flush();

    expect(await readdir(dir)).toEqual(['main.1.log']);
    const lines = await records('main');
    expect(lines.map((l) => l.msg)).toEqual(['warn line', 'error line', 'debug after raising']);
    expect(lines[0]).toMatchObject({ level: 40, component: 'test', jobId: 'job-1' });
    expect(lines[1]).toMatchObject({ level: 50, component: 'early' });
    expect((lines[1]?.err as { message: string }).message).toBe('boom');
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('keeps lines logged while the file opens', async () => {
    const pending = openLog({ dir, name: 'main', level: 'info' });
    logger('test').info('logged before the file was open');
    opened = await pending;
    opened.flush();
    expect((await records('main')).map((l) => l.msg)).toContain('logged before the file was open');
  });
});

describe('rotation', () => {
  it('rolls to a new numbered file at the size limit and keeps a bounded number', async () => {
    opened = await openLog({ dir, name: 'main', level: 'info', maxBytes: 1024, keepFiles: 2 });
    const log = logger('test');
    for (let i = 0; i < 200; i++) {
      log.info(`line ${i} ${'x'.repeat(40)}`);
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    await new Promise((r) => setTimeout(r, 50));
    const files = (await readdir(dir)).sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.length).toBeLessThanOrEqual(3); // the current file + 2 kept
    expect(files.every((f) => /^main\.\d+\.log$/.test(f))).toBe(true);
    // the newest lines are in the newest file, readable by diagnostics
    const [recent] = await readRecentLogLines(dir, { names: ['main'], maxLines: 3 });
    expect(recent?.lines.at(-1)).toContain('line 199');
  });

  it('the app and the CLI, running at once, each rotate only their own files', async () => {
    const fixture = resolve(__dirname, 'fixtures/write-log.ts');
    const env = { LOG_DIR: dir, LOG_MAX_BYTES: '2048', LOG_LINES: '150' };
    const children = (['main', 'cli'] as const).map((name) =>
      spawnTs(fixture, { ...env, LOG_NAME: name }),
    );
    const done = await Promise.all(children.map((c) => c.waitEvent('done', 30_000)));
    await Promise.all(children.map((c) => c.exited));
    const pidOf = Object.fromEntries(done.map((d) => [d.name, d.pid]));

    const files = await readdir(dir);
    const mainFiles = files.filter((f) => f.startsWith('main.'));
    const cliFiles = files.filter((f) => f.startsWith('cli.'));
    expect(mainFiles.length).toBeGreaterThan(1); // both rotated...
    expect(cliFiles.length).toBeGreaterThan(1);
    expect(mainFiles.length + cliFiles.length).toBe(files.length);
    for (const [name, list] of [
      ['main', mainFiles],
      ['cli', cliFiles],
    ] as const) {
      // ...and every file holds the lines of one process only
      for (const f of list) {
        const lines = (await readFile(join(dir, f), 'utf8')).split('\n').filter(Boolean);
        for (const l of lines)
          expect(JSON.parse(l)).toMatchObject({ pid: pidOf[name], writer: name });
      }
    }
    const all = await records('main');
    expect(all.map((l) => l.i)).toContain(149);
  }, 40_000);
});
