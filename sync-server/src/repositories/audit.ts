import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type Paging, pageOf } from '../db/paging';

export interface AuditEntry {
  userId: number | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  address: string | null;
  detail?: string | null;
}

/** Appends one row to the audit log (the table refuses updates and deletes). */
export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      userId: entry.userId,
      userEmail: entry.userEmail,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      address: entry.address,
      detail: entry.detail ?? null,
    })
    .execute();
}

export interface AuditFilter {
  userId?: number | null;
  action?: string | null;
  /** ISO instants: rows at or after `from` and before `to`. */
  from?: string | null;
  to?: string | null;
}

/** The audit log, newest first by default, filtered by user, action and time. */
export async function listAudit(db: Db, paging: Paging, filter: AuditFilter) {
  let q = db
    .selectFrom('auditLog')
    .select(['id', 'at', 'userId', 'userEmail', 'action', 'entity', 'entityId', 'address', 'detail']);
  if (filter.userId) q = q.where('userId', '=', filter.userId);
  if (filter.action) q = q.where(sql<boolean>`lower(action) = ${filter.action.toLowerCase()}`);
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.to) q = q.where('at', '<', filter.to);
  return pageOf(
    q,
    paging,
    { id: 'id', at: 'at', action: 'action', userEmail: 'userEmail' },
    { column: 'id', order: 'desc' },
  );
}
