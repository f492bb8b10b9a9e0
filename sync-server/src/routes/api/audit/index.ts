import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { dayStart } from '../../../lib/dates';
import { route } from '../../../lib/route';
import { listAudit } from '../../../repositories/audit';

export default async function auditRoutes(app: FastifyInstance) {
  // Read only: nothing in the API adds to, edits or deletes the log but the audited actions.
  route(app, 'getAuditLog', async (req) => {
    const f = req.body.filter;
    return success(
      await listAudit(app.db, req.body, {
        userId: f?.userId ?? null,
        action: f?.action?.trim() || null,
        from: f?.fromDate ? dayStart(f.fromDate) : null,
        to: f?.toDate ? dayStart(f.toDate, 1) : null,
      }),
    );
  });
}
