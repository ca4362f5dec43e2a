import './components.css';
import {
  forwardRef,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { describedBy, FieldNotes } from './field-parts';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  id?: string | undefined;
  /** Grows with its text from `rows` up to `maxRows` (then scrolls). */
  grow?: boolean;
  maxRows?: number;
  /** Something between the label and the box (a toolbar). */
  toolbar?: ReactNode;
}

/** Sets the box's height to its text's, between its minimum rows and `maxRows`. */
function fit(el: HTMLTextAreaElement, maxRows: number): void {
  const style = getComputedStyle(el);
  const line = parseFloat(style.lineHeight) || 20;
  const chrome =
    parseFloat(style.paddingTop) +
    parseFloat(style.paddingBottom) +
    parseFloat(style.borderTopWidth) +
    parseFloat(style.borderBottomWidth);
  el.style.height = 'auto';
  const wanted = el.scrollHeight + (parseFloat(style.borderTopWidth) || 0) * 2;
  const max = line * maxRows + (chrome || 0);
  el.style.height = `${Math.min(wanted, max)}px`;
  el.style.overflowY = wanted > max ? 'auto' : 'hidden';
}

/** A labelled multi-line input with its hint and error; `grow` makes it follow its text. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, id, grow = false, maxRows = 24, toolbar, className, rows = 3, ...rest },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  const inner = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => inner.current!, []);
  useLayoutEffect(() => {
    if (grow && inner.current) fit(inner.current, maxRows);
  }, [grow, maxRows, rest.value]);
  return (
    <div className="field">
      <label htmlFor={fieldId} className="field-label">
        {label}
      </label>
      {toolbar}
      <textarea
        ref={inner}
        id={fieldId}
        rows={rows}
        className={`input textarea${grow ? ' textarea-grow' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error, rest['aria-describedby'])}
        {...rest}
      />
      <FieldNotes id={fieldId} hint={hint} error={error} />
    </div>
  );
});
