import { type Db, isTransaction } from '../db/database';
import { insertAudit } from '../repositories/audit';
import type { Origin } from './caller';

/**
 * Audits of a change (issue 39): each is written inside the transaction of the change it records,
 * through the service that makes it, so the change and its audit commit or roll back together.
 */
export const CHANGE_ACTIONS = [
  'create',
  'update',
  'delete',
  'password-change',
  'password-reset',
  'end-other-sessions',
  'totp-setup',
  'totp-enable',
  'totp-disable',
  'totp-recovery-codes',
  'totp-clear',
] as const;

/**
 * Audits of an event that changes nothing to join (a sign-in, a failed one, a link asked for or
 * sent, a view, an export): written on their own, after the event.
 */
export const EVENT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-challenge',
  'reset-link-requested',
  'reset-link-sent',
  'password-reset-failed',
  'view',
  'export',
] as const;

/** What is audited: sign-ins, password changes and resets, every admin change, views and exports. */
export type AuditAction = (typeof CHANGE_ACTIONS)[number] | (typeof EVENT_ACTIONS)[number];

const CHANGES = new Set<AuditAction>(CHANGE_ACTIONS);

/**
 * Records who did what to which record, from which address, in the append-only audit log. The
 * one way to audit: later issues call it too. `who` defaults to the caller. The audit of a change
 * takes the change's transaction (`inTransaction`'s handle); given the database itself it throws,
 * so an audit that could be lost after its change committed never ships (architecture.md).
 */
export async function audit(
  db: Db,
  origin: Origin,
  action: AuditAction,
  entity: string,
  entityId: string | number | null,
  options: { detail?: string; who?: { id: number | null; email: string | null } } = {},
): Promise<void> {
  if (CHANGES.has(action) && !isTransaction(db))
    throw new Error(`the audit of a change ('${action}' ${entity}) is written in the change's transaction`);
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
