import { create } from 'zustand';

/**
 * Where focus goes once a panel opens on someone's request: the key field (a gate's "Open
 * Account"), the song description (first run's "Make your first song").
 */
export type FocusRequest = 'api-key' | 'song-description' | null;

/** Which panel the frame shows. Panels are identified by their registry id. */
export interface UiState {
  activePanelId: string | null;
  /** A field to focus once the active panel has rendered; the panel clears it. */
  focusRequest: FocusRequest;
}

export const useUiStore = create<UiState>()(() => ({ activePanelId: null, focusRequest: null }));

export function showPanel(id: string, focusRequest: FocusRequest = null): void {
  useUiStore.setState({ activePanelId: id, focusRequest });
}

/** The panel that asked for focus took it. */
export function clearFocusRequest(): void {
  useUiStore.setState({ focusRequest: null });
}

export function resetUiStore(): void {
  useUiStore.setState({ activePanelId: null, focusRequest: null });
}

export const selectActivePanelId = (s: UiState): string | null => s.activePanelId;
