import { type FieldErrors, MSG, parseRequest } from '@scentry/shared-schema';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../lib/api';
import { type ToastKind, useToast } from './toast';

/**
 * The one toast rule for a refused or failed call (spec §8): a Warning is a warning with the
 * server's message; a Failure an error (or a warning where the spec says so); no answer at all
 * (network) an error saying something went wrong, with the reason.
 */
export function failureToast(err: unknown, failureAs: ToastKind = 'error'): { kind: ToastKind; message: string } {
  if (err instanceof ApiFailure && err.httpStatus !== 0 && err.message !== MSG.serverError) {
    return { kind: err.isWarning ? 'warning' : failureAs, message: err.message };
  }
  // No answer (the network), or none the server worded: something went wrong, with the error's
  // text ("Failed to fetch", "HTTP 502") — spec §8 for a scent card, and every form alike.
  const detail =
    err instanceof ApiFailure
      ? typeof err.envelope.error === 'string'
        ? err.envelope.error
        : ''
      : err instanceof Error
        ? err.message
        : '';
  const reason = detail && detail !== MSG.serverError ? ` (${detail})` : '';
  return { kind: 'error', message: `${MSG.serverError}${reason}` };
}

/**
 * The confirmation must repeat the password (spec §5: 'New Password and Confirm Password must be
 * same'). The schema says it too, but zod skips an object's cross-field rules while another field
 * is invalid: as a form's `check` it shows at once, and follows both fields after a submit.
 */
export const confirmMatches =
  (password: string, confirm = 'confirmPassword') =>
  (v: Record<string, unknown>): FieldErrors =>
    v[confirm] && v[password] !== v[confirm] ? { [confirm]: MSG.passwordsMustMatch } : {};

/** The server's field details (`error`: "name: message; sortOrder: message") as field errors. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiFailure) || typeof err.envelope.error !== 'string') return {};
  const fields: FieldErrors = {};
  for (const part of err.envelope.error.split('; ')) {
    const m = /^([A-Za-z][\w.]*): (.+)$/.exec(part);
    if (m && !(m[1] in fields)) fields[m[1]] = m[2];
  }
  return fields;
}

/**
 * The keys (named ones, not an index signature's) of the values that hold text (what an input
 * edits) or a choice (a select's value).
 */
type KeysOf<V, T> = keyof { [K in keyof V as string extends K ? never : V[K] extends T ? K : never]: 0 } & string;
type TextKey<V> = KeysOf<V, string>;
type ChoiceKey<V> = KeysOf<V, string | number | null>;

/** What `form.field(name)` gives an input (ui/field's Field, or a plain <input>): one spread. */
export interface BoundField {
  name: string;
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  /** The field's message; Field shows it under the input, announced. */
  error: string | undefined;
  'aria-invalid': true | undefined;
  /** The message's id (Field gives its message `${id}-error`). */
  'aria-describedby': string | undefined;
}

/** What `form.choice(name)` gives a SelectField: its value and the value picked. */
export interface BoundChoice<T> {
  name: string;
  id: string;
  value: T;
  onChange: (value: T) => void;
  error: string | undefined;
}

/** A shared-schema (zod) request schema, and what it parses to: the form needs no zod import. */
type Schema = Parameters<typeof parseRequest>[0];
type Output<S> = S extends { _zod: { output: infer O } } ? O : never;

export interface FormOptions<V, S extends Schema, R> {
  /** The shared-schema request schema the server validates with too. */
  schema: S;
  initial: V;
  /** What is validated: the values, plus whatever the request needs beside them (an id). */
  toInput?: (values: V) => unknown;
  /** Checks of the screen beyond the schema (a file chosen); merged with the schema's. */
  check?: (values: V) => FieldErrors;
  submit: (data: Output<S>, values: V) => Promise<R>;
  /** Toast title (spec §8: 'Login', 'Scent card', ...). */
  title: string;
  success?: string | ((result: R) => string);
  onSuccess?: (result: R) => void;
  /** Where the spec shows a server Failure as a warning (card editor, change password, login). */
  failureAs?: ToastKind;
  /** Also say the first broken rule in a warning toast (the card editor's spec messages). */
  toastInvalid?: boolean;
  /** The value a request's field is edited in, where their names differ (`'names.es': 'spanishName'`). */
  fieldOf?: Record<string, keyof V & string>;
}

/**
 * One form: values, the shared schema's validation on submit (first message per field), the
 * server's field errors mapped back onto fields, busy state, and one toast rule for success,
 * Warning, Failure and network errors. Every form of the admin uses it.
 *
 * Messages show first on submit (none for untouched fields before). After a refused submit, each
 * change re-validates: the edited field's message follows what it holds now (gone once valid), and
 * any other message of the rules that the change fixed goes too (a password fixing its
 * confirmation). A change adds no schema message to a field that was not edited; a cross-field
 * rule of the screen (`check`, e.g. `confirmMatches`) follows both its fields: editing either
 * shows or clears its message at once.
 */
