import {
  type SavedWebhook,
  saveWebhookRequest,
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
  type WebhookRow,
} from '@scentry/shared-schema';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { Field } from '../../ui/field';
import { FormActions } from '../../ui/form-actions';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { useForm } from '../../ui/use-form';
import { EVENT_CHOICES } from './format';
import { useSaveWebhook } from './queries';

interface Values extends Record<string, unknown> {
  organizationId: number | null;
  url: string;
  events: WebhookEvent[];
  isActive: boolean;
}

/** What the form edits: a new endpoint (of an organization, when known) or one of the list. */
export type WebhookTarget = { kind: 'new'; organizationId: number | null } | { kind: 'edit'; row: WebhookRow };

const initialOf = (target: WebhookTarget): Values =>
  target.kind === 'edit'
    ? {
        organizationId: target.row.organizationId,
        url: target.row.url,
        events: [...target.row.events],
        isActive: target.row.isActive,
      }
    : // A new endpoint takes every event and is on.
      { organizationId: target.organizationId, url: '', events: [...WEBHOOK_EVENTS], isActive: true };

const URL_MESSAGES: string[] = [
  WEBHOOK_MSG.addressRefused,
  WEBHOOK_MSG.httpsOnly,
  WEBHOOK_MSG.invalidUrl,
  WEBHOOK_MSG.urlTooLong,
];
const EVENTS_MESSAGES: string[] = [WEBHOOK_MSG.eventsRequired, WEBHOOK_MSG.invalidEvent];

/** Where a refused save's message belongs: the URL, the events, the organization, or the form. */
export function refusalOf(
  err: unknown,
): { field: 'url' | 'events' | 'organizationId' | 'form'; message: string } | null {
  if (!(err instanceof ApiFailure) || err.httpStatus === 0 || err.httpStatus >= 500) return null;
  const reason = typeof err.envelope.error === 'string' && err.envelope.error ? err.envelope.error : '';
  // The address check's reason ("Host not found", "Address refused: 10.0.0.1") says why, beside
  // the message; a schema's field details ("url: …") only repeat it.
  const message = reason && !/^[A-Za-z][\w.]*: /.test(reason) ? `${err.message} (${reason})` : err.message;
  if (URL_MESSAGES.includes(err.message)) return { field: 'url', message };
  if (EVENTS_MESSAGES.includes(err.message)) return { field: 'events', message: err.message };
  if (err.message === WEBHOOK_MSG.organizationRequired) return { field: 'organizationId', message: err.message };
  return { field: 'form', message: err.message };
}

interface WebhookFormProps {
  target: WebhookTarget;
  /** The Admin chooses a new endpoint's organization; a Client Admin's is their own. */
  organizations: { value: number; label: string }[] | null;
  onSaved: (saved: SavedWebhook, values: { url: string; isNew: boolean }) => void;
  onClose: () => void;
}

/**
 * Add or Edit an endpoint (SaveWebhook), in a dialog: its URL (https only), the events it takes
 * and whether it is on. The shared schema checks it first; a refusal of the server (an address
 * that cannot receive webhooks) shows at its field, and the focus goes to the first field to fix.
 */
export function WebhookForm({ target, organizations, onSaved, onClose }: WebhookFormProps) {
  const save = useSaveWebhook();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = target.kind === 'edit' ? target.row : null;
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(null);
  const form = useForm({
    schema: saveWebhookRequest,
    initial: initialOf(target),
    toInput: (v) => ({
      ...(editing ? { id: editing.id } : {}),
      organizationId: v.organizationId,
      url: v.url,
      events: v.events,
      isActive: v.isActive,
    }),
    submit: async (data) => {
      setRefusal(null);
      try {
        return await save.mutateAsync(data);
      } catch (err) {
        setRefusal(refusalOf(err));
        throw err;
      }
    },
    title: editing ? 'Edit webhook' : 'Add webhook',
    failureAs: 'warning',
    success: editing ? 'Webhook saved' : 'Webhook added',
    onSuccess: (saved) => onSaved(saved, { url: form.values.url.trim(), isNew: !editing }),
  });
  const { values, errors } = form;

  // A refusal speaks of what was sent: editing its field clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared by a change of the values only
  useEffect(() => setRefusal(null), [values.url, values.events, values.organizationId]);

  const refused = (field: string) => (refusal?.field === field ? refusal.message : undefined);
  const urlError = errors.url ?? refused('url');
  const eventsError = errors.events ?? refused('events');
  const orgError = errors.organizationId ?? refused('organizationId');

  async function onSubmit(e: FormEvent) {
    await form.onSubmit(e);
    // The first field to fix takes the focus (its message is read with it).
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function toggle(event: WebhookEvent, on: boolean) {
    const next = on ? [...values.events, event] : values.events.filter((e) => e !== event);
    form.set(
      'events',
      WEBHOOK_EVENTS.filter((e) => next.includes(e)),
    );
  }

  const hintId = `${ids}-url-hint`;
  const eventsErrorId = `${ids}-events-error`;
  return (
    <Modal open title={editing ? 'Edit webhook' : 'Add webhook'} onClose={onClose}>
      <form
        ref={formRef}
        className="stack webhook-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        autoComplete="off"
      >
        {editing ? (
          <p className="hint">Organization: {editing.organizationName}</p>
        ) : organizations ? (
          <SelectField
            label="Organization"
            placeholder="Select an organization"
            options={organizations}
            {...form.choice('organizationId')}
            error={orgError}
          />
        ) : null}
        <div>
          <Field
            label="URL"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://"
            maxLength={WEBHOOK_URL_MAX}
            {...form.field('url')}
            error={urlError}
            aria-describedby={hintId}
          />
          <p id={hintId} className="hint">
            An https:// address on the internet: addresses inside a private network are refused.
          </p>
        </div>
        <fieldset
          className="webhook-events"
          aria-invalid={eventsError ? true : undefined}
          aria-describedby={eventsError ? eventsErrorId : undefined}
        >
          <legend>Send when</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox">
              <input
                type="checkbox"
                name="events"
                value={event}
                checked={values.events.includes(event)}
                aria-invalid={eventsError ? true : undefined}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>
                {EVENT_CHOICES[event]} <code className="hint">{event}</code>
              </span>
            </label>
          ))}
          {eventsError && (
            <p id={eventsErrorId} className="field-error" role="alert">
              {eventsError}
            </p>
          )}
        </fieldset>
        <label className="switch">
          <input type="checkbox" checked={values.isActive} onChange={(e) => form.set('isActive', e.target.checked)} />
          <span>Active</span>
        </label>
        <p className="hint">While off, nothing is sent to this address and new events are not kept for it.</p>
        {refusal?.field === 'form' && (
          <p className="notice notice-error" role="alert">
            {refusal.message}
          </p>
        )}
        <FormActions busy={form.busy} submit={editing ? 'Save' : 'Add'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
