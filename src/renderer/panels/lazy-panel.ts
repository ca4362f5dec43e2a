import { createElement, use, type ComponentType, type ReactElement } from 'react';
import { loadAllNamespaces } from '../i18n';

/** A panel component fetched on demand (its own chunk), with a way to fetch it ahead of time. */
export interface LazyPanel {
  (): ReactElement;
  /** Starts (or joins) loading the chunk; resolves when the panel renders without waiting. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but once the chunk is in, the panel renders at once (React.lazy suspends on
 * its first render even when the module has already arrived). Until then it suspends with `use`.
 * The chunk and the panels' catalogs (every namespace of the app's language) arrive together.
 */
export function lazyPanel(load: () => Promise<ComponentType>): LazyPanel {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchOnce = (): Promise<ComponentType> =>
    (pending ??= Promise.all([load(), loadAllNamespaces()]).then(
      ([component]) => (loaded = component),
      (e: unknown) => {
        pending = undefined; // a failed fetch may be tried again
        throw e;
      },
    ));
  const Panel = (): ReactElement => createElement(loaded ?? use(fetchOnce()));
  Panel.preload = async (): Promise<void> => {
    await fetchOnce();
  };
  return Panel;
}
