import type { FastifyRequest } from 'fastify';
import { insertAudit } from '../repositories/audit';

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
  // two-step sign-in (issue 25)
  | 'sign-in-challenge'
  | 'totp-setup'
  | 'totp-enable'
  | 'totp-disable'
  | 'totp-recovery-codes'
  | 'totp-clear';

/**
 * Records who did what to which record, from which address, in the append-only audit log. The
 * one way to audit: later issues call it too. `who` defaults to the request's signed-in user.
 */
export async function audit(
  req: FastifyRequest,
  action: AuditAction,
  entity: string,
  entityId: string | number | null,
  options: { detail?: string; who?: { id: number | null; email: string | null } } = {},
): Promise<void> {
  const who = options.who ?? { id: req.auth?.id ?? null, email: req.auth?.email ?? null };
  await insertAudit(req.server.db, {
    userId: who.id,
    userEmail: who.email,
    action,
    entity,
    entityId,
    address: req.ip,
    detail: options.detail ?? null,
  });
}
