import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { PanelDef } from '../panels/types';
import { isMac } from '../lib/platform';
import { useTranslation } from '../i18n';

interface SidebarProps {
  panels: readonly PanelDef[];
  activeId: string | null;
  onOpen: (id: string) => void;
  /** Icons only (the names stay the buttons' accessible names and tooltips). */
  collapsed?: boolean;
  onToggle?: () => void;
}

/** One button per registered panel; the first nine have Ctrl/Cmd+digit shortcuts, Settings Ctrl/Cmd+, too. */
export function Sidebar({ panels, activeId, onOpen, collapsed = false, onToggle }: SidebarProps) {
  const { t } = useTranslation();
  const mac = isMac();
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <nav
      aria-label={t('shell:nav.label')}
      className={collapsed ? 'sidebar sidebar-collapsed' : 'sidebar'}
    >
      <ul className="nav-list">
        {panels.map((panel, index) => {
          const digit = index < 9 ? String(index + 1) : null;
          const current = panel.id === activeId;
          const mod = mac ? 'Meta' : 'Control';
          const keys = [
            ...(digit ? [`${mod}+${digit}`] : []),
            ...(panel.id === 'settings' ? [`${mod}+,`] : []),
          ];
          return (
            <li key={panel.id}>
              <button
                type="button"
                className={current ? 'nav-item nav-item-active' : 'nav-item'}
                aria-current={current ? 'page' : undefined}
                aria-keyshortcuts={keys.length ? keys.join(' ') : undefined}
                title={collapsed ? t(panel.label) : undefined}
                onClick={() => onOpen(panel.id)}
              >
                <panel.Icon />
                <span className="nav-label">{t(panel.label)}</span>
                {digit && (
                  <kbd className="nav-shortcut" aria-hidden>
                    {mac ? `⌘${digit}` : t('shell:nav.shortcut', { digit })}
                  </kbd>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {onToggle && (
        <button
          type="button"
          className="nav-item sidebar-toggle"
          aria-expanded={!collapsed}
          title={collapsed ? t('shell:nav.showNames') : undefined}
          onClick={onToggle}
        >
          <ToggleIcon size={18} strokeWidth={1.8} aria-hidden focusable={false} />
          <span className="nav-label">
            {collapsed ? t('shell:nav.showNames') : t('shell:nav.hideNames')}
          </span>
        </button>
      )}
    </nav>
  );
}
