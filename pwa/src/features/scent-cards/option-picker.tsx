import { useId, useState } from 'react';
import type { OptionChoice } from './api';

interface OptionPickerProps {
  label: string;
  choices: OptionChoice[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  /** A filter box above the select (the catalogue's long list); off for a short list. */
  searchable?: boolean;
  placeholder?: string;
}

/** A searchable select of scent options: a filter box narrows a native select (keyboard and screen-reader friendly). */
export function OptionPicker({
  label,
  choices,
  value,
  onChange,
  error,
  searchable = true,
  placeholder = 'Select…',
}: OptionPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = choices.filter((c) => !needle || c.title.toLowerCase().includes(needle) || c.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {searchable && (
        <input
          type="search"
          className="picker-filter"
          placeholder="Type to search"
          aria-label={`Search ${label}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <select
        id={id}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{placeholder}</option>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
