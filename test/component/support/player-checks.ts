/** What the one player bar shows and plays, for panel tests (the fake engines stand in for media). */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { installedEngines } from './fake-engine';

export const playerBar = (): HTMLElement => screen.getByRole('region', { name: 'Player' });

/** The bar plays `url` (its engine was made for it and plays), showing `title` and `origin`. */
export async function expectPlayerPlays(
  url: string,
  { title, origin }: { title?: string; origin?: string } = {},
): Promise<void> {
  const bar = playerBar();
  await waitFor(() => expect(bar).toHaveAttribute('data-src', url));
  await waitFor(() => expect(bar).toHaveAttribute('data-status', 'playing'));
  const engine = installedEngines().last();
  expect(engine.source.url).toBe(url);
  expect(engine.playing).toBe(true);
  if (title) expect(within(bar).getByTestId('player-title')).toHaveTextContent(title);
  if (origin) expect(within(bar).getByTestId('player-origin')).toHaveTextContent(origin);
}
