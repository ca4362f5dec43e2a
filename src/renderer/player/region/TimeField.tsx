import { useState } from 'react';
import { formatTimeMs, parseTimeMs } from '@shared/time';
import { TextField } from '../../components';
import { useTranslation } from '../../i18n';

interface TimeFieldProps {
  label: string;
  valueMs: number;
  /** A time typed and confirmed (Enter or leaving the field), in ms; the caller keeps it valid. */
  onCommit(ms: number): void;
}

/**
 * An exact time typed as m:ss.mmm (or seconds: "75.5"). It shows the value while not being
 * edited; a text that is not a time says so and is kept for correction (Escape puts it back).
 */
export function TimeField({ label, valueMs, onCommit }: TimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    if (text === null) return;
    const ms = parseTimeMs(text);
    if (ms === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(null);
    onCommit(ms);
  };
  return (
    <TextField
      label={label}
      className="mono region-time"
      inputMode="decimal"
      spellCheck={false}
      autoComplete="off"
      value={text ?? formatTimeMs(valueMs)}
      error={invalid ? t('edit:region.timeInvalid') : null}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape' && text !== null) {
          e.stopPropagation();
          setText(null);
          setInvalid(false);
        }
      }}
    />
  );
}
