/**
 * Security: text from outside (a title from the service, a name found in the library) cannot act
 * on the terminal. Every CLI line passes one sanitiser; under --json the same characters are
 * spelled as JSON escapes, so the document still parses to the exact values.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../src/cli/command';
import { runCli } from '../../../src/cli/main';
import { terminalSafe } from '../../../src/cli/terminal';
import { silentWav } from '../../support/media-fixtures';

/** What a hostile service put in a title: retitle, clear screen, clipboard write, RLO, NUL… */
const HOSTILE =
  'Night\u001B]0;pwned\u0007 \u001B[2J\u001B]52;c;cm0gLXJmIH4=\u0007 \u202Egpj.exe\u0000' +
  '\u009B31m\u007F\u2066x\u2069\u0085\r';
/** Nothing a terminal acts on may reach it raw. */
// eslint-disable-next-line no-control-regex -- these are what it is about
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

function io(env: NodeJS.ProcessEnv) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  return {
    io: { env, stdin: Readable.from(['']), stdout, stderr },
    output: () => ({ out, err }),
  };
}

describe('terminalSafe', () => {
  it('spells out controls, DEL, C1, bidi controls and NUL, keeping line feeds and tabs', () => {
    expect(terminalSafe('a\u001B[2Jb')).toBe('a\\u001B[2Jb');
    expect(terminalSafe('x\u0000y\u007Fz\u009B')).toBe('x\\u0000y\\u007Fz\\u009B');
    expect(terminalSafe('song\u202Egpj.mp3')).toBe('song\\u202Egpj.mp3');
    expect(terminalSafe('one\ntwo\tthree\r\nfour\rfive')).toBe('one\ntwo\tthree\nfour\\u000Dfive');
    expect(terminalSafe('שיר — café')).toBe('שיר — café');
    expect(terminalSafe(HOSTILE)).not.toMatch(RAW_CONTROL);
  });

  it('keeps JSON valid and exact: C1 and bidi controls become \\uXXXX escapes', () => {
    const json = terminalSafe(JSON.stringify({ title: HOSTILE }, null, 2));
    expect(json).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(json) as { title: string }).title).toBe(HOSTILE);
    expect(json).toContain('\\u202E');
    expect(json).toContain('\\u009B');
  });
});

describe('every CLI line', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cadenza-term-'));
    env = {
      HOME: join(root, 'home'),
      CADENZA_HOME: join(root, 'data'),
      CADENZA_LIBRARY: join(root, 'library'),
      CADENZA_KEYCHAIN: 'off',
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('goes through the sanitiser, on stdout and stderr alike', async () => {
    const loud: CliCommand = {
      name: 'probe',
      summary: 'test',
      help: 'help',
      run: async (_args, ctx) => {
        ctx.out(HOSTILE);
        ctx.note(HOSTILE);
        return 0;
      },
    };
    const r = io({});
    expect(await runCli(['probe'], r.io, [loud])).toBe(0);
    expect(r.output().out).not.toMatch(RAW_CONTROL);
    expect(r.output().err).not.toMatch(RAW_CONTROL);
    expect(r.output().out).toContain('\\u202Egpj.exe');
  });

  it('of library list, text and --json, shows a hostile title without its controls', async () => {
    const dir = join(root, 'library');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'night.wav'), silentWav(1));
    writeFileSync(
      join(dir, 'night.wav.json'),
      JSON.stringify({
        schema_version: 1,
        id: 'itm_hostile',
        kind: 'song',
        title: HOSTILE,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    const text = io(env);
    expect(await runCli(['library', 'list'], text.io)).toBe(0);
    expect(text.output().out).toContain('Night');
    expect(text.output().out).not.toMatch(RAW_CONTROL);

    const json = io(env);
    expect(await runCli(['library', 'list', '--json'], json.io)).toBe(0);
    expect(json.output().out).not.toMatch(RAW_CONTROL);
    const items = JSON.parse(json.output().out) as Array<{ title: string }>;
    expect(items[0]?.title).toBe(HOSTILE);
  });
});
