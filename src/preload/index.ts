/**
 * The sandboxed preload: exposes `window.cadenza`, one named function per contract entry and one
 * subscription per event, generated from the shared contract. It never exposes ipcRenderer or a
 * generic invoke. Dropped files become paths here (webUtils) and go straight to main, which answers
 * opaque handles; the renderer never holds a path.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { eventContract, invokeContract } from '@shared/ipc/contract';
import { channelName, eventChannel } from '@shared/ipc/define';
import type { CadenzaApi, DroppedFile } from '@shared/ipc/api';
import type { Result } from '@shared/result';

type Fn = (...args: unknown[]) => Promise<unknown>;

function invoker(channel: string): Fn {
  return (...args: unknown[]) => ipcRenderer.invoke(channel, ...args);
}

function registerDropped(channel: string) {
  return async (files: readonly DroppedFile[], kind: unknown): Promise<Result<never>> => {
    const paths: string[] = [];
    for (const file of Array.isArray(files) ? files : []) {
      let path = '';
      try {
        path = webUtils.getPathForFile(file as File);
      } catch {
        path = '';
      }
      if (!path) {
        return {
          ok: false,
          error: {
            code: 'invalid_argument',
            message: 'Only files from this computer can be added.',
          },
        };
      }
      paths.push(path);
    }
    return ipcRenderer.invoke(channel, paths, kind) as Promise<Result<never>>;
  };
}

function buildApi(): CadenzaApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [ns, methods] of Object.entries(invokeContract)) {
    const fns: Record<string, unknown> = {};
    for (const method of Object.keys(methods)) {
      const channel = channelName(ns, method);
      fns[method] =
        ns === 'files' && method === 'registerDropped'
          ? registerDropped(channel)
          : invoker(channel);
    }
    api[ns] = Object.freeze(fns);
  }
  const on: Record<string, unknown> = {};
  for (const name of Object.keys(eventContract)) {
    const channel = eventChannel(name);
    on[name] = (listener: (payload: unknown) => void): (() => void) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(channel, wrapped);
      return () => {
        ipcRenderer.removeListener(channel, wrapped);
      };
    };
  }
  api.on = Object.freeze(on);
  return Object.freeze(api) as unknown as CadenzaApi;
}

contextBridge.exposeInMainWorld('cadenza', buildApi());
