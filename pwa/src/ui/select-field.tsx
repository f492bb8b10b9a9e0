import { type SelectHTMLAttributes, useId } from 'react';

interface SelectFieldProps<T extends string | number>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  label: string;
  value: T | null;
  options: { value: T; label: string }[];
  onChange: (value: T | null) => void;
  /** The empty choice ("Select…"); none when every value is a valid choice. */
  placeholder?: string;
  error?: string;
}

/** A labelled select whose error is announced and tied to it; numbers stay numbers. */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  id,
  ...select
}: SelectFieldProps<T>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === '') return onChange(null);
          const picked = options.find((o) => String(o.value) === raw);
          onChange(picked ? picked.value : null);
        }}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
