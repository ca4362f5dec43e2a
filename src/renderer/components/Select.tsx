import './components.css';
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldNotes } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null | undefined;
  id?: string | undefined;
  options?: readonly SelectOption[];
}

/** A labelled, styled select (a native one underneath, so keyboard and screen readers know it). */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hideLabel, hint, error, id, options, children, className, ...rest },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="field">
      <label htmlFor={fieldId} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        className={`input select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error, rest['aria-describedby'])}
        {...rest}
      >
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <FieldNotes id={fieldId} hint={hint} error={error} />
    </div>
  );
});
