import { create } from 'zustand';

/** Which panel the frame shows. Panels are identified by their registry id. */
export interface UiState {
  activePanelId: string | null;
}

export const useUiStore = create<UiState>()(() => ({ activePanelId: null }));

export function showPanel(id: string): void {
  useUiStore.setState({ activePanelId: id });
}

export function resetUiStore(): void {
  useUiStore.setState({ activePanelId: null });
}

export const selectActivePanelId = (s: UiState): string | null => s.activePanelId;
