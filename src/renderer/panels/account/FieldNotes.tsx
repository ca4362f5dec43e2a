import { useId, type ReactNode } from 'react';

export interface FieldIds {
  inputId: string;
  hintId: string;
  errorId: string;
}

/** Ids tying a field's input to its hint and error. */
export function useFieldIds(): FieldIds {
  return { inputId: useId(), hintId: useId(), errorId: useId() };
}

/** The input's aria-describedby: the hint, then the error when there is one. */
export const describedBy = (ids: FieldIds, error: string | null | undefined): string =>
  error ? `${ids.hintId} ${ids.errorId}` : ids.hintId;

/** Under a field: its error (when there is one), then its hint. */
export function FieldNotes({
  ids,
  error,
  children,
}: {
  ids: FieldIds;
  error: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={ids.errorId} className="field-error">
          {error}
        </p>
      )}
      <p id={ids.hintId} className="field-hint">
        {children}
      </p>
    </>
  );
}