export function useForm<V extends Record<string, unknown>, S extends Schema, R>(options: FormOptions<V, S, R>) {
  const notify = useToast();
  const formId = useId();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Set by a refused submit: from then on a change re-validates (see above).
  const [submitted, setSubmitted] = useState(false);
  const edited = useRef<Set<string>>(new Set());
  const latest = useRef(options);
  latest.current = options;

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    edited.current.add(String(key));
    setValues((v) => ({ ...v, [key]: value }));
  }, []);

  /** A request's field messages on the values that edit them (`fieldOf`). */
  const onValues = useCallback((fields: FieldErrors): FieldErrors => {
    const to = latest.current.fieldOf;
    return to ? Object.fromEntries(Object.entries(fields).map(([k, m]) => [to[k] ?? k, m])) : fields;
  }, []);

  /** The rules' messages for these values: the schema's (first per field) and the screen's own. */
  const validate = useCallback(
    (v: V) => {
      const o = latest.current;
      const check = parseRequest(o.schema, o.toInput ? o.toInput(v) : v);
      const extra: FieldErrors = o.check?.(v) ?? {};
      return { check, extra, fields: { ...(check.ok ? {} : onValues(check.fields)), ...extra } as FieldErrors };
    },
    [onValues],
  );

  // The fields the rules spoke about at the last submit: a server's message on another field (an
  // e-mail already taken) is not the rules' to clear, unless that field is edited.
  const ruleFields = useRef<Set<string>>(new Set());

  // The values the last re-validation saw: what a cross-field rule's message was before a change.
  const seen = useRef(values);

  useEffect(() => {
    const before = seen.current;
    seen.current = values;
    if (!submitted) return;
    const keys = edited.current;
    edited.current = new Set();
    const { fields: now, extra } = validate(values);
    // The screen's own rules whose message this change made or fixed (on a field not edited).
    const extraBefore = validate(before).extra;
    const crossed = new Set(
      [...Object.keys(extra), ...Object.keys(extraBefore)].filter((f) => extra[f] !== extraBefore[f]),
    );
    setErrors((shown) => {
      const next: FieldErrors = {};
      for (const [field, message] of Object.entries(shown)) {
        if (keys.has(field) || ruleFields.current.has(field)) {
          // Edited, or the rules' own: it follows what the field holds now (gone once valid).
          if (now[field]) next[field] = keys.has(field) ? now[field] : message;
        } else {
          next[field] = message;
        }
      }
      for (const field of keys) if (now[field]) next[field] = now[field];
      for (const field of crossed) {
        if (now[field]) next[field] = now[field];
        else delete next[field];
      }
      return sameErrors(shown, next) ? shown : next;
    });
  }, [values, submitted, validate]);

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    edited.current = new Set();
    const { check, fields, extra } = validate(values);
    ruleFields.current = new Set(Object.keys(fields));
    if (!check.ok || Object.keys(extra).length) {
      setSubmitted(true);
      setErrors(fields);
      if (options.toastInvalid) notify('warning', check.ok ? Object.values(extra)[0] : check.message, options.title);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await options.submit(check.data as Output<S>, values);
      const message = typeof options.success === 'function' ? options.success(result) : options.success;
      if (message) notify('success', message, options.title);
      options.onSuccess?.(result);
    } catch (err) {
      setSubmitted(true);
      setErrors(onValues(serverFieldErrors(err)));
      const toast = failureToast(err, options.failureAs);
      notify(toast.kind, toast.message, options.title);
    } finally {
      setBusy(false);
    }
  }

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? options.initial);
      setErrors({});
      setSubmitted(false);
    },
    [options.initial],
  );

  /**
   * A text field bound to the form: `<Field label="Email" {...form.field('email')} />`. Its name
   * and id come from the key (the id unique on the page); typing sets the value; the message and
   * the ARIA that ties it to the input follow the field's error. A prop after the spread overrides
   * one part (a value shown from another field, an onChange that filters what is typed).
   */
  function field<K extends TextKey<V>>(name: K): BoundField {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return {
      name,
      id,
      value: values[name] as string,
      onChange: (e) => set(name, e.target.value as V[K]),
      error,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
  }

  /** A choice bound to the form, for a SelectField: `<SelectField label="Role" options={…} {...form.choice('roleId')} />`. */
  function choice<K extends ChoiceKey<V>>(name: K): BoundChoice<V[K]> {
    return {
      name,
      id: `${formId}-${name}`,
      value: values[name],
      onChange: (value) => set(name, value),
      error: errors[name],
    };
  }

  return { values, set, setValues, errors, setErrors, busy, onSubmit, reset, field, choice };
}

function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
