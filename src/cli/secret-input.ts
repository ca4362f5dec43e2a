/**
 * Reads a secret from stdin: all of it when piped (trimmed), or one line typed at a terminal with
 * echo off. The prompt goes to stderr so stdout stays clean for scripts.
 */
import type { Readable, Writable } from 'node:stream';
import { AppError } from '@shared/errors';

const MAX_BYTES = 64 * 1024;

export interface SecretInputStreams {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stderr: Writable;
}

export async function readSecret(
  prompt: string,
  { stdin, stderr }: SecretInputStreams,
): Promise<string> {
  if (stdin.isTTY && typeof stdin.setRawMode === 'function')
    return readFromTerminal(prompt, stdin, stderr);
  return readAll(stdin);
}

async function readAll(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (bytes > MAX_BYTES)
      throw new AppError('validation', 'Standard input is too large to be an API key.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}

function readFromTerminal(
  prompt: string,
  stdin: NonNullable<SecretInputStreams['stdin']>,
  stderr: Writable,
): Promise<string> {
  stderr.write(prompt);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed.trim());
    };
    const onData = (data: string): void => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003')
          return finish(new AppError('cancelled', 'Cancelled; nothing was stored.'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}
