/** The jobs host hands out the library while its open is still running (first rows early). */
import { describe, expect, it } from 'vitest';
import type { JobsRuntime } from '../../../src/main/services/core';
import { createJobsHost } from '../../../src/main/services/jobs-host';
import type { Library } from '../../../src/main/services/library/library';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const fakeLibrary = (name: string) =>
  ({ dir: name, on: () => () => undefined }) as unknown as Library;
const fakeRuntime = (library: Library) =>
  ({
    library,
    jobs: { on: () => () => undefined },
    close: async () => undefined,
  }) as unknown as JobsRuntime;

describe('jobs host: listing()', () => {
  it('answers with the library as soon as its open starts, before the runtime is ready', async () => {
    const library = fakeLibrary('A');
    const finish = deferred<void>();
    const host = createJobsHost({
      open: async (onLibrary) => {
        onLibrary?.(library);
        await finish.promise;
        return fakeRuntime(library);
      },
    });
    let ready = false;
    const runtime = host.start().then(() => (ready = true));
    await expect(host.listing()).resolves.toBe(library);
    expect(ready).toBe(false);
    finish.resolve();
    await runtime;
    await expect(host.listing()).resolves.toBe(library);
  });

  it('starts the open itself, and follows a reopen to the new folder’s library', async () => {
    const libraries = [fakeLibrary('A'), fakeLibrary('B')];
    let n = 0;
    const gate = deferred<void>();
    const host = createJobsHost({
      open: async (onLibrary) => {
        const library = libraries[n++]!;
        if (library.dir === 'B') await gate.promise; // the new folder is slow to start
        onLibrary?.(library);
        return fakeRuntime(library);
      },
    });
    await expect(host.listing()).resolves.toBe(libraries[0]);
    const reopened = host.reopen();
    const listing = host.listing();
    gate.resolve();
    await expect(listing).resolves.toBe(libraries[1]);
    await reopened;
  });
});
