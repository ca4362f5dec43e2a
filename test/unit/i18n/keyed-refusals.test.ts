/**
 * Main refuses a service input with each field's key beside its English words (issue 27), so the
 * renderer says the refusal in the app's language. A refusal built from `fieldErrorsOf` alone
 * carries only the English; main's services use `refuseInput` (or merge `checkFields`' keys).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@shared/errors';
import { submitSpeech } from '../../../src/main/services/voices/speak';

const MAIN = resolve(__dirname, '../../../src/main');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('main refuses service inputs by key', () => {
  it('a speech with no text is refused with the field’s key, and nothing is submitted', () => {
    const submit = vi.fn();
    let refused: unknown;
    try {
      void submitSpeech({ submit }, () => ({ voices: { tts: vi.fn() } }), {
        text: '  ',
        speaker: 'v1',
      });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    const shape = (refused as AppError).toShape();
    expect(shape.fields?.text).toBeTruthy();
    expect(shape.fieldKeys?.text?.key).toMatch(/^errors:rules\./);
    expect(submit).not.toHaveBeenCalled();
  });

  it('no service in main refuses with fieldErrorsOf’s English alone', () => {
    const offenders = sources(MAIN).filter((path) =>
      /refuseFields\(\s*fieldErrorsOf\(/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders.map((p) => relative(MAIN, p))).toEqual([]);
  });
});
