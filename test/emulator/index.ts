import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mp4Clip } from './media/mp4';
import { mediaHandler, serviceHandler } from './server';
import { EmulatorState } from './state';
import {
  COUNTER_NAMES,
  type CounterName,
  type Emulator,
  type EmulatorOptions,
  type InjectedFailure,
} from './types';

export type {
  CounterName,
  Emulator,
  EmulatorConfig,
  EmulatorOptions,
  InjectedFailure,
  InjectKind,
  MultipartFileRecord,
  RequestLogEntry,
  Shapes,
  ShapeTarget,
  SongSnapshot,
  V2Status,
  Vocabulary,
} from './types';
export { COUNTER_NAMES } from './types';
export { FAIL_MARKER } from './routes/songs';

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections(); // includes requests held open by an injected `timeout`
  });
}

/**
 * Starts the service emulator: one listener for the service and a second one (a different
 * origin) for media files. See test/emulator/README.md.
 */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const host = opts.host ?? '127.0.0.1';
  const state = new EmulatorState(opts);
  const { bytes: mp4 } = await mp4Clip();
  const service = createServer(serviceHandler(state));
  const media = createServer(mediaHandler({ state, mp4 }));
  for (const s of [service, media]) {
    s.keepAliveTimeout = 2000;
    s.requestTimeout = 0; // big uploads and held (`timeout`) requests must not be cut by Node
  }
  const servicePort = await listen(service, opts.port ?? 0, host);
  let mediaPort: number;
  try {
    mediaPort = await listen(media, opts.mediaPort ?? 0, host);
  } catch (err) {
    await shut(service);
    throw err;
  }
  state.serviceUrl = `http://${host}:${servicePort}`;
  state.mediaUrl = `http://${host}:${mediaPort}`;

  return {
    url: state.serviceUrl,
    mediaUrl: state.mediaUrl,
    log: state.log,
    inject(f: InjectedFailure) {
      state.injections.push({
        path: f.path,
        kind: f.kind,
        times: f.times ?? 1,
        ...(f.method ? { method: f.method } : {}),
      });
    },
    setCounter(name: CounterName, value: number) {
      if (!COUNTER_NAMES.includes(name)) throw new Error(`unknown counter ${String(name)}`);
      state.counters[name] = value;
    },
    configure(patch) {
      state.configure(patch);
    },
    songs() {
      return [...state.songs.values()].map((s) => state.snapshot(s));
    },
    advance(ms: number) {
      state.clockOffsetMs += Math.max(0, ms);
    },
    counters() {
      return { ...state.counters };
    },
    cloneVoices() {
      return [...state.clones.values()].map(({ speaker, name, description }) => ({
        speaker,
        name,
        description,
      }));
    },
    addClone(name: string, description = '') {
      const speaker = state.newId();
      state.clones.set(speaker, { speaker, name, description, createdAt: Date.now() });
      return speaker;
    },
    addTraining(opts: { urls?: string[]; held?: boolean } = {}) {
      const taskId = state.newId();
      state.trainings.set(taskId, {
        taskId,
        urls: opts.urls ?? [`${state.mediaUrl}/media/tone.mp3?seconds=400`],
        // finished long ago, unless held
        createdAt: state.now() - 3600_000,
        willFail: false,
        maxStep: 0,
        held: opts.held === true,
      });
      return taskId;
    },
    holdTrainings(on: boolean) {
      state.holdTrainings = on;
    },
    finishTrainings(taskIds?: readonly string[]) {
      for (const task of state.trainings.values())
        if (!taskIds || taskIds.includes(task.taskId)) {
          task.held = false;
          task.createdAt = Math.min(task.createdAt, state.now() - 3600_000);
        }
    },
    reset() {
      state.reset();
    },
    async close() {
      await Promise.all([shut(service), shut(media)]);
    },
    async goOffline() {
      await shut(service);
    },
    async goOnline() {
      if (!service.listening) await listen(service, servicePort, host);
    },
  };
}
