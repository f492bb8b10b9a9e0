import type { Db } from '../db/database';
import { insertAudit } from '../repositories/audit';
import type { Origin } from './caller';

/** What is audited (issue 11): sign-ins, password changes and resets, and every admin change. */
export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'create'
  | 'update'
  | 'delete'
  | 'password-change'
  | 'password-reset'
  | 'view'
  | 'export'
  | 'end-other-sessions'
  // Password reset by link (issue 25): a link asked for (ForgotPassword, any e-mail), a link the
  // Admin sent, a link refused; the reset itself is 'password-reset' (detail: by e-mailed link).
  | 'reset-link-requested'
  | 'reset-link-sent'
  | 'password-reset-failed'
  // two-step sign-in (issue 25)
  | 'sign-in-challenge'
  | 'totp-setup'
  | 'totp-enable'
  | 'totp-disable'
  | 'totp-recovery-codes'
  | 'totp-clear';

/**
 * Records who did what to which record, from which address, in the append-only audit log. The
 * one way to audit: later issues call it too. `who` defaults to the caller.
 */
export async function audit(
  db: Db,
  origin: Origin,
  action: AuditAction,
  entity: string,
  entityId: string | number | null,
  options: { detail?: string; who?: { id: number | null; email: string | null } } = {},
): Promise<void> {
  const who = options.who ?? { id: origin.caller?.id ?? null, email: origin.caller?.email ?? null };
  await insertAudit(db, {
    userId: who.id,
    userEmail: who.email,
    action,
    entity,
    entityId,
    address: origin.address,
    detail: options.detail ?? null,
  });
}
