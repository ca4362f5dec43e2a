import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPanel } from '../../src/renderer/panels/lazy-panel';

function Hello() {
  return <h1>Hello panel</h1>;
}

describe('panels loaded on demand', () => {
  it('shows the fallback until the chunk arrives, then the panel; later renders wait for nothing', async () => {
    let loads = 0;
    let arrive: (c: typeof Hello) => void = () => undefined;
    const Panel = lazyPanel(() => {
      loads += 1;
      return new Promise((resolve) => (arrive = resolve));
    });
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <Suspense fallback={<p>Loading</p>}>
          <Panel />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive(Hello)); // React retries the suspended render
    expect(screen.getByRole('heading', { name: 'Hello panel' })).toBeInTheDocument();
    view.unmount();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Panel />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello panel' })).toBeInTheDocument(); // no fallback
    expect(loads).toBe(1);
  });

  it('tries again after a failed fetch', async () => {
    let attempt = 0;
    const Panel = lazyPanel(() =>
      ++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Hello),
    );
    await expect(Panel.preload()).rejects.toThrow('offline');
    await Panel.preload();
    render(<Panel />);
    expect(screen.getByRole('heading', { name: 'Hello panel' })).toBeInTheDocument();
  });
});
