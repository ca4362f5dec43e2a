import './components.css';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldNotes } from './field-parts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Hides the label visually (it stays the input's accessible name). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null | undefined;
  id?: string | undefined;
  /** Something beside the input (a button), on the same row. */
  trailing?: ReactNode;
}

/** A labelled one-line input with its hint and error. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hideLabel, hint, error, id, trailing, className, ...rest },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  const input = (
    <input
      ref={ref}
      id={fieldId}
      className={`input${className ? ` ${className}` : ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(fieldId, hint, error, rest['aria-describedby'])}
      {...rest}
    />
  );
  return (
    <div className="field">
      <label htmlFor={fieldId} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {trailing ? (
        <div className="field-row">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
      <FieldNotes id={fieldId} hint={hint} error={error} />
    </div>
  );
});
