import { AppError } from '@shared/errors';

/** The AppError `p` rejects with; fails the test if it resolves or rejects with something else. */
export async function caught(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}
