import { create } from 'zustand';
import type { FileInfo } from '@shared/domain/files';
import { bridge, call } from '../bridge';
import { setCoverSourceFile } from './covers';
import { addRegisteredRecordings } from './voices';

/**
 * "Open with Cadenza": audio files the OS opened with the app, already registered in main as
 * handles. They wait here until the user picks what to do with them; choosing only fills a form
 * (the cover source or the clone recordings) — nothing goes to the service until that form is sent.
 */
export interface OpenWithState {
  files: FileInfo[];
}

export type OpenWithChoice = 'cover' | 'clone';

/** The panel each choice opens (registry ids). */
export const PANEL_OF: Record<OpenWithChoice, string> = { cover: 'covers', clone: 'voice' };

/**
 * The card each choice lands on, by its accessible name's key (the panel's words: looked up when
 * the panel is open, so its catalog is in).
 */
export const CARD_OF = { cover: 'covers:cover.title', clone: 'voice:clone.title' } as const;

export const useOpenWithStore = create<OpenWithState>()(() => ({ files: [] }));
const get = useOpenWithStore.getState;

function arrived(files: readonly FileInfo[]): void {
  const have = get().files;
  const fresh = files.filter((f) => !have.some((h) => h.handle === f.handle));
  if (fresh.length > 0) useOpenWithStore.setState({ files: [...have, ...fresh] });
}

/**
 * Listens for `filesOpened`, then asks main for the files opened before this window was ready.
 * Returns the unsubscribe function.
 */
export function followOpenedFiles(): () => void {
  let off: () => void = () => undefined;
  try {
    off = bridge().on.filesOpened((files) => arrived(files));
  } catch {
    return off; // no bridge: nothing can be opened
  }
  void call((api) => api.files.takeOpened()).then((r) => {
    if (r.ok) arrived(r.value);
  });
  return off;
}

/**
 * Puts the waiting files where the choice needs them and answers the panel to show: a cover takes
 * the first file as its source (the others are released), a clone takes them all as recordings.
 */
export function chooseOpenWith(choice: OpenWithChoice): string {
  const files = get().files;
  useOpenWithStore.setState({ files: [] });
  if (choice === 'cover') {
    const [first, ...rest] = files;
    if (first) setCoverSourceFile(first);
    release(rest);
  } else {
    void addRegisteredRecordings(files);
  }
  return PANEL_OF[choice];
}

/** The user declined: forget the files (main releases their handles). */
export function dismissOpenedFiles(): void {
  const files = get().files;
  useOpenWithStore.setState({ files: [] });
  release(files);
}

function release(files: readonly FileInfo[]): void {
  if (files.length > 0) void call((api) => api.files.release(files.map((f) => f.handle)));
}

/** For tests. */
export function resetOpenWithStore(): void {
  useOpenWithStore.setState({ files: [] });
}
