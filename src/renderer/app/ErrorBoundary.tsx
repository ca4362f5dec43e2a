import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRenderFailure } from './error-reporting';
import { t } from '../i18n';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Reloads the window; replaceable in tests. */
  onReload?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches a rendering failure and offers a reload instead of a blank window. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Cadenza: a view failed to render', error, info.componentStack);
    reportRenderFailure(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <div role="alert" className="crash">
        <p className="crash-title">{t('shell:crash.title')}</p>
        <p className="muted">{t('shell:crash.body')}</p>
        <button type="button" className="button button-primary" onClick={reload}>
          {t('shell:crash.reload')}
        </button>
      </div>
    );
  }
}
