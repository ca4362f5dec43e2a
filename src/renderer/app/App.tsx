import { lazy, Suspense, useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { LogoMark } from '../components/icons';
import { panels as registeredPanels, type PanelDef } from './panels';
import { followAccountChanges, loadStatus, useAccountStore } from '../stores/account';
import { selectActivePanelId, showPanel, useUiStore, type FocusRequest } from '../stores/ui';
import { PlayerBar } from '../player/PlayerBar';
import { useAccountLiveness } from '../readiness/useAccountLiveness';
import { ErrorBoundary } from './ErrorBoundary';
import { HeaderStatus } from './HeaderStatus';
import { OpenWithChooser } from './OpenWithChooser';
import { UpgradeConsent } from './UpgradeConsent';
import { ShortcutOverviewHost } from './ShortcutOverviewHost';
import { Sidebar } from './Sidebar';
import { usePanelShortcuts } from './shortcuts';
import { useTheme } from './theme';
import { useSidebar } from './useSidebar';
import { loadPreferences, usePreferencesStore } from '../stores/preferences';
import { currentLanguage, loadAllNamespaces, switchLanguage, useTranslation } from '../i18n';

/** Shown once per install: its own chunk, so the first screen of every other start stays small. */
// first run's words are in its own namespace: its chunk waits for the catalogs as a panel's does
const FirstRun = lazy(() =>
  Promise.all([import('./first-run/FirstRun'), loadAllNamespaces()]).then(([m]) => ({
    default: m.FirstRun,
  })),
);

interface AppProps {
  /** The sidebar's panels; the registry unless a test supplies its own. */
  panels?: readonly PanelDef[];
  onReload?: () => void;
}

/** The window's frame: title bar, sidebar, and the active panel. */
export function App({ panels = registeredPanels, onReload }: AppProps) {
  const { t } = useTranslation();
  const activeId = useUiStore(selectActivePanelId);
  const statusSettled = useAccountStore((s) => s.statusSettled);
  const mainRef = useRef<HTMLElement>(null);
  const active = panels.find((p) => p.id === activeId) ?? panels[0];

  useEffect(() => {
    void loadStatus();
    void loadPreferences();
    return followAccountChanges();
  }, []);
  useAccountLiveness();
  useTheme();
  // the language main reports (stored choice or the OS's best fit): catalogs and <html lang> follow
  const appLanguage = usePreferencesStore((s) => s.preferences?.appLanguage);
  useEffect(() => {
    if (appLanguage && appLanguage !== currentLanguage()) void switchLanguage(appLanguage);
  }, [appLanguage]);
  const sidebar = useSidebar();

  // End-to-end tests wait for this: first render done and the account status known.
  useEffect(() => {
    if (statusSettled) document.documentElement.dataset.appReady = 'true';
  }, [statusSettled]);

  const open = useCallback((id: string, focusRequest: FocusRequest = null) => {
    // focus first: a field the panel focuses as it renders (its focus request) keeps it
    mainRef.current?.focus();
    flushSync(() => showPanel(id, focusRequest));
  }, []);
  usePanelShortcuts(panels, open);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  const hasAccount = panels.some((p) => p.id === 'account');
  const firstRun = usePreferencesStore((s) => s.preferences?.firstRunDone === false);
  const endFirstRun = useCallback(
    (openSongs: boolean) => {
      const songs = panels.some((p) => p.id === 'songs');
      // after "Make your first song" the studio opens on Songs, focus (with its ring) on the
      // description field, which the panel takes once it has rendered
      if (openSongs && songs) requestAnimationFrame(() => open('songs', 'song-description'));
    },
    [panels, open],
  );

  if (firstRun)
    return (
      <Suspense fallback={null}>
        <FirstRun onDone={endFirstRun} />
      </Suspense>
    );

  return (
    <div
      className={
        sidebar.collapsed ? 'app app-with-player app-nav-collapsed' : 'app app-with-player'
      }
    >
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        {t('shell:skipToContent')}
      </a>
      <header className="topbar">
        <div className="brand">
          <LogoMark />
          <span className="brand-name">Cadenza</span>
        </div>
        <HeaderStatus onOpenAccount={hasAccount ? () => open('account') : null} />
      </header>
      <Sidebar
        panels={panels}
        activeId={active?.id ?? null}
        onOpen={open}
        collapsed={sidebar.collapsed}
        onToggle={sidebar.toggle}
      />
      <main id="main-content" className="content" ref={mainRef} tabIndex={-1}>
        {active && (
          <ErrorBoundary key={active.id} onReload={onReload}>
            {/* panels load on demand (their own chunks): nothing shows for the moment it takes */}
            <Suspense fallback={null}>
              <active.Component />
              <FirstPanelMark />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      {/* outside the panels, so playback goes on while switching panels */}
      <ErrorBoundary onReload={onReload}>
        <PlayerBar />
      </ErrorBoundary>
      {/* audio files opened with Cadenza: make a cover or clone a voice */}
      <OpenWithChooser panelIds={panels.map((p) => p.id)} onOpenPanel={open} />
      <UpgradeConsent />
      <ShortcutOverviewHost />
    </div>
  );
}

let firstPanelMarked = false;
/**
 * Marks the first frame painted with a panel in it (`cadenza:first-panel-paint` in the page's
 * performance timeline): the renderer-start figure of the benches.
 */
function FirstPanelMark(): null {
  useEffect(() => {
    if (firstPanelMarked) return;
    firstPanelMarked = true;
    requestAnimationFrame(() => performance.mark('cadenza:first-panel-paint'));
  }, []);
  return null;
}

/** The app inside a last-resort error boundary. */
export function Root(props: AppProps) {
  return (
    <ErrorBoundary onReload={props.onReload}>
      <App {...props} />
    </ErrorBoundary>
  );
}
