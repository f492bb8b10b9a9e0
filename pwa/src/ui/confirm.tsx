import { Modal } from './modal';

interface ConfirmProps {
  open: boolean;
  title?: string;
  message?: string;
  /** What the action does beyond the question, said after it (the question stays the spec's). */
  detail?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action; the spec's wording by default (spec §8). */
export function ConfirmDialog({
  open,
  title = 'Delete Confirmation',
  message = 'Are you sure you want to delete?',
  detail,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>
        {message}
        {detail ? ` ${detail}` : null}
      </p>
      <div className="actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
