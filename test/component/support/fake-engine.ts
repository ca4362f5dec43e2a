/**
 * A playback engine for component tests (jsdom plays no media). It honours the real
 * `PlaybackEngine` interface and lets the test fire what howler / `<video>` would report.
 */
import type {
  EngineEvents,
  EngineFactory,
  EngineSource,
  PlaybackEngine,
} from '../../../src/renderer/playback/engine';

export interface FakeEngine extends PlaybackEngine {
  readonly source: EngineSource;
  readonly events: EngineEvents;
  readonly calls: string[];
  playing: boolean;
  positionS: number;
  volume: number;
  unloaded: boolean;
}

export function fakeEngines(options: { autoLoadDurationS?: number } = {}): {
  factory: EngineFactory;
  made: FakeEngine[];
  last(): FakeEngine;
} {
  const made: FakeEngine[] = [];
  const factory: EngineFactory = (source, events) => {
    const engine: FakeEngine = {
      source,
      events,
      calls: [],
      playing: false,
      positionS: 0,
      volume: source.volume,
      unloaded: false,
      element: source.video ? document.createElement('video') : undefined,
      play() {
        engine.calls.push('play');
        engine.playing = true;
        queueMicrotask(() => events.onPlay());
      },
      pause() {
        engine.calls.push('pause');
        engine.playing = false;
        queueMicrotask(() => events.onPause());
      },
      position: () => engine.positionS,
      seek(s) {
        engine.calls.push(`seek:${s}`);
        engine.positionS = s;
      },
      setVolume(v) {
        engine.calls.push(`volume:${v}`);
        engine.volume = v;
      },
      unload() {
        engine.calls.push('unload');
        engine.unloaded = true;
      },
    };
    made.push(engine);
    if (options.autoLoadDurationS)
      queueMicrotask(() => events.onLoad(options.autoLoadDurationS ?? 0));
    return engine;
  };
  return {
    factory,
    made,
    last() {
      const e = made[made.length - 1];
      if (!e) throw new Error('no engine was made');
      return e;
    },
  };
}

let installed: ReturnType<typeof fakeEngines> | null = null;

/** Installs fresh fake engines as the player's (test/component/setup.ts does, before each test). */
export function installFakeEngines(): ReturnType<typeof fakeEngines> {
  installed = fakeEngines();
  return installed;
}

/** The fake engines installed for the running test. */
export function installedEngines(): ReturnType<typeof fakeEngines> {
  if (!installed) throw new Error('no fake engines installed');
  return installed;
}
