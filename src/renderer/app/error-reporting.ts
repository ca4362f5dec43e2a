/**
 * Errors the renderer did not handle — window 'error' events and unhandled promise rejections —
 * go to main's log (diagnostics.reportRendererError), clipped to the contract's limits. Main
 * validates and rate-limits them; here a failed report is dropped, never reported again.
 */
import type { RendererError } from '@shared/ipc/diagnostics';
import { RENDERER_ERROR_LIMITS } from '@shared/ipc/renderer-error-limits';
import { call } from '../bridge';

const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function describe(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) {
    return {
      message: `${value.name}: ${value.message}`,
      ...(value.stack ? { stack: value.stack } : {}),
    };
  }
  try {
    return { message: typeof value === 'string' ? value : JSON.stringify(value) };
  } catch {
    return { message: String(value) };
  }
}

function report(error: RendererError): void {
  const bounded: RendererError = {
    ...error,
    message: clip(error.message || 'unknown error', RENDERER_ERROR_LIMITS.message),
    ...(error.stack ? { stack: clip(error.stack, RENDERER_ERROR_LIMITS.stack) } : {}),
    ...(error.source ? { source: clip(error.source, RENDERER_ERROR_LIMITS.source) } : {}),
  };
  void call((api) => api.diagnostics.reportRendererError(bounded));
}

/** A view that failed to render (the ErrorBoundary caught it, so no window event fires). */
export function reportRenderFailure(error: unknown, componentStack?: string | null): void {
  const { message, stack } = describe(error);
  const where = componentStack ? `\nComponent stack:${componentStack}` : '';
  report({
    kind: 'error',
    message: `a view failed to render: ${message}`,
    stack: `${stack ?? ''}${where}`,
  });
}

/** Starts forwarding; returns a function that stops it. */
export function forwardRendererErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent): void => {
    const { message, stack } = describe(event.error ?? event.message);
    report({
      kind: 'error',
      message: event.message || message,
      ...(stack ? { stack } : {}),
      ...(event.filename ? { source: event.filename } : {}),
      ...(event.lineno ? { line: event.lineno } : {}),
      ...(event.colno ? { column: event.colno } : {}),
    });
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    report({ kind: 'unhandledrejection', ...describe(event.reason) });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
