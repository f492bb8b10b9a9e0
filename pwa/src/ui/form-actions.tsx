/**
 * A form's buttons: Cancel (when the form can be left) and its submit, which says "Saving…" and
 * waits while the form is busy.
 */
export function FormActions({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel?: () => void }) {
  return (
    <div className="actions">
      {onCancel && (
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving…' : submit}
      </button>
    </div>
  );
}
