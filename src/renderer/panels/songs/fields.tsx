import type { KeyboardEvent, ReactNode } from 'react';
import { MODEL_VERSIONS, type ModelVersion } from '@shared/domain/service-limits';
import { useTranslation } from '../../i18n';

/** A form's keydown handler that submits on Ctrl+Enter (Cmd+Enter on macOS). */
export const submitOnCtrlEnter =
  (submit: () => void) =>
  (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };

/**
 * Renders a field's error (an alert with id `${formId}-${field}-error`, for aria-describedby), or
 * nothing when `errorOf(field)` has none.
 */
export const fieldErrors =
  (formId: string, errorOf: (field: string) => string | undefined) =>
  (field: string): ReactNode => {
    const msg = errorOf(field);
    return msg ? (
      <p id={`${formId}-${field}-error`} className="field-error" role="alert">
        {msg}
      </p>
    ) : null;
  };

interface ModelSelectProps {
  id: string;
  label: string;
  value: ModelVersion;
  disabled?: boolean;
  describedBy?: string;
  onChange(modelVersion: ModelVersion): void;
}

/** The labelled model version picker. */
export function ModelSelect({
  id,
  label,
  value,
  disabled,
  describedBy,
  onChange,
}: ModelSelectProps) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value as ModelVersion)}
      >
        {MODEL_VERSIONS.map((v) => (
          <option key={v} value={v} translate="no">
            {v}
          </option>
        ))}
      </select>
    </>
  );
}

interface SubmitRowProps {
  label: string;
  submitting: boolean;
  /** A readiness gate refuses (its message is beside the form, `describedBy` names it). */
  blocked?: boolean;
  describedBy?: string | undefined;
  /** Shown after "Ctrl+Enter · ". */
  hint: string;
}

/** The form's submit button (Ctrl+Enter also submits) and its hint. */
export function SubmitRow({ label, submitting, blocked, describedBy, hint }: SubmitRowProps) {
  const { t } = useTranslation();
  return (
    <div className="field-row submit-row">
      <button
        type="submit"
        className="button button-primary"
        disabled={submitting || blocked}
        aria-describedby={describedBy}
        aria-keyshortcuts="Control+Enter"
      >
        {submitting ? t('songs:submit.submitting') : label}
      </button>
      <span className="muted small">{t('songs:submit.hint', { hint })}</span>
    </div>
  );
}
