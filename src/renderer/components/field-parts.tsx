import type { ReactNode } from 'react';

/** The ids a field's control points to with aria-describedby: its hint, then its error. */
export function describedBy(
  id: string,
  hint: ReactNode,
  error: string | null | undefined,
  extra?: string,
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', extra ?? ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's hint and error lines (ids `${id}-hint`, `${id}-error`). */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | null | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
