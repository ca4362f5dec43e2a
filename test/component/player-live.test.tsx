/**
 * A take played while it generates streams in with no known end: the engine reports an unbounded
 * length. The bar says the length is not known yet (never 0:00), the seek slider stays bounded,
 * the service's announced length stands in when there is one, and the end of the stream gives the
 * length (issue 29).
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlayerBar } from '../../src/renderer/player/PlayerBar';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import type { PlayEntry } from '../../src/renderer/stores/player/entries';
import { announceLength, playSolo, seekTo, usePlayerStore } from '../../src/renderer/stores/player';
import { fakeEngines } from './support/fake-engine';

const stream = (fields: Partial<PlayEntry> = {}): PlayEntry => ({
  key: 'preview:job_1:0',
  itemId: null,
  url: 'cadenza-media://cache/0123456789abcdef0123456789abcdef',
  title: 'Harbour Lights · Take 1',
  video: false,
  format: null,
  durationMs: null,
  coverUrl: null,
  origin: 'Songs',
  ...fields,
});

let engines: ReturnType<typeof fakeEngines>;
beforeEach(() => {
  engines = fakeEngines();
  installEngineFactory(engines.factory);
});

async function playStream(entry: PlayEntry, reported: number) {
  render(<PlayerBar />);
  await act(() => playSolo(entry));
  await act(async () => {
    engines.last().events.onLoad(reported);
    await Promise.resolve();
  });
  return {
    length: () => screen.getByTestId('player-duration'),
    seek: () => screen.getByRole('slider', { name: 'Seek' }),
  };
}

describe('a stream with no known end in the player bar', () => {
  it('says the length is not known yet and keeps the seek slider bounded', async () => {
    const bar = await playStream(stream(), Number.POSITIVE_INFINITY);
    expect(usePlayerStore.getState().durationS).toBe(0);
    expect(bar.length()).toHaveTextContent('live');
    expect(bar.length()).toHaveAttribute('title', expect.stringMatching(/once the song is done/));
    await act(async () => {
      engines.last().positionS = 7.4;
      usePlayerStore.setState({ positionS: 7.4 });
      await Promise.resolve();
    });
    const max = Number(bar.seek().getAttribute('max'));
    expect(Number.isFinite(max)).toBe(true);
    expect(max).toBeCloseTo(7.4);
    expect(bar.seek()).toHaveAttribute(
      'aria-valuetext',
      '7 seconds played; the length is not known until the song is done',
    );
    // a seek forwards cannot go past what has played; back is fine
    act(() => seekTo(60));
    expect(usePlayerStore.getState().positionS).toBeCloseTo(7.4);
    act(() => seekTo(2));
    expect(usePlayerStore.getState().positionS).toBe(2);
  });

  it("shows the service's announced length while the stream has no end", async () => {
    const bar = await playStream(stream(), Number.POSITIVE_INFINITY);
    act(() => announceLength('preview:job_1:0', 30.2));
    expect(bar.length()).toHaveTextContent('0:30');
    expect(bar.seek()).toHaveAttribute('max', '30.2');
    // another entry's announcement changes nothing
    act(() => announceLength('preview:job_2:0', 99));
    expect(bar.length()).toHaveTextContent('0:30');
  });

  it('takes the length a take already has (the service announced it) over the stream', async () => {
    const bar = await playStream(stream({ durationMs: 31_000 }), Number.POSITIVE_INFINITY);
    expect(bar.length()).toHaveTextContent('0:31');
    expect(usePlayerStore.getState().live).toBe(false);
  });

  it('knows the length once the stream ends: where it ended', async () => {
    const bar = await playStream(stream(), Number.POSITIVE_INFINITY);
    await act(async () => {
      usePlayerStore.setState({ positionS: 29.8 });
      engines.last().events.onEnd();
      await Promise.resolve();
    });
    expect(usePlayerStore.getState()).toMatchObject({ status: 'ended', live: false });
    expect(bar.length()).toHaveTextContent('0:30');
  });

  it('a file with a finite length shows it as before', async () => {
    const bar = await playStream(stream({ url: 'cadenza-media://library/a.mp3' }), 12.4);
    expect(bar.length()).toHaveTextContent('0:12');
    expect(bar.seek()).toHaveAttribute('max', '12.4');
  });
});
