import { type InputHTMLAttributes, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/**
 * A labelled input whose error is announced and tied to it with aria-describedby. `maxLength`
 * counts characters (code points), as the shared schema's limits do.
 */
export function Field({
  label,
  error,
  id,
  maxLength,
  onChange,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  ...input
}: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        // The message shown here speaks for the input; without one, what the caller says (a
        // range's shared message below two inputs).
        aria-invalid={error ? true : ariaInvalid}
        aria-describedby={error ? errorId : ariaDescribedBy}
        {...input}
        onChange={
          maxLength === undefined
            ? onChange
            : (e) => {
                // The limit in characters (code points) as the server's rules count it (zod), not in
                // UTF-16 units as the maxLength attribute would: 🍋 is one character, not two.
                const chars = Array.from(e.target.value);
                if (chars.length > maxLength) e.target.value = chars.slice(0, maxLength).join('');
                onChange?.(e);
              }
        }
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
