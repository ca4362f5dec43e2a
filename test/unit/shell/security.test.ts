import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedExternalUrl,
  isTrustedSenderUrl,
  senderCheck,
  withContentSecurityPolicy,
} from '../../../src/main/shell/security';

describe('openExternal allowlist', () => {
  it.each([
    ['https://cadenza.example/account', true],
    ['https://www.cadenza.example/help', true],
    ['http://cadenza.example/account', false],
    ['https://cadenza.example.evil.com/', false],
    ['https://evilcadenza.example/', false],
    ['https://user:pw@cadenza.example/', false],
    ['https://cadenza.example:8443/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['cadenza.example', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
  it('refuses non-strings and huge URLs', () => {
    expect(isAllowedExternalUrl(42)).toBe(false);
    expect(isAllowedExternalUrl(`https://cadenza.example/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('IPC sender check', () => {
  const where = {};
  const index = 'app://cadenza/index.html';

  it('accepts the renderer on its own origin, app://cadenza', () => {
    expect(isTrustedSenderUrl(index, where)).toBe(true);
    expect(isTrustedSenderUrl(`${index}#/account`, where)).toBe(true);
    expect(isTrustedSenderUrl('app://cadenza/', where)).toBe(true);
  });
  it.each([
    // the built renderer on file:// is no longer the app: any local page could claim to be it
    pathToFileURL(join('/app/out/renderer', 'index.html')).href,
    'file:///app/out/renderer/index.html#/account',
    'file:///etc/passwd',
    'file://remote-host/app/out/renderer/index.html',
    'app://evil/index.html',
    'app://cadenza.evil/index.html',
    'app://user:pw@cadenza/index.html',
    'app://cadenza:8080/index.html',
    'cadenza-media://library/x.mp3',
    'https://evil.example/',
    'https://cadenza/index.html',
    'http://localhost:5173/',
    'about:blank',
    'data:text/html,hi',
    '',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isTrustedSenderUrl(url, where)).toBe(false);
  });
  it('accepts the dev server only when one is configured, by origin', () => {
    const dev = { devServerUrl: 'http://localhost:5173' };
    expect(isTrustedSenderUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedSenderUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedSenderUrl('http://127.0.0.1:5173/', dev)).toBe(false);
  });
  it('requires the top frame', () => {
    const check = senderCheck(where);
    expect(check({ senderFrame: { url: index, parent: null } } as never)).toBe(true);
    expect(check({ senderFrame: { url: index, parent: {} } } as never)).toBe(false);
    expect(check({ senderFrame: null } as never)).toBe(false);
  });
});

describe('Content-Security-Policy header', () => {
  it('replaces any CSP the response carried', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': "default-src *; script-src 'unsafe-eval'",
      'Content-Type': 'text/html',
    });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['text/html']);
  });
  it('is strict', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
