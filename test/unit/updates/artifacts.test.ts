import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkUpdateArtifacts,
  feedUrlFromUpdateConfig,
} from '../../../src/main/services/updates/artifacts';

const sha = createHash('sha512').update('artifact').digest('base64');
const FEED = 'https://updates.cadenza.example/stable/';
const file = (url: string, sha512: unknown = sha) => ({ url, sha512 });

describe('update artifacts', () => {
  it('accepts relative and same-origin https files with a sha512', () => {
    expect(() =>
      checkUpdateArtifacts(
        {
          files: [
            file('cadenza_0.2.0_amd64.deb'),
            file('https://updates.cadenza.example/stable/Cadenza-0.2.0.AppImage'),
          ],
        },
        FEED,
      ),
    ).not.toThrow();
  });

  it.each([
    ['another host', 'https://cdn.elsewhere.example/cadenza.deb'],
    ['another port', 'https://updates.cadenza.example:8443/cadenza.deb'],
    ['plain http on the same host', 'http://updates.cadenza.example/stable/cadenza.deb'],
    ['a protocol-relative host', '//evil.example/cadenza.deb'],
    ['credentials', 'https://user:pw@updates.cadenza.example/stable/cadenza.deb'],
    ['a file: URL', 'file:///tmp/cadenza.deb'],
  ])('refuses a file on %s', (_what, url) => {
    expect(() => checkUpdateArtifacts({ files: [file(url)] }, FEED)).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });

  it.each([
    ['no checksum', undefined],
    ['a sha256', createHash('sha256').update('x').digest('base64')],
    ['hex', createHash('sha512').update('x').digest('hex')],
  ])('refuses a file with %s', (_what, digest) => {
    expect(() => checkUpdateArtifacts({ files: [{ url: 'a.deb', sha512: digest }] }, FEED)).toThrow(
      /SHA-512/,
    );
  });

  it('refuses an http feed (loopback aside), an unknown feed and an empty file list', () => {
    expect(() =>
      checkUpdateArtifacts({ files: [file('a.deb')] }, 'http://updates.example/'),
    ).toThrow(/not https/);
    expect(() =>
      checkUpdateArtifacts({ files: [file('a.deb')] }, 'http://127.0.0.1:9000/updates/'),
    ).not.toThrow();
    expect(() => checkUpdateArtifacts({ files: [file('a.deb')] }, null)).toThrow(/not known/);
    expect(() => checkUpdateArtifacts({ files: [] }, FEED)).toThrow(/no files/);
  });

  it('reads the feed of a generic app-update.yml', () => {
    expect(
      feedUrlFromUpdateConfig('provider: generic\nurl: https://updates.cadenza.example/stable\n'),
    ).toBe('https://updates.cadenza.example/stable');
    expect(feedUrlFromUpdateConfig('provider: github\nowner: x\n')).toBeNull();
  });
});
