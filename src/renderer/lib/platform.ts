/** The platform the window runs on, for the modifier key shortcuts use (Cmd on macOS, Ctrl elsewhere). */
export const isMac = (): boolean =>
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
