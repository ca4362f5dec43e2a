/**
 * Every keyboard shortcut of the app in one dialog, opened with Ctrl/Cmd+/ or ? (outside text
 * fields) from anywhere (ShortcutOverviewHost listens; this module loads on the first open). The keys are named for the platform (⌘ on macOS); the list is a table of
 * catalog keys, translated where shown.
 */
import { useRef } from 'react';
import { Button } from '../components';
import { Modal } from '../components/Modal';
import { useTranslation } from '../i18n';
import { isMac } from '../lib/platform';

/** A key named by its symbol ('Ctrl+A'), or by a word from the catalog (a media key). */
type Key = string | { word: string };
type Keys = (mac: boolean) => Key[];
const mod = (mac: boolean) => (mac ? '⌘' : 'Ctrl');

/**
 * Every key the app answers: the window-wide keys (shortcuts.ts, media-keys.ts, the overview's
 * host), the Library list's (panels/library/keys.ts), a collection's tracks (CollectionTracks),
 * the trim editor's (RegionEditor) and the application menu's accelerators (main's menu.ts). A
 * row whose keys are empty on this platform is left out.
 */
const GROUPS: ReadonlyArray<{ title: string; rows: ReadonlyArray<[Keys, string]> }> = [
  {
    title: 'shell:shortcuts.app',
    rows: [
      [(m) => [`${mod(m)}+1…9`], 'shell:shortcuts.panels'],
      [(m) => [`${mod(m)}+,`], 'shell:shortcuts.settings'],
      [(m) => [`${mod(m)}+Enter`], 'shell:shortcuts.submit'],
      [(m) => [`${mod(m)}+/`, '?'], 'shell:shortcuts.overview'],
      [() => ['Esc'], 'shell:shortcuts.closeDialog'],
    ],
  },
  {
    title: 'shell:shortcuts.player',
    rows: [
      [() => ['Space', 'K'], 'shell:shortcuts.playPause'],
      [() => ['J', 'L'], 'shell:shortcuts.seek10'],
      [() => ['Alt+←', 'Alt+→'], 'shell:shortcuts.seek5'],
      [() => ['Shift+N', 'Shift+P'], 'shell:shortcuts.nextPrevious'],
      [() => ['M'], 'shell:shortcuts.mute'],
      [
        () => [
          { word: 'shell:shortcuts.mediaKey.playPause' },
          { word: 'shell:shortcuts.mediaKey.next' },
          { word: 'shell:shortcuts.mediaKey.previous' },
          { word: 'shell:shortcuts.mediaKey.stop' },
        ],
        'shell:shortcuts.mediaKeys',
      ],
      [() => ['Esc'], 'shell:shortcuts.closeQueue'],
    ],
  },
  {
    title: 'shell:shortcuts.library',
    rows: [
      [() => ['↑', '↓', 'PgUp', 'PgDn', 'Home', 'End'], 'shell:shortcuts.move'],
      [() => ['Shift+↑', 'Shift+↓'], 'shell:shortcuts.extend'],
      [(m) => [`${mod(m)}+click`, 'Shift+click'], 'shell:shortcuts.clickSelect'],
      [(m) => [`${mod(m)}+A`], 'shell:shortcuts.selectAll'],
      [() => ['Esc'], 'shell:shortcuts.clear'],
      [(m) => (m ? ['⌘+↓', '⌘+O'] : ['Enter']), 'shell:shortcuts.play'],
      [(m) => (m ? ['Enter', 'F2'] : ['F2']), 'shell:shortcuts.rename'],
      [(m) => (m ? ['⌘+Backspace'] : ['Delete']), 'shell:shortcuts.trash'],
      [(m) => [`${mod(m)}+Z`], 'shell:shortcuts.undo'],
    ],
  },
  {
    title: 'shell:shortcuts.collection',
    rows: [
      [() => ['Alt+↑', 'Alt+↓'], 'shell:shortcuts.reorder'],
      [() => ['Enter'], 'shell:shortcuts.openTrack'],
    ],
  },
  {
    title: 'shell:shortcuts.trim',
    rows: [
      [() => ['←', '→'], 'shell:shortcuts.trimNudge'],
      [() => ['Shift+←', 'Shift+→'], 'shell:shortcuts.trimStep'],
      [() => ['Home', 'End'], 'shell:shortcuts.trimEnds'],
      [() => ['+', '−'], 'shell:shortcuts.zoom'],
    ],
  },
  {
    title: 'shell:shortcuts.menus',
    rows: [
      [(m) => [m ? '⇧⌘Z' : 'Ctrl+Shift+Z'], 'shell:shortcuts.redo'],
      [(m) => [`${mod(m)}+X`, `${mod(m)}+C`, `${mod(m)}+V`], 'shell:shortcuts.clipboard'],
      [(m) => [`${mod(m)}+0`, `${mod(m)}++`, `${mod(m)}+-`], 'shell:shortcuts.zoomApp'],
      [(m) => [m ? '⌃⌘F' : 'F11'], 'shell:shortcuts.fullScreen'],
      [(m) => [`${mod(m)}+M`, `${mod(m)}+W`], 'shell:shortcuts.window'],
      [(m) => [`${mod(m)}+Q`], 'shell:shortcuts.quit'],
      [(m) => (m ? ['⌘+H', '⌥⌘+H'] : []), 'shell:shortcuts.hide'],
    ],
  },
];

