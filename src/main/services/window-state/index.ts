export { placeWindow, DEFAULT_SIZE, MIN_SIZE, type Rect, type WindowState } from './placement';
export { createWindowStateStore, WINDOW_STATE_FILE, type WindowStateStore } from './store';
