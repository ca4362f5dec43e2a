import { useTranslation } from '../../i18n';

interface OptionSelectProps<Id extends string> {
  label: string;
  /** Each option's id and its label's catalog key. */
  options: readonly { id: string; label: string }[];
  value: Id;
  onChange(id: Id): void;
}

/** A toolbar select named by its aria-label; one option per entry of `options`. */
export function OptionSelect<Id extends string>({
  label,
  options,
  value,
  onChange,
}: OptionSelectProps<Id>) {
  const { t } = useTranslation();
  return (
    <select
      className="input select"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as Id)}
    >
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {t(o.label)}
        </option>
      ))}
    </select>
  );
}
