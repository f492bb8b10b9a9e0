import { useId, useState } from 'react';
import type { OptionChoice } from './api';

interface OptionPickerProps {
  label: string;
  choices: OptionChoice[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}

/** A searchable select of scent options: a filter box narrows a native select (keyboard and screen-reader friendly). */
export function OptionPicker({ label, choices, value, onChange, error }: OptionPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = choices.filter((c) => !needle || c.title.toLowerCase().includes(needle) || c.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        type="search"
        className="picker-filter"
        placeholder="Type to search"
        aria-label={`Search ${label}`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <select
        id={id}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Select…</option>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
