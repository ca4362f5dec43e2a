/**
 * Sending the key typed into a key field, the one way the Account panel and first run both do it:
 * checked here first (the field says what is wrong and keeps focus), then sent once and cleared
 * from the field whatever main answers; focus returns to the field when it was not saved.
 */
import { saveKey, setFieldError } from '../../stores/account';
import { apiKeyProblemOf, KEY_PROBLEM_KEYS } from '@shared/domain/account-rules';
import { t } from '../../i18n';

/** Answers true once main saved the key. */
export async function submitKeyInput(input: HTMLInputElement): Promise<boolean> {
  const code = apiKeyProblemOf(input.value);
  if (code) {
    const problem = t(KEY_PROBLEM_KEYS[code]);
    setFieldError('key', { code: 'validation', message: problem, fields: { key: problem } });
    input.focus();
    return false;
  }
  const key = input.value.trim();
  input.value = ''; // sent once, then gone from the renderer whatever the answer
  const saved = await saveKey(key);
  if (!saved && input.isConnected) input.focus();
  return saved;
}
