import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedactor,
  logger,
  openLog,
  readRecentLogLines,
  rememberSecret,
  type OpenedLog,
} from '../../../src/main/services/log';
import { formatLogLine } from '../../../src/main/services/log/format';

describe('the redactor', () => {
  it('replaces a remembered secret raw, JSON-escaped and URL-encoded', () => {
    const r = createRedactor();
    const secret = 'short"key/1';
    r.addSecret(secret);
    expect(r.redact(`a ${secret} b`)).toBe('a [redacted] b');
    expect(r.redact(JSON.stringify({ v: secret }))).toBe('{"v":"[redacted]"}');
    expect(r.redact(`?q=${encodeURIComponent(secret)}`)).not.toContain('key%2F1');
  });

  it('replaces values of key-like names in JSON, headers and query strings', () => {
    const r = createRedactor();
    expect(r.redact('{"x-api-key":"abc","x_api_key":"def","apiKey":"ghi"}')).toBe(
      '{"x-api-key":"[redacted]","x_api_key":"[redacted]","apiKey":"[redacted]"}',
    );
    expect(r.redact('x-api-key: abc123\nAuthorization: Bearer tok')).toBe(
      'x-api-key: [redacted]\nAuthorization: [redacted]',
    );
    expect(r.redact('https://h/x?api_key=zzz&a=1')).toBe('https://h/x?api_key=[redacted]&a=1');
    // escaped JSON inside a JSON string (a logged raw body)
    expect(r.redact(JSON.stringify({ raw: '{"x_api_key":"k9"}' }))).not.toContain('k9');
  });

  it('replaces long key-like tokens and leaves ids, uuids and words alone', () => {
    const r = createRedactor();
    const hex = 'a3f9c2e1b4d5a6f7e8d9c0b1a2f3e4d5c6b7a8f9';
    const b64 = 'QmFzZTY0TG9va2luZ1Rva2VuMTIzNDU2Nzg5MA==';
    expect(r.redact(`hex ${hex} b64 ${b64}`)).toBe('hex [redacted] b64 [redacted]');
    const keep =
      'job 1334851 song 9b2f7c1e-4a1d-4c3e-9f0a-7d2b1c3e4f5a at /home/user/Music/Cadenza/Night Drive.mp3 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    expect(r.redact(keep)).toBe(keep);
    expect(r.redact('tokens: 5, secrets kept')).toBe('tokens: 5, secrets kept');
  });

  it('does not treat very short values as secrets', () => {
    const r = createRedactor();
    r.addSecret('ab');
    expect(r.redact('abc tab')).toBe('abc tab');
  });
});

/**
 * The tripwire: a known key, remembered as the current key, is sent through every way a line
 * reaches the log — message, fields, nested objects, headers, URLs, errors (message, stack,
 * cause), raw response bodies, the console echo, formatted recent lines — and must appear nowhere.
 * A second, never-remembered key-shaped value must not appear either (caught by its shape).
 */
describe('key tripwire', () => {
  const KEY = 'tripwire-KEY-0a1b2c3d4e5f';
  const UNSEEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f11223344';
  let dir: string;
  let opened: OpenedLog;
  const echoed: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-tripwire-'));
    rememberSecret(KEY);
    opened = await openLog({ dir, name: 'main', level: 'trace', echo: (l) => echoed.push(l) });
    const log = logger('tripwire');
    const error = new Error(`request with ${KEY} failed`, { cause: new Error(`cause ${KEY}`) });
    log.trace(`message ${KEY}`);
    log.debug('fields', { key: KEY, nested: { deeper: [KEY, { k: KEY }] } });
    log.info('headers', { headers: { 'x-api-key': KEY, 'X-Api-Key': UNSEEN } });
    log.info(`url https://api.example.com/v1?x_api_key=${UNSEEN}`);
    log.warn('raw body', { raw: JSON.stringify({ x_api_key: UNSEEN, email: 'a@b.c' }) });
    log.error('failure', error);
    log.error('failure as field', { error, jobId: 'job-7' });
    log.fatal(`unseen ${UNSEEN}`);
    log.info('not an object', KEY);
    opened.flush();
  });
  afterAll(async () => {
    await opened.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('never writes the key or a key-shaped value to the file', async () => {
    const files = await readdir(dir);
    expect(files.length).toBeGreaterThan(0);
    const text = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
    expect(text.split('\n').filter(Boolean).length).toBe(9); // every line was written
    expect(text).toContain('[redacted]');
    expect(text).toContain('job-7'); // ids stay readable
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(UNSEEN);
    expect(text).not.toContain('0a1b2c3d4e5f'); // not even part of it
  });

  it('never echoes it and never shows it in the recent lines', async () => {
    expect(echoed.length).toBe(9);
    for (const line of echoed) {
      expect(line).not.toContain(KEY);
      expect(formatLogLine(line)).not.toContain(UNSEEN);
    }
    const recent = await readRecentLogLines(dir);
    const text = recent.flatMap((r) => r.lines).join('\n');
    expect(text).toContain('failure');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(UNSEEN);
  });
});
