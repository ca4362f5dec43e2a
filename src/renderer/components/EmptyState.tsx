import './components.css';
import type { ReactNode } from 'react';

/** What a panel or list shows when it has nothing yet: what goes here, and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** The next step, as a button. */
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" role="note" aria-label={title}>
      {icon ? (
        <div className="empty-state-icon" aria-hidden>
          {icon}
        </div>
      ) : null}
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-body">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
