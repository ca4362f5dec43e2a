/**
 * The preload bundled the way electron-vite does (one CommonJS file, electron external) and run
 * with a recording `electron`: the exposed API has one function per contract entry and one
 * subscription per event, nothing else, and calls map to the contract's channels.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eventContract, invokeContract } from '../../../src/shared/ipc/contract';

const repo = resolve(__dirname, '../../..');

function requiresOf(source: string): string[] {
  return [...new Set([...source.matchAll(/require\((["'])([^"']+)\1\)/g)].map((m) => m[2] ?? ''))];
}

interface Recorded {
  exposed: Record<string, unknown>;
  invokes: { channel: string; args: unknown[] }[];
  listeners: Map<string, ((event: unknown, ...a: unknown[]) => void)[]>;
}

function runPreload(source: string, paths: Record<string, string>): Recorded {
  const rec: Recorded = { exposed: {}, invokes: [], listeners: new Map() };
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      rec.invokes.push({ channel, args });
      return { ok: true, value: null };
    },
    on: (channel: string, l: (event: unknown, ...a: unknown[]) => void) => {
      rec.listeners.set(channel, [...(rec.listeners.get(channel) ?? []), l]);
    },
    removeListener: (channel: string, l: unknown) => {
      rec.listeners.set(
        channel,
        (rec.listeners.get(channel) ?? []).filter((x) => x !== l),
      );
    },
  };
  const electron = {
    ipcRenderer,
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (rec.exposed[key] = api) },
    webUtils: { getPathForFile: (f: { name: string }) => paths[f.name] ?? '' },
  };
  const module = { exports: {} };
  const requireFn = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`sandboxed preload required ${id}`);
  };
  new Function('require', 'module', 'exports', source)(requireFn, module, module.exports);
  return rec;
}

let source: string;
beforeAll(async () => {
  const result = await build({
    entryPoints: [join(repo, 'src/preload/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    alias: { '@shared': join(repo, 'src/shared') },
    write: false,
    logLevel: 'silent',
  });
  source = result.outputFiles[0]?.text ?? '';
});

describe('preload', () => {
  it('bundles to CommonJS that requires only electron', () => {
    expect(requiresOf(source)).toEqual(['electron']);
  });

  it('the built out/preload/index.cjs requires only electron', () => {
    const built = join(repo, 'out/preload/index.cjs');
    if (!existsSync(built)) return; // not built yet: `npm run build` makes it; the e2e tests load it
    expect(requiresOf(readFileSync(built, 'utf8'))).toEqual(['electron']);
  });

  it('exposes exactly the contract: one function per entry, one subscription per event', () => {
    const { exposed } = runPreload(source, {});
    expect(Object.keys(exposed)).toEqual(['cadenza']);
    const api = exposed.cadenza as Record<string, Record<string, unknown>>;
    const expected: Record<string, string[]> = {};
    for (const [ns, methods] of Object.entries(invokeContract))
      expected[ns] = Object.keys(methods).sort();
    expected.on = Object.keys(eventContract).sort();
    const actual: Record<string, string[]> = {};
    for (const [ns, fns] of Object.entries(api)) {
      actual[ns] = Object.keys(fns).sort();
      for (const fn of Object.values(fns)) expect(typeof fn).toBe('function');
    }
    expect(actual).toEqual(expected);
    expect(Object.isFrozen(api)).toBe(true);
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/invoke|ipc|send/i);
  });

  it('calls map to contract channels with the arguments as given', async () => {
    const rec = runPreload(source, {});
    const api = rec.exposed.cadenza as {
      account: { setServiceAddress(u: string): Promise<unknown> };
      files: { pick(o: object): Promise<unknown> };
    };
    await api.account.setServiceAddress('https://api.example');
    await api.files.pick({ kind: 'audio' });
    expect(rec.invokes).toEqual([
      { channel: 'account:setServiceAddress', args: ['https://api.example'] },
      { channel: 'files:pick', args: [{ kind: 'audio' }] },
    ]);
  });

  it('registerDropped sends the paths webUtils gives for the File objects, and refuses files without one', async () => {
    const rec = runPreload(source, { 'take.wav': '/home/me/take.wav' });
    const files = (
      rec.exposed.cadenza as {
        files: { registerDropped(f: object[], k: string): Promise<unknown> };
      }
    ).files;
    await files.registerDropped([{ name: 'take.wav', size: 3 }], 'audio');
    expect(rec.invokes).toEqual([
      { channel: 'files:registerDropped', args: [['/home/me/take.wav'], 'audio'] },
    ]);
    const refused = await files.registerDropped([{ name: 'made-up.wav', size: 1 }], 'audio');
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(rec.invokes).toHaveLength(1);
  });

  it('event subscriptions deliver the payload only and unsubscribe', () => {
    const rec = runPreload(source, {});
    const on = (
      rec.exposed.cadenza as { on: { accountChanged(l: (p: unknown) => void): () => void } }
    ).on;
    const seen: unknown[] = [];
    const off = on.accountChanged((p) => seen.push(p));
    for (const l of rec.listeners.get('event:accountChanged') ?? [])
      l({ sender: 'ipc internals' }, null);
    off();
    expect(rec.listeners.get('event:accountChanged')).toEqual([]);
    expect(seen).toEqual([null]);
  });
});
