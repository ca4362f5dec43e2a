/** One key rule: the panel's check, the IPC channel and main (app and CLI) refuse alike. */
import { describe, expect, it } from 'vitest';
import { apiKeyProblem, API_KEY_MAX_CHARS, API_KEY_MIN_CHARS } from '@shared/domain/account';
import { accountContract } from '@shared/ipc/account';
import { AppError } from '@shared/errors';
import { checkApiKey } from '../../../src/main/services/account/service';

const mainSays = (raw: string): string | null => {
  try {
    checkApiKey(raw);
    return null;
  } catch (e) {
    return e instanceof AppError ? e.message : 'thrown';
  }
};
const channelSays = (raw: string): string | null => {
  const parsed = accountContract.setKey.args.safeParse([raw]);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'no message');
};

describe('the API key rule', () => {
  it('gives one message for each refusal, wherever the key is checked', () => {
    const cases: [string, string][] = [
      ['', 'Paste your API key first.'],
      ['   ', 'Paste your API key first.'],
      ['q7Zk', 'That key is too short. Check that you copied all of it.'],
      ['x'.repeat(API_KEY_MAX_CHARS + 1), 'That is too long to be an API key.'],
      ['has space inside-key', 'The key contains spaces or unusual characters.'],
      ['tab\there-key-1234', 'The key contains spaces or unusual characters.'],
      ['clé-avec-accent-1234', 'The key contains spaces or unusual characters.'],
    ];
    for (const [raw, message] of cases) {
      expect([apiKeyProblem(raw), mainSays(raw), channelSays(raw)]).toEqual([
        message,
        message,
        message,
      ]);
    }
  });

  it('accepts 8 to 512 printable characters, trimmed', () => {
    for (const raw of [
      'k'.repeat(API_KEY_MIN_CHARS),
      'k'.repeat(API_KEY_MAX_CHARS),
      '  sk-live_0123456789  ',
    ]) {
      expect([apiKeyProblem(raw), mainSays(raw), channelSays(raw)]).toEqual([null, null, null]);
    }
    expect(checkApiKey('  sk-live_0123456789  ')).toBe('sk-live_0123456789');
  });
});
