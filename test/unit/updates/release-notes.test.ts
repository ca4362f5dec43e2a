import { describe, expect, it } from 'vitest';
import { MAX_RELEASE_NOTES_CHARS, releaseNotesToText } from '../../../src/main/services/updates';
import { describeUpdateError } from '../../../src/main/services/updates';

describe('release notes as text', () => {
  it('drops tags and scripts, keeps list items and line breaks, decodes entities', () => {
    const html =
      '<h2>What&#39;s new</h2><ul><li>Covers &amp; clones</li><li>Faster <b>library</b></li></ul><script>alert(1)</script><p>Thanks&nbsp;all<br>x &lt;y&gt;</p>';
    expect(releaseNotesToText(html)).toBe(
      "What's new\n\n• Covers & clones\n• Faster library\n\nThanks all\nx <y>",
    );
  });

  it('joins per-version notes and ignores junk', () => {
    expect(
      releaseNotesToText([
        { version: '0.3.0', note: 'B' },
        { version: '0.2.0', note: '<p>A</p>' },
        { note: 5 },
        null,
      ]),
    ).toBe('0.3.0\nB\n\n0.2.0\nA');
    expect(releaseNotesToText(null)).toBeNull();
    expect(releaseNotesToText('  <p></p> ')).toBeNull();
    expect(releaseNotesToText(42)).toBeNull();
  });

  it('caps very long notes', () => {
    const text = releaseNotesToText('a'.repeat(MAX_RELEASE_NOTES_CHARS * 2));
    expect(text?.length).toBe(MAX_RELEASE_NOTES_CHARS);
    expect(text?.endsWith('…')).toBe(true);
  });
});

describe('update errors', () => {
  it('maps electron-updater failures to codes without leaking details', () => {
    expect(
      describeUpdateError(
        Object.assign(new Error('Cannot find channel "latest.yml" at http://x/'), {
          code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
        }),
      ),
    ).toMatchObject({
      code: 'not_found',
      key: 'errors:updates.failure.noRelease',
      httpStatus: 404,
    });
    expect(
      describeUpdateError(Object.assign(new Error('HttpError: 503'), { statusCode: 503 })),
    ).toMatchObject({ code: 'server', httpStatus: 503 });
    expect(
      describeUpdateError(
        Object.assign(new Error('getaddrinfo ENOTFOUND updates.example'), { code: 'ENOTFOUND' }),
      ).message,
    ).not.toContain('example');
    expect(
      describeUpdateError(new Error('sha512 checksum mismatch, expected a, got b')),
    ).toMatchObject({ code: 'bad_response' });
    expect(describeUpdateError('weird')).toEqual({
      code: 'internal',
      message: 'Checking for updates failed.',
      key: 'errors:updates.failure.checkFailed',
    });
  });
});
