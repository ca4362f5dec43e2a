import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPlayerStore, usePlayerStore } from '../../src/renderer/stores/player';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { fakeEngines } from './support/fake-engine';
import type { SeedItem } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

/** Two minutes of tone in the library: main measures its waveform and renders the trims. */
const SONG = {
  id: 'itm_trimsource000000001',
  title: 'Night drive',
  file: 'Night drive.wav',
  seconds: 120,
} satisfies SeedItem;

let engines: ReturnType<typeof fakeEngines>;
beforeEach(() => {
  localStorage.clear();
  engines = fakeEngines();
  installEngineFactory(engines.factory);
});
afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  installEngineFactory(undefined);
});

async function openTrim() {
  const app = await renderMain({ library: [SONG], panels: [libraryPanel] });
  await app.user.click(await screen.findByRole('option', { name: /^Night drive,/ }));
  await app.user.click(
    within(screen.getByRole('region', { name: 'Item details' })).getByRole('button', {
      name: 'Trim…',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Trim “${iso('Night drive')}”` });
  const start = within(dialog).getByRole('slider', { name: 'Start of the region' });
  const end = within(dialog).getByRole('slider', { name: 'End of the region' });
  const readout = () => ({
    start: within(dialog).getByTestId('region-start').textContent,
    end: within(dialog).getByTestId('region-end').textContent,
    length: within(dialog).getByTestId('region-length').textContent,
  });
  const calls = (method: string) => app.main.calls.filter((c) => c.method === method);
  return { ...app, dialog, start, end, readout, calls };
}

/** Gives the track a size (jsdom lays nothing out): `width` px from `left`. */
function sizeTrack(dialog: HTMLElement, left = 100, width = 1000) {
  const track = within(dialog).getByTestId('region-track');
  track.getBoundingClientRect = () =>
    ({
      left,
      width,
      top: 0,
      height: 120,
      right: left + width,
      bottom: 120,
      x: left,
      y: 0,
    }) as DOMRect;
  return track;
}

// many keystrokes each: more than the default 5 s on a loaded machine
describe('Trim editor', { timeout: 90_000 }, () => {
  it('chooses a region by keyboard: arrows by 10 ms, Shift by 1 s, Home/End, typed times, zoom keys', async () => {
    const { dialog, start, end, readout, user, main } = await openTrim();
    expect(readout()).toEqual({ start: '0:00.000', end: '2:00.000', length: '2:00.000' });
    expect(start).toHaveAttribute('aria-valuetext', '0:00.000');

    start.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(readout().start).toBe('0:00.030');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(readout().start).toBe('0:02.030');
    await user.keyboard('{ArrowLeft}');
    expect(start).toHaveAttribute('aria-valuenow', '2020');
    await user.keyboard('{Home}');
    expect(readout().start).toBe('0:00.000');

    end.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(readout().end).toBe('1:59.000');
    await user.keyboard('{End}');
    expect(readout().end).toBe('2:00.000');
    // the end cannot pass the start (a region is at least 100 ms)
    await user.keyboard('{Home}');
    expect(readout()).toMatchObject({ start: '0:00.000', end: '0:00.100', length: '0:00.100' });

    const startField = within(dialog).getByLabelText('Start time');
    const endField = within(dialog).getByLabelText('End time');
    await user.clear(endField);
    await user.type(endField, '1:10{Enter}');
    await user.clear(startField);
    await user.type(startField, '0:05.250{Enter}');
    expect(readout()).toEqual({ start: '0:05.250', end: '1:10.000', length: '1:04.750' });
    await user.clear(startField);
    await user.type(startField, 'soon{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type a time like 1:05.250');
    expect(startField).toHaveAttribute('aria-invalid', 'true');
    await user.clear(startField);
    await user.type(startField, '5.25{Enter}');
    expect(startField).not.toHaveAttribute('aria-invalid');

    // + and − zoom around the focused handle; the zoom out button undoes it
    const track = within(dialog).getByTestId('region-track');
    start.focus();
    await user.keyboard('++');
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('4.0× zoom');
    expect(Number(track.dataset.spanMs)).toBe(30_000);
    const fromMs = Number(track.dataset.fromMs);
    expect(fromMs).toBeLessThanOrEqual(5250);
    expect(fromMs + 30_000).toBeGreaterThanOrEqual(5250);
    expect(within(dialog).getByRole('slider', { name: 'Scroll the waveform' })).toBeInTheDocument();
    await user.keyboard('-');
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('2.0× zoom');
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('Whole length');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Fade in (seconds)'), '0.5');
    await user.type(within(dialog).getByLabelText('Fade out (seconds)'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Fade shape'), 'Equal power');
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    // main renders in its worker: progress in words and on a bar while it runs
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/^Making the new item… \d+%/),
    );
    expect(
      within(dialog).getByRole('progressbar', { name: 'Making the new item' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    // while it renders, Cancel becomes Stop
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeEnabled();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 60_000,
    });
    const sent = main.calls.find((c) => c.method === 'edit.trim');
    expect(sent?.args).toEqual([
      SONG.id,
      {
        startMs: 5250,
        endMs: 70_000,
        fadeInMs: 500,
        fadeOutMs: 2000,
        fadeCurve: 'equal-power',
        title: 'Night drive (trimmed)',
      },
    ]);
    expect(
      await screen.findByText(`Saved “${iso('Night drive (trimmed)')}” as a new item.`),
    ).toBeVisible();
    const made = await screen.findByRole('option', { name: /^Night drive \(trimmed\),/ });
    await user.click(made);
    const details = screen.getByRole('region', { name: 'Item details' });
    expect(await within(details).findByText('Trimmed from')).toBeVisible();
    expect(within(details).getByText(/, 0:05\.250 to 1:10\.000$/)).toBeVisible();
    await user.click(within(details).getByRole('button', { name: 'Night drive' }));
    expect(
      within(screen.getByRole('region', { name: 'Item details' })).getByRole('heading', {
        name: 'Night drive',
      }),
    ).toBeVisible();
  });

  it('chooses a region with the mouse: a drag across the waveform, then each handle dragged', async () => {
    const { dialog, start, end, readout } = await openTrim();
    const track = sizeTrack(dialog);
    // 10% → 50% of 2:00
    fireEvent.mouseDown(track, { clientX: 200, button: 0 });
    fireEvent.mouseMove(window, { clientX: 600 });
    fireEvent.mouseUp(window, { clientX: 600 });
    expect(readout()).toEqual({ start: '0:12.000', end: '1:00.000', length: '0:48.000' });
    // dragging backwards from the anchor works too
    fireEvent.mouseDown(track, { clientX: 700, button: 0 });
    fireEvent.mouseMove(window, { clientX: 350 });
    fireEvent.mouseUp(window);
    expect(readout()).toMatchObject({ start: '0:30.000', end: '1:12.000' });

    fireEvent.mouseDown(end, { clientX: 700, button: 0 });
    expect(end).toHaveFocus();
    fireEvent.mouseMove(window, { clientX: 1000 });
    fireEvent.mouseUp(window);
    expect(readout().end).toBe('1:48.000');
    fireEvent.mouseDown(start, { clientX: 350, button: 0 });
    fireEvent.mouseMove(window, { clientX: 50 });
    fireEvent.mouseUp(window);
    expect(readout()).toEqual({ start: '0:00.000', end: '1:48.000', length: '1:48.000' });
    // after mouseup, moving does nothing
    fireEvent.mouseMove(window, { clientX: 500 });
    expect(readout().start).toBe('0:00.000');

    // Ctrl+wheel zooms around the pointer (at 25% = 0:30, which stays under it)
    fireEvent.wheel(track, { clientX: 350, deltaY: -100, ctrlKey: true });
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('2.0× zoom');
    expect(Number(track.dataset.fromMs)).toBe(15_000);
    fireEvent.wheel(track, { clientX: 350, deltaY: 100, ctrlKey: true });
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('Whole length');
    // a plain wheel does not zoom
    fireEvent.wheel(track, { clientX: 350, deltaY: -100 });
    expect(within(dialog).getByTestId('zoom-level')).toHaveTextContent('Whole length');
  });

  it('asks main for finer peaks of the window once zoomed past the cached ones', async () => {
    const { dialog, start, user, calls } = await openTrim();
    const wave = () => dialog.querySelector('svg.region-wave')!;
    start.focus();
    await user.keyboard('++++'); // 16×: 7.5 s over 400 bars, finer than 50 peaks a second
    expect(wave().getAttribute('data-resolution')).toBe('coarse');
    expect(calls('analysis.waveformWindow')).toHaveLength(0);
    await user.keyboard('+');
    // main decodes the window in its worker (started on first use: slow on a loaded machine)
    await waitFor(() => expect(wave().getAttribute('data-resolution')).toBe('fine'), {
      timeout: 30_000,
    });
    const asked = calls('analysis.waveformWindow');
    expect(asked).toHaveLength(1);
    const track = within(dialog).getByTestId('region-track');
    expect(asked[0]!.args).toEqual([
      SONG.id,
      {
        fromMs: Number(track.dataset.fromMs),
        toMs: Number(track.dataset.fromMs) + 3750,
        bars: 400,
      },
    ]);
    await user.keyboard('-----');
    expect(wave().getAttribute('data-resolution')).toBe('coarse');
  });

  it('plays the selection through the one player and stops at its end', async () => {
    const { dialog, readout, user } = await openTrim();
    const startField = within(dialog).getByLabelText('Start time');
    const endField = within(dialog).getByLabelText('End time');
    await user.clear(endField);
    await user.type(endField, '0:20{Enter}');
    await user.clear(startField);
    await user.type(startField, '0:10{Enter}');
    expect(readout().length).toBe('0:10.000');
    await user.click(within(dialog).getByRole('button', { name: 'Play selection' }));
    await waitFor(() => expect(usePlayerStore.getState().status).toBe('playing'));
    const engine = engines.last();
    expect(engine.source.url).toBe('cadenza-media://library/Night%20drive.wav');
    expect(engine.calls).toContain('seek:10');
    expect(usePlayerStore.getState().solo?.origin).toBe('Trim');
    act(() => {
      engine.positionS = 15;
    });
    await waitFor(() => expect(usePlayerStore.getState().positionS).toBe(15));
    expect(engine.calls).not.toContain('pause');
    engine.positionS = 20.01;
    await waitFor(() => expect(engine.calls).toContain('pause'));
    await waitFor(() => expect(usePlayerStore.getState().status).toBe('paused'));
  });

  it('refuses fades longer than the region and shows main’s refusal', async () => {
    const { dialog, user, main, calls } = await openTrim();
    const endField = within(dialog).getByLabelText('End time');
    await user.clear(endField);
    await user.type(endField, '1{Enter}');
    await user.type(within(dialog).getByLabelText('Fade out (seconds)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The fades together are longer than the region.',
    );
    expect(calls('edit.trim')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Fade out (seconds)'));
    // the file changed on disk since: it is no longer audio main can read
    await main.addToLibrary([{ ...SONG, data: 'no longer audio' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(
      /\S/,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Stop (or Escape) while it renders stops it: nothing saved, the dialog stays to try again', async () => {
    const { dialog, user, main } = await openTrim();
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(main.callsOf('edit.cancel')).toEqual([[SONG.id]]);
    expect(
      await within(dialog).findByText(
        'Stopped. Nothing was saved; the original is as it was.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await main.libraryFiles()).toEqual(['Night drive.wav', 'Night drive.wav.json']);

    // Escape stops too, and does not close the dialog while the render runs
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    await user.keyboard('{Escape}');
    expect(main.callsOf('edit.cancel')).toHaveLength(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await within(dialog).findByText(/^Stopped\./, {}, { timeout: 30_000 })).toBeVisible();
    // and the next try runs to the end
    await user.click(within(dialog).getByRole('button', { name: 'Save as new item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 60_000,
    });
  });
});
