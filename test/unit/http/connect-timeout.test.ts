/**
 * A connection the service's host never accepted in time is not "the service is down, your
 * network works": with no network but a route still set up, a connect times out just the same.
 * It names the host and says it is one or the other; a refused connection keeps "isn't answering"
 * (issue 29, point 8).
 */
import { describe, expect, it } from 'vitest';
import { toAppError, type FailureContext } from '../../../src/main/services/http/failures';

const failure = (host?: string): FailureContext => ({
  ctx: { action: 'create the song', mayCharge: true },
  kind: 'call',
  inBody: false,
  stop: undefined,
  deadlineMs: 120_000,
  idleMs: 60_000,
  connectMs: 10_000,
  minBytesPerSecond: 1024,
  throughputWindowMs: 30_000,
  endpoint: 'POST /v2/submit',
  ...(host ? { host } : {}),
});

const connectTimeout = Object.assign(new Error('Connect Timeout Error'), {
  code: 'UND_ERR_CONNECT_TIMEOUT',
});

describe('a connect timeout', () => {
  it('names the host and does not claim the network works', () => {
    const e = toAppError(connectTimeout, failure('api.example.test'));
    expect(e.code).toBe('timeout');
    expect(e.key).toBe('errors:service.connectTimeout');
    expect(e.params).toEqual({ host: 'api.example.test' });
    expect(e.message).toMatch(/^The service at api\.example\.test did not accept a connection/);
    expect(e.message).toMatch(/Either your internet connection or the service is down/);
    expect(e.message).not.toMatch(/network works|isn't answering|charged/);
  });

  it('without a host, says to check the internet connection', () => {
    const e = toAppError(connectTimeout, failure());
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/Check your internet connection\.$/);
  });
});