/** Key names the language has its own word for (German keyboards say Strg, Entf, Pos1…). */
const KEY_NAMES: Readonly<Record<string, string>> = {
  Ctrl: 'shell:shortcuts.keyName.ctrl',
  Shift: 'shell:shortcuts.keyName.shift',
  Alt: 'shell:shortcuts.keyName.alt',
  Space: 'shell:shortcuts.keyName.space',
  Enter: 'shell:shortcuts.keyName.enter',
  Esc: 'shell:shortcuts.keyName.esc',
  Home: 'shell:shortcuts.keyName.home',
  End: 'shell:shortcuts.keyName.end',
  PgUp: 'shell:shortcuts.keyName.pgUp',
  PgDn: 'shell:shortcuts.keyName.pgDn',
  Delete: 'shell:shortcuts.keyName.delete',
  Backspace: 'shell:shortcuts.keyName.backspace',
  click: 'shell:shortcuts.keyName.click',
};

/** 'Ctrl+Shift+Z' in the language's key names; a lone '+' ('Ctrl++') stays the key it is. */
function keyCombo(combo: string, t: (key: string) => string): string {
  return combo
    .split(/(?<!^)\+(?!$)/)
    .map((part) => (KEY_NAMES[part] ? t(KEY_NAMES[part]) : part))
    .join('+');
}

/** The dialog itself (its own chunk: ShortcutOverviewHost opens it on its key). */
export function ShortcutOverview({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  const mac = isMac();
  return (
    <Modal
      title={t('shell:shortcuts.title')}
      className="shortcut-overview"
      initialFocusRef={close}
      onCancel={onClose}
      actions={
        <Button ref={close} onClick={onClose}>
          {t('common:close')}
        </Button>
      }
    >
      {/* its own scroller, reachable by keyboard (the list is longer than a small window) */}
      <div
        className="shortcut-scroll"
        tabIndex={0}
        role="group"
        aria-label={t('shell:shortcuts.title')}
      >
        {GROUPS.map((g) => (
          <section key={g.title} className="shortcut-group">
            <h3 className="shortcut-group-title">{t(g.title)}</h3>
            <dl className="shortcut-list">
              {g.rows.map(([keys, label]) =>
                keys(mac).length === 0 ? null : (
                  <div key={label} className="shortcut-row">
                    <dt>
                      {keys(mac).map((k) =>
                        typeof k === 'string' ? (
                          <kbd key={k} translate="no">
                            {keyCombo(k, t)}
                          </kbd>
                        ) : (
                          <kbd key={k.word}>{t(k.word)}</kbd>
                        ),
                      )}
                    </dt>
                    <dd>{t(label)}</dd>
                  </div>
                ),
              )}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
