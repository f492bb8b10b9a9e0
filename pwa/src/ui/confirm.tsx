import { Modal } from './modal';

interface ConfirmProps {
  open: boolean;
  title?: string;
  message?: string;
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
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
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
